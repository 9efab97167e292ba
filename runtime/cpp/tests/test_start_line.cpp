// Tests of bgml/start_line.h: this process plays the launcher. It forks
// children that wait at a fifo or tcp start line, reads their names,
// holds them a while, releases them in one step, and checks that every
// child was released, not before the release, and all close together.

#include "bgml/loop.h"
#include "bgml/start_line.h"

#include <arpa/inet.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <set>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "check.h"

namespace {

const int children = 4;
const std::uint64_t hold_ms = 200;     // the launcher holds everyone this long after the last arrival
const std::int64_t spread_ns = 100000000; // release to wake-up of the slowest child, generous on a busy machine

/// What a child reports back through its pipe.
struct Report {
  int ok;
  std::int64_t released_ns;
  std::int64_t waited_ns;
  std::int64_t offset_ns;
};

/// Forks a child that waits at `line` under `name` and writes a Report to `out`.
pid_t spawn(const std::string& line, const std::string& name, int out)
{
  const pid_t pid = fork();
  if (pid != 0)
    return pid;
  bgml::StartLineSpec spec;
  Report r = { 0, 0, 0, 0 };
  std::string error;
  bgml::StartRelease release;
  if (bgml::parse_start_line(line.c_str(), spec, &error) && bgml::wait_at_start_line(spec, name, release, &error)) {
    r.ok = release.waited ? 1 : 0;
    r.released_ns = release.released_ns;
    r.waited_ns = release.waited_ns;
    r.offset_ns = bgml::realtime_offset_ns();
  } else {
    std::fprintf(stderr, "child %s: %s\n", name.c_str(), error.c_str());
  }
  if (write(out, &r, sizeof r) != static_cast<ssize_t>(sizeof r))
    _exit(2);
  _exit(r.ok ? 0 : 1);
}

/// Reads the children's reports and checks them against the moment of release.
void check_reports(int in, const std::vector<pid_t>& pids, std::int64_t release_ns)
{
  std::vector<Report> reports;
  for (std::size_t i = 0; i != pids.size(); ++i) {
    Report r;
    if (read(in, &r, sizeof r) == static_cast<ssize_t>(sizeof r))
      reports.push_back(r);
  }
  for (std::size_t i = 0; i != pids.size(); ++i) {
    int status = 0;
    CHECK(waitpid(pids[i], &status, 0) == pids[i]);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  CHECK_EQ(reports.size(), pids.size());
  std::int64_t first = 0, last = 0;
  for (std::size_t i = 0; i != reports.size(); ++i) {
    const Report& r = reports[i];
    CHECK(r.ok == 1);
    // Not released before the launcher let go, and it had been waiting the whole hold.
    CHECK(r.released_ns >= release_ns);
    CHECK(r.waited_ns >= static_cast<std::int64_t>(hold_ms) * 1000000);
    // The clock offset was fixed at the release: the release time is a realtime reading of that instant.
    CHECK(r.offset_ns != 0);
    first = i == 0 || r.released_ns < first ? r.released_ns : first;
    last = i == 0 || r.released_ns > last ? r.released_ns : last;
  }
  CHECK(last - first < spread_ns);
  CHECK(last - release_ns < spread_ns);
  std::printf("released %zu children, spread %.3f ms, slowest %.3f ms after the release\n", reports.size(),
              static_cast<double>(last - first) / 1e6, static_cast<double>(last - release_ns) / 1e6);
}

/// The launcher's side of a fifo line: names arrive on one pipe, the end of file on the other releases.
void fifo_line_releases_everyone()
{
  char dir[] = "/tmp/bgml-start-XXXXXX";
  CHECK(mkdtemp(dir) != 0);
  const std::string arrivals = std::string(dir) + "/arrivals";
  const std::string release = std::string(dir) + "/release";
  CHECK(mkfifo(arrivals.c_str(), 0600) == 0);
  CHECK(mkfifo(release.c_str(), 0600) == 0);
  int reports[2];
  CHECK(pipe(reports) == 0);

  std::vector<pid_t> pids;
  for (int i = 0; i != children; ++i)
    pids.push_back(spawn("fifo:" + arrivals + "|" + release, "client" + std::to_string(i), reports[1]));
  close(reports[1]);

  // Opened after the fork, so that no child holds a write end of the release pipe.
  const int hold = open(release.c_str(), O_RDWR);
  const int names = open(arrivals.c_str(), O_RDWR);
  CHECK(hold >= 0 && names >= 0);
  std::set<std::string> arrived;
  std::string text;
  char buffer[256];
  while (static_cast<int>(arrived.size()) != children) {
    const ssize_t n = read(names, buffer, sizeof buffer);
    if (n <= 0)
      break;
    text.append(buffer, static_cast<std::size_t>(n));
    std::string::size_type end;
    while ((end = text.find('\n')) != std::string::npos) {
      arrived.insert(text.substr(0, end));
      text.erase(0, end + 1);
    }
  }
  for (int i = 0; i != children; ++i)
    CHECK(arrived.count("client" + std::to_string(i)) == 1);
  bgml::sleep_ms(hold_ms);
  const std::int64_t release_ns = bgml::realtime_ns();
  close(hold); // the last write end: every child's read() returns 0 now
  check_reports(reports[0], pids, release_ns);
  close(reports[0]);
  close(names);
  unlink(arrivals.c_str());
  unlink(release.c_str());
  rmdir(dir);
}

/// The launcher's side of a tcp line. The children start before it listens: refused connections are retried.
void tcp_line_releases_everyone()
{
  const int listener = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in at;
  std::memset(&at, 0, sizeof at);
  at.sin_family = AF_INET;
  at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  at.sin_port = 0;
  CHECK(bind(listener, reinterpret_cast<struct sockaddr*>(&at), sizeof at) == 0);
  socklen_t length = sizeof at;
  CHECK(getsockname(listener, reinterpret_cast<struct sockaddr*>(&at), &length) == 0);
  const std::string line = "tcp:127.0.0.1:" + std::to_string(ntohs(at.sin_port));
  int reports[2];
  CHECK(pipe(reports) == 0);

  std::vector<pid_t> pids;
  for (int i = 0; i != children; ++i)
    pids.push_back(spawn(line, "client" + std::to_string(i), reports[1]));
  close(reports[1]);
  bgml::sleep_ms(150); // bound, not listening: the children's connects are refused meanwhile
  CHECK(listen(listener, children) == 0);

  std::vector<int> peers;
  std::set<std::string> arrived;
  for (int i = 0; i != children; ++i) {
    const int peer = accept(listener, 0, 0);
    CHECK(peer >= 0);
    if (peer < 0)
      break;
    peers.push_back(peer);
    std::string name;
    char c;
    while (read(peer, &c, 1) == 1 && c != '\n')
      name += c;
    arrived.insert(name);
  }
  for (int i = 0; i != children; ++i)
    CHECK(arrived.count("client" + std::to_string(i)) == 1);
  bgml::sleep_ms(hold_ms);
  const std::int64_t release_ns = bgml::realtime_ns();
  for (std::size_t i = 0; i != peers.size(); ++i) {
    const char go = 'g';
    CHECK(write(peers[i], &go, 1) == 1);
  }
  check_reports(reports[0], pids, release_ns);
  for (std::size_t i = 0; i != peers.size(); ++i)
    close(peers[i]);
  close(reports[0]);
  close(listener);
}

bool mentions(const std::string& error, const char* what)
{
  return error.find("BGML_START_LINE") != std::string::npos && error.find(what) != std::string::npos;
}

/// A line that cannot be followed is an error naming BGML_START_LINE, never a silent start.
void bad_lines_are_errors()
{
  bgml::StartLineSpec spec;
  std::string error;
  CHECK(bgml::parse_start_line(0, spec, &error) && spec.kind == bgml::StartLineSpec::none);
  CHECK(bgml::parse_start_line("", spec, &error) && spec.kind == bgml::StartLineSpec::none);

  CHECK(!bgml::parse_start_line("pipe:/a|/b", spec, &error));
  CHECK(mentions(error, "pipe:/a|/b"));
  CHECK(!bgml::parse_start_line("fifo:/only-one", spec, &error));
  CHECK(mentions(error, "ARRIVALS|RELEASE"));
  CHECK(!bgml::parse_start_line("fifo:relative|/b", spec, &error));
  CHECK(mentions(error, "absolute"));
  CHECK(!bgml::parse_start_line("tcp:localhost:4000", spec, &error));
  CHECK(mentions(error, "IPv4"));
  CHECK(!bgml::parse_start_line("tcp:127.0.0.1:70000", spec, &error));
  CHECK(mentions(error, "port"));

  bgml::StartRelease release;
  CHECK(bgml::parse_start_line("fifo:/nonexistent-bgml/arrivals|/nonexistent-bgml/release", spec, &error));
  CHECK(!bgml::wait_at_start_line(spec, "client", release, &error));
  CHECK(mentions(error, "/nonexistent-bgml/release"));
  CHECK(!release.waited);

  // A regular file is not a pipe: reading it would "release" at once.
  char file[] = "/tmp/bgml-start-file-XXXXXX";
  const int fd = mkstemp(file);
  CHECK(fd >= 0);
  close(fd);
  CHECK(bgml::parse_start_line((std::string("fifo:/tmp/x-arrivals|") + file).c_str(), spec, &error));
  CHECK(!bgml::wait_at_start_line(spec, "client", release, &error));
  CHECK(mentions(error, "not a named pipe"));
  unlink(file);

  // Nothing listens on a bound, never-listening port: refused, retried, then an error.
  // (Only the parse here; the full 10 s retry is left to the tcp test's shorter refusal.)
  CHECK(bgml::parse_start_line("tcp:127.0.0.1:9", spec, &error) && spec.kind == bgml::StartLineSpec::tcp);
  CHECK(!bgml::wait_at_start_line(spec, "two\nlines", release, &error));
  CHECK(mentions(error, "one non-empty line"));
}

/// From the environment: no variable, no wait; a bad one is an error; once per process.
void environment_and_once()
{
  unsetenv("BGML_START_LINE");
  bgml::StartRelease release;
  std::string error;
  release.waited = true;
  CHECK(bgml::wait_at_start_line("client", release, &error));
  CHECK(!release.waited);
  setenv("BGML_START_LINE", "", 1);
  CHECK(bgml::wait_at_start_line("client", release, &error));
  CHECK(!release.waited);

  setenv("BGML_START_LINE", "nonsense", 1);
  CHECK(!bgml::wait_at_start_line("client", release, &error));
  CHECK(mentions(error, "nonsense"));
  // The first outcome holds for the whole process, a failure too.
  CHECK(!bgml::wait_at_start_line_once("client", release, &error));
  unsetenv("BGML_START_LINE");
  error.clear();
  CHECK(!bgml::wait_at_start_line_once("client", release, &error));
  CHECK(mentions(error, "nonsense"));
}

} // namespace

int main()
{
  fifo_line_releases_everyone();
  tcp_line_releases_everyone();
  bad_lines_are_errors();
  environment_and_once();
  return check_exit_code("test_start_line");
}
