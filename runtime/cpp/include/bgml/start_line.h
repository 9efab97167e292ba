// bgml/start_line.h: the common start of the processes that drive load.
//
// The launcher starts every server, waits until all are ready, starts the
// processes that drive load, and lets them begin their timed work in one
// step. Each of those processes sets itself up (ORB, connections,
// references), then waits here once, right before its first metric loop
// (its pre-delay then counts from the common start):
//
//   bgml::StartRelease release;
//   std::string error;
//   if (!bgml::wait_at_start_line_once("ClientProcess", release, &error)) {
//     std::fprintf(stderr, "ERROR: %s\n", error.c_str());   // names BGML_START_LINE
//     return 1;
//   }
//   result.start_line = release;                 // "startLine" in the result file
//
// The environment says where the line is:
//
//   BGML_START_LINE  absent or empty: no line, go at once (a benchmark run by
//                    hand behaves as it always did).
//                    fifo:ARRIVALS|RELEASE  two absolute paths of named pipes.
//                      1. open RELEASE for reading (the launcher holds a write
//                         end open, so this returns at once);
//                      2. open ARRIVALS for writing, write "NAME\n" in one
//                         write() (atomic: shorter than PIPE_BUF), close it;
//                      3. read RELEASE until end of file. The launcher closes
//                         its write end once everyone has arrived, which wakes
//                         every waiting process in the same step: no polling.
//                    tcp:A.B.C.D:PORT  connect (connection refused is retried
//                      for up to 10 s), send "NAME\n", then block in recv()
//                      until one byte or end of stream; either releases.
//   BGML_START_NAME  the NAME announced: the process name of manifest.json;
//                    without it the caller's default name.
//
// A line that cannot be followed (bad text, a pipe that cannot be opened,
// nothing listening) is an error that names BGML_START_LINE; it is never
// skipped. Right after the release the process reads CLOCK_REALTIME
// (`released_ns`) and fixes its realtime - monotonic offset
// (bgml::realtime_offset_ns()) at that moment, so the measuring windows
// of its loops and the release share one clock. From the release on
// nothing allocates: the timestamps are taken first, then the descriptor
// is closed.
//
// POSIX only (named pipes, IPv4 sockets). Include it only where the wait
// happens: the result file needs only StartRelease (bgml/timer.h), so the
// socket headers stay out of everything else. A writer to ARRIVALS whose reader
// has gone gets SIGPIPE, as with any pipe; the launcher keeps the reader
// open until it releases.

#ifndef BGML_START_LINE_H
#define BGML_START_LINE_H

#include <arpa/inet.h>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bgml/timer.h"

namespace bgml {

/// A start line as BGML_START_LINE gives it.
struct StartLineSpec {
  enum Kind { none, fifo, tcp };

  StartLineSpec() : kind(none), port(0) { std::memset(&address, 0, sizeof address); }

  Kind kind;
  std::string text;       // as given, for messages
  std::string arrivals;   // fifo: the pipe the name is written to
  std::string release;    // fifo: the pipe whose end of file releases
  struct in_addr address; // tcp
  unsigned short port;    // tcp, host order
};

/// Seconds a tcp start line retries a refused connection.
const int start_line_connect_seconds = 10;

namespace detail {

inline bool start_line_error(const StartLineSpec& spec, const std::string& what, std::string* error)
{
  if (error)
    *error = "BGML_START_LINE '" + spec.text + "': " + what;
  return false;
}

inline std::string errno_text(int code) { return std::strerror(code); }

inline int open_retrying(const char* path, int flags)
{
  int fd;
  do {
    fd = ::open(path, flags | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  return fd;
}

/// The time of the release, and the process's clock offset fixed to it.
inline void mark_release(std::uint64_t began, StartRelease& out)
{
  const std::uint64_t mono = now_ns();
  const std::int64_t real = realtime_ns();
  set_realtime_offset_ns(real - static_cast<std::int64_t>(mono));
  out.waited = true;
  out.released_ns = real;
  out.waited_ns = static_cast<std::int64_t>(mono - began);
}

inline bool is_fifo(int fd)
{
  struct stat st;
  return ::fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode);
}

inline bool wait_fifo(const StartLineSpec& spec, const std::string& line, StartRelease& out,
                      std::string* error)
{
  const std::uint64_t began = now_ns();
  // 1. The release pipe first: once we are announced, the launcher may
  //    release at any moment, and a reader that opens after the last
  //    writer has gone would block for ever.
  const int release = open_retrying(spec.release.c_str(), O_RDONLY);
  if (release < 0)
    return start_line_error(spec, "cannot open the release pipe " + spec.release + ": "
                            + errno_text(errno), error);
  if (!is_fifo(release)) {
    ::close(release);
    return start_line_error(spec, spec.release + " is not a named pipe", error);
  }
  // 2. Announce: one write(), atomic on a pipe.
  const int arrivals = open_retrying(spec.arrivals.c_str(), O_WRONLY);
  if (arrivals < 0) {
    const int code = errno;
    ::close(release);
    return start_line_error(spec, "cannot open the arrivals pipe " + spec.arrivals + ": "
                            + errno_text(code), error);
  }
  if (!is_fifo(arrivals)) {
    ::close(arrivals);
    ::close(release);
    return start_line_error(spec, spec.arrivals + " is not a named pipe", error);
  }
  ssize_t written;
  do {
    written = ::write(arrivals, line.data(), line.size());
  } while (written < 0 && errno == EINTR);
  const int write_code = errno;
  ::close(arrivals);
  if (written != static_cast<ssize_t>(line.size())) {
    ::close(release);
    return start_line_error(spec, "cannot announce on " + spec.arrivals + ": "
                            + (written < 0 ? errno_text(write_code) : std::string("short write")),
                            error);
  }
  // 3. Wait for the end of file on the release pipe.
  char buffer[64];
  for (;;) {
    const ssize_t n = ::read(release, buffer, sizeof buffer);
    if (n == 0)
      break;
    if (n < 0 && errno != EINTR) {
      const int code = errno;
      ::close(release);
      return start_line_error(spec, "cannot read the release pipe " + spec.release + ": "
                              + errno_text(code), error);
    }
  }
  mark_release(began, out);
  ::close(release);
  return true;
}

inline bool wait_tcp(const StartLineSpec& spec, const std::string& line, StartRelease& out,
                     std::string* error)
{
  const std::uint64_t began = now_ns();
  const std::uint64_t give_up = began + static_cast<std::uint64_t>(start_line_connect_seconds) * 1000000000ULL;
  struct sockaddr_in to;
  std::memset(&to, 0, sizeof to);
  to.sin_family = AF_INET;
  to.sin_addr = spec.address;
  to.sin_port = htons(spec.port);
  int fd = -1;
  for (;;) {
    fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
      return start_line_error(spec, "cannot create a socket: " + errno_text(errno), error);
    if (::connect(fd, reinterpret_cast<const struct sockaddr*>(&to), sizeof to) == 0)
      break;
    const int code = errno;
    ::close(fd);
    if ((code != ECONNREFUSED && code != EINTR) || now_ns() >= give_up)
      return start_line_error(spec, "cannot connect: " + errno_text(code)
                              + (code == ECONNREFUSED ? " (retried for 10 s)" : ""), error);
    struct timespec pause = { 0, 20000000 }; // 20 ms
    ::nanosleep(&pause, 0);
  }
  std::size_t sent = 0;
  while (sent != line.size()) {
    const ssize_t n = ::send(fd, line.data() + sent, line.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      const int code = errno;
      ::close(fd);
      return start_line_error(spec, "cannot announce: " + errno_text(code), error);
    }
    sent += static_cast<std::size_t>(n);
  }
  char byte;
  for (;;) {
    const ssize_t n = ::recv(fd, &byte, 1, 0);
    if (n >= 0)
      break; // one byte or the end of the stream: released
    if (errno != EINTR) {
      const int code = errno;
      ::close(fd);
      return start_line_error(spec, "lost the launcher while waiting: " + errno_text(code), error);
    }
  }
  mark_release(began, out);
  ::close(fd);
  return true;
}

} // namespace detail

/// Parses BGML_START_LINE's text. An empty text (or null) is no line.
inline bool parse_start_line(const char* text, StartLineSpec& out, std::string* error)
{
  out = StartLineSpec();
  if (text == 0 || *text == '\0')
    return true;
  out.text = text;
  const std::string s = text;
  if (s.compare(0, 5, "fifo:") == 0) {
    const std::string paths = s.substr(5);
    const std::string::size_type bar = paths.find('|');
    if (bar == std::string::npos || paths.find('|', bar + 1) != std::string::npos)
      return detail::start_line_error(out, "expected fifo:ARRIVALS|RELEASE, two paths separated by one '|'", error);
    out.arrivals = paths.substr(0, bar);
    out.release = paths.substr(bar + 1);
    if (out.arrivals.empty() || out.arrivals[0] != '/' || out.release.empty() || out.release[0] != '/')
      return detail::start_line_error(out, "both fifo paths must be absolute", error);
    if (out.arrivals == out.release)
      return detail::start_line_error(out, "the arrivals and release pipes must differ", error);
    out.kind = StartLineSpec::fifo;
    return true;
  }
  if (s.compare(0, 4, "tcp:") == 0) {
    const std::string where = s.substr(4);
    const std::string::size_type colon = where.rfind(':');
    if (colon == std::string::npos)
      return detail::start_line_error(out, "expected tcp:ADDRESS:PORT", error);
    const std::string host = where.substr(0, colon);
    const std::string port = where.substr(colon + 1);
    if (::inet_pton(AF_INET, host.c_str(), &out.address) != 1)
      return detail::start_line_error(out, "'" + host + "' is not an IPv4 address (a.b.c.d)", error);
    char* end = 0;
    errno = 0;
    const unsigned long p = std::strtoul(port.c_str(), &end, 10);
    if (port.empty() || *end != '\0' || errno != 0 || p == 0 || p > 65535)
      return detail::start_line_error(out, "'" + port + "' is not a port number (1-65535)", error);
    out.port = static_cast<unsigned short>(p);
    out.kind = StartLineSpec::tcp;
    return true;
  }
  return detail::start_line_error(out, "expected fifo:ARRIVALS|RELEASE or tcp:ADDRESS:PORT", error);
}

/// Announces `name` on the line and blocks until the launcher releases it.
/// With no line (kind none) it returns at once with out.waited false.
inline bool wait_at_start_line(const StartLineSpec& spec, const std::string& name, StartRelease& out,
                               std::string* error)
{
  out = StartRelease();
  if (spec.kind == StartLineSpec::none)
    return true;
  if (name.empty() || name.find('\n') != std::string::npos)
    return detail::start_line_error(spec, "the name to announce must be one non-empty line", error);
  const std::string line = name + "\n";
  if (spec.kind == StartLineSpec::fifo) {
    if (line.size() > PIPE_BUF)
      return detail::start_line_error(spec, "the name to announce is longer than a pipe writes at once", error);
    return detail::wait_fifo(spec, line, out, error);
  }
  return detail::wait_tcp(spec, line, out, error);
}

/// The line of BGML_START_LINE, announcing BGML_START_NAME (or
/// `default_name` when that is absent or empty).
inline bool wait_at_start_line(const std::string& default_name, StartRelease& out, std::string* error)
{
  StartLineSpec spec;
  out = StartRelease();
  if (!parse_start_line(std::getenv("BGML_START_LINE"), spec, error))
    return false;
  const char* name = std::getenv("BGML_START_NAME");
  return wait_at_start_line(spec, name != 0 && *name != '\0' ? std::string(name) : default_name, out, error);
}

/// The same, once per process: the first caller follows the line; callers
/// on other threads meanwhile block until it is released, and every later
/// caller gets the same outcome at once (a failure too).
inline bool wait_at_start_line_once(const std::string& default_name, StartRelease& out,
                                    std::string* error)
{
  static std::mutex mutex;
  static bool done = false;
  static bool ok = false;
  static StartRelease release;
  static std::string failure;
  std::lock_guard<std::mutex> lock(mutex);
  if (!done) {
    ok = wait_at_start_line(default_name, release, &failure);
    done = true;
  }
  out = release;
  if (!ok && error)
    *error = failure;
  return ok;
}

} // namespace bgml

#endif // BGML_START_LINE_H
