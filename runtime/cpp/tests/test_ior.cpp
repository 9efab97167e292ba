// IOR files: written atomically with their folder, read back without the
// line end, waited for with a limit.

#include "bgml/ior.h"
#include "bgml/loop.h"
#include "check.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <unistd.h>

namespace {

std::string scratch_dir()
{
  char name[] = "/tmp/bgml_ior_XXXXXX";
  const char* dir = mkdtemp(name);
  CHECK(dir != 0);
  return dir != 0 ? std::string(dir) : std::string("/tmp");
}

void written_file_reads_back_without_line_end()
{
  const std::string dir = scratch_dir();
  const std::string path = dir + "/iors/server.ior"; // the folder does not exist yet
  std::string error;
  CHECK(bgml::write_ior_file(path, "IOR:0102abcd", &error));
  CHECK(error.empty());
  std::string ior;
  CHECK(bgml::read_ior_file(path, 100, ior, &error));
  CHECK(ior == "IOR:0102abcd");
  CHECK(access((path + ".tmp." + std::to_string(getpid())).c_str(), F_OK) != 0); // no temporary left

  std::FILE* f = std::fopen((dir + "/crlf.ior").c_str(), "w");
  std::fputs("corbaloc::127.0.0.1:2809/X\r\nsecond line\n", f);
  std::fclose(f);
  CHECK(bgml::read_first_line(dir + "/crlf.ior") == "corbaloc::127.0.0.1:2809/X");
  std::remove((dir + "/crlf.ior").c_str());
  std::remove(path.c_str());
  rmdir((dir + "/iors").c_str());
  rmdir(dir.c_str());
}

void missing_file_fails_after_the_limit()
{
  const std::string dir = scratch_dir();
  std::string ior = "stale";
  std::string error;
  const std::uint64_t start = bgml::now_ns();
  CHECK(!bgml::read_ior_file(dir + "/never.ior", 50, ior, &error));
  const std::uint64_t waited = bgml::now_ns() - start;
  CHECK(waited >= 50000000u);
  CHECK(waited < 2000000000u);
  CHECK(ior.empty());
  CHECK(error.find("never.ior") != std::string::npos);
  CHECK(!bgml::wait_for_file(dir + "/never.ior", 0, 0));

  // An empty file is not a reference yet.
  std::FILE* f = std::fopen((dir + "/empty.ior").c_str(), "w");
  std::fclose(f);
  CHECK(!bgml::read_ior_file(dir + "/empty.ior", 30, ior, 0));
  std::remove((dir + "/empty.ior").c_str());
  rmdir(dir.c_str());
}

void reader_waits_for_a_file_written_later()
{
  const std::string dir = scratch_dir();
  const std::string path = dir + "/late.ior";
  std::thread writer([&path] {
    bgml::sleep_ms(60);
    bgml::write_ior_file(path, "IOR:late");
  });
  std::string ior;
  const std::uint64_t start = bgml::now_ns();
  CHECK(bgml::read_ior_file(path, 5000, ior));
  CHECK(bgml::now_ns() - start >= 50000000u);
  CHECK(ior == "IOR:late");
  writer.join();
  CHECK(bgml::wait_for_file(path, 0));
  std::remove(path.c_str());
  rmdir(dir.c_str());
}

} // namespace

int main()
{
  written_file_reads_back_without_line_end();
  missing_file_fails_after_the_limit();
  reader_waits_for_a_file_written_later();
  return check_exit_code("test_ior");
}
