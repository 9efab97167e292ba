// tcp_pingpong.cpp: raw TCP ping-pong over 127.0.0.1 with TCP_NODELAY, the floor under every middleware.
// The client sends REQUEST bytes and waits for REPLY bytes, CALLS times after WARMUP untimed exchanges, and
// prints one line "n=N mean_ns=M p50_ns=P p99_ns=Q". The server answers every request until the client closes.
//
//   tcp_pingpong server PORT-FILE
//   tcp_pingpong client PORT-FILE CALLS WARMUP [REQUEST [REPLY]]      (default 28 and 28 bytes: the sizes
//                                                                    of the fastdds request and reply samples)
// The client's first message says the sizes, so one server serves any sweep.
#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <numeric>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace {

std::uint64_t now_ns()
{
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

bool exchange(int fd, char* buf, std::size_t n, bool writing)
{
  std::size_t done = 0;
  while (done < n) {
    const ssize_t r = writing ? ::write(fd, buf + done, n - done) : ::read(fd, buf + done, n - done);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return false;
    done += static_cast<std::size_t>(r);
  }
  return true;
}

void no_delay(int fd)
{
  const int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

int serve(const char* port_file)
{
  const int ls = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  if (::bind(ls, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(ls, 1) != 0 ||
      ::getsockname(ls, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
    std::perror("tcp_pingpong: listen");
    return 1;
  }
  {
    const std::string tmp = std::string(port_file) + ".tmp";
    std::ofstream(tmp) << ntohs(a.sin_port) << "\n";
    std::rename(tmp.c_str(), port_file);
  }
  std::vector<char> buf(1 << 20);
  for (;;) {
    const int fd = ::accept(ls, nullptr, nullptr);
    if (fd < 0)
      return 1;
    no_delay(fd);
    std::uint32_t sizes[2];
    if (exchange(fd, reinterpret_cast<char*>(sizes), sizeof sizes, false) && sizes[0] <= buf.size() && sizes[1] <= buf.size()) {
      while (exchange(fd, buf.data(), sizes[0], false) && exchange(fd, buf.data(), sizes[1], true)) {
      }
    }
    ::close(fd);
  }
}

int call(const char* port_file, long calls, long warmup, std::uint32_t request, std::uint32_t reply)
{
  std::ifstream in(port_file);
  int port = 0;
  in >> port;
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    std::perror("tcp_pingpong: connect");
    return 1;
  }
  no_delay(fd);
  std::uint32_t sizes[2] = { request, reply };
  std::vector<char> buf(std::max(request, reply), 'x');
  std::vector<std::uint64_t> samples(static_cast<std::size_t>(calls));
  if (!exchange(fd, reinterpret_cast<char*>(sizes), sizeof sizes, true))
    return 1;
  for (long i = -warmup; i < calls; ++i) {
    const std::uint64_t start = now_ns();
    if (!exchange(fd, buf.data(), request, true) || !exchange(fd, buf.data(), reply, false)) {
      std::fprintf(stderr, "ERROR: the server closed the connection\n");
      return 1;
    }
    if (i >= 0)
      samples[static_cast<std::size_t>(i)] = now_ns() - start;
  }
  ::close(fd);
  const double mean = std::accumulate(samples.begin(), samples.end(), 0.0) / static_cast<double>(calls);
  std::sort(samples.begin(), samples.end());
  const auto at = [&](double q) { return samples[static_cast<std::size_t>(q * static_cast<double>(calls - 1) + 0.5)]; };
  std::printf("n=%ld mean_ns=%.0f p50_ns=%llu p99_ns=%llu\n", calls, mean, static_cast<unsigned long long>(at(0.5)),
              static_cast<unsigned long long>(at(0.99)));
  return 0;
}

} // namespace

int main(int argc, char* argv[])
{
  if (argc == 3 && std::strcmp(argv[1], "server") == 0)
    return serve(argv[2]);
  if (argc >= 5 && std::strcmp(argv[1], "client") == 0) {
    const long calls = std::atol(argv[3]), warmup = std::atol(argv[4]);
    const std::uint32_t request = argc > 5 ? static_cast<std::uint32_t>(std::atol(argv[5])) : 28;
    const std::uint32_t reply = argc > 6 ? static_cast<std::uint32_t>(std::atol(argv[6])) : request;
    if (calls > 0 && warmup >= 0 && request > 0 && reply > 0)
      return call(argv[2], calls, warmup, request, reply);
  }
  std::fprintf(stderr, "usage: %s server PORT-FILE | client PORT-FILE CALLS WARMUP [REQUEST [REPLY]]\n", argv[0]);
  return 2;
}
