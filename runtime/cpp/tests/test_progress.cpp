// Live sample counts: the shared progress record, its batches, what does
// not count (warm-up, segments), and that recording stays free of
// allocation and system calls.

#include "alloc_counter.h"
#include "bgml/probes.h"
#include "bgml/progress.h"
#include "bgml/timer.h"
#include "check.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

std::string progress_path;

/// What the launcher sees: the counter as read from the file.
std::uint64_t file_samples()
{
  bgml::ProgressBlock block;
  std::memset(&block, 0, sizeof block);
  int fd = ::open(progress_path.c_str(), O_RDONLY);
  if (fd < 0)
    return static_cast<std::uint64_t>(-1);
  ssize_t n = ::read(fd, &block, sizeof block);
  ::close(fd);
  if (n != static_cast<ssize_t>(sizeof block) || std::memcmp(block.magic, "BGMLPRG1", 8) != 0)
    return static_cast<std::uint64_t>(-2);
  CHECK_EQ(block.pid, static_cast<std::uint64_t>(::getpid()));
  return block.samples;
}

void counts_measured_samples_in_batches()
{
  const std::uint64_t base = file_samples();
  bgml::SampleHistory h(100, 3000);
  for (int i = 0; i != 100; ++i)
    h.record(5);
  CHECK_EQ(file_samples(), base); // warm-up does not count
  for (std::size_t i = 0; i != bgml::progress_batch - 1; ++i)
    h.record(7);
  CHECK_EQ(file_samples(), base); // not a full batch yet
  h.record(7);
  CHECK_EQ(file_samples(), base + bgml::progress_batch);
  while (!h.full())
    h.record(9);
  CHECK_EQ(file_samples(), base + 3000); // the rest when it fills up
  h.record(11);                          // dropped: not a sample
  CHECK_EQ(file_samples(), base + 3000);
  CHECK_EQ(bgml::progress_samples(), base + 3000);
}

void partial_histories_publish_when_read_or_reset()
{
  const std::uint64_t base = file_samples();
  bgml::SampleHistory h(0, 5000);
  for (int i = 0; i != 10; ++i)
    h.record(1);
  CHECK_EQ(file_samples(), base);
  std::vector<std::uint64_t> m = h.measured(); // a loop that stopped early, e.g. by duration
  CHECK_EQ(m.size(), 10u);
  CHECK_EQ(file_samples(), base + 10);
  h.measured();
  CHECK_EQ(file_samples(), base + 10); // never twice
  for (int i = 0; i != 20; ++i)
    h.record(1);
  h.reset(); // a new payload size reuses the history
  CHECK_EQ(file_samples(), base + 30);
  for (int i = 0; i != 5000; ++i)
    h.record(1);
  CHECK_EQ(file_samples(), base + 5030);
}

void segments_do_not_count_but_cycles_do()
{
  const std::uint64_t base = file_samples();
  std::vector<std::string> names;
  names.push_back("a");
  names.push_back("b");
  names.push_back("c");
  bgml::SegmentTimer timer(names, 2, 50);
  for (int i = 0; i != 52; ++i) {
    timer.begin_cycle();
    timer.checkpoint(0);
    timer.checkpoint(1);
    timer.checkpoint(2);
    timer.end_cycle();
  }
  CHECK_EQ(file_samples(), base + 50);
  bgml::SampleHistory quiet(0, 10, false);
  for (int i = 0; i != 10; ++i)
    quiet.record(1);
  CHECK_EQ(file_samples(), base + 50);
}

void threads_add_up()
{
  const std::uint64_t base = file_samples();
  bgml::ThreadHistories histories(4, 10, 5000);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t != 4; ++t)
    threads.push_back(std::thread([&histories, t]() {
      bgml::SampleHistory& h = histories.at(t);
      while (!h.full())
        h.record(t);
    }));
  for (std::size_t t = 0; t != threads.size(); ++t)
    threads[t].join();
  CHECK_EQ(file_samples(), base + 20000);
}

void recording_does_not_allocate()
{
  bgml::SampleHistory h(10, 100000);
  const unsigned long before = allocation_count();
  for (int i = 0; i != 100010; ++i)
    h.record(static_cast<std::uint64_t>(i));
  CHECK_EQ(allocation_count(), before);
}

} // namespace

int main()
{
  char dir[] = "/tmp/bgml-progress-XXXXXX";
  if (::mkdtemp(dir) == 0) {
    std::perror("mkdtemp");
    return 1;
  }
  progress_path = std::string(dir) + "/process.progress";
  ::setenv("BGML_PROGRESS", progress_path.c_str(), 1); // before the first history maps it
  bgml::SampleHistory first(0, 1);                       // maps the record, counts nothing yet
  CHECK_EQ(file_samples(), 0u);
  counts_measured_samples_in_batches();
  partial_histories_publish_when_read_or_reset();
  segments_do_not_count_but_cycles_do();
  threads_add_up();
  recording_does_not_allocate();
  ::unlink(progress_path.c_str());
  ::rmdir(dir);
  return check_exit_code("test_progress");
}
