// bgml/progress.h: live sample counts for the launcher.
//
// The launcher gives every benchmark process a file of its own in the
// environment variable BGML_PROGRESS. The first SampleHistory of the
// process creates that file (64 bytes) and maps it shared; from then on
// every history adds its measured samples (warm-up excluded) to the
// counter in it, in batches of progress_batch samples and when it is
// full or read. A batch costs one relaxed atomic add to memory: no
// allocation, no system call and no lock in the timed loop; between
// batches a sample costs one comparison. The launcher reads the file as
// often as it likes (the page cache is shared with the mapping).
//
// Without BGML_PROGRESS, or when the file cannot be made, the counter
// lives in ordinary memory and nothing else changes.
//
// File layout (host byte order, 64 bytes):
//   offset 0   char[8]   "BGMLPRG1"
//   offset 8   uint64    measured samples recorded so far, every thread
//   offset 16  uint64    process id
//   offset 24  40 bytes  reserved, zero

#ifndef BGML_PROGRESS_H
#define BGML_PROGRESS_H

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace bgml {

/// Samples a history records before it publishes them.
const std::size_t progress_batch = 1024;

/// The shared record; see the layout above.
struct ProgressBlock {
  char magic[8];
  std::uint64_t samples;
  std::uint64_t pid;
  std::uint64_t reserved[5];
};

namespace detail {

inline ProgressBlock* map_progress_block()
{
  static ProgressBlock local;
  const char* path = std::getenv("BGML_PROGRESS");
  if (path == 0 || *path == '\0')
    return &local;
  int fd = ::open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return &local;
  void* p = MAP_FAILED;
  if (::ftruncate(fd, sizeof(ProgressBlock)) == 0)
    p = ::mmap(0, sizeof(ProgressBlock), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  ::close(fd);
  if (p == MAP_FAILED)
    return &local;
  ProgressBlock* block = static_cast<ProgressBlock*>(p);
  std::memset(block, 0, sizeof(ProgressBlock));
  block->pid = static_cast<std::uint64_t>(::getpid());
  std::memcpy(block->magic, "BGMLPRG1", 8);
  return block;
}

} // namespace detail

/// The process's progress record, mapped on first use (never in a timed
/// loop: SampleHistory's constructor makes the first call).
inline ProgressBlock& progress_block()
{
  static ProgressBlock* block = detail::map_progress_block();
  return *block;
}

/// Adds `n` measured samples to the process's count.
inline void progress_add(std::uint64_t* counter, std::uint64_t n)
{
  __atomic_fetch_add(counter, n, __ATOMIC_RELAXED);
}

/// The process's count so far.
inline std::uint64_t progress_samples()
{
  return __atomic_load_n(&progress_block().samples, __ATOMIC_RELAXED);
}

} // namespace bgml

#endif // BGML_PROGRESS_H
