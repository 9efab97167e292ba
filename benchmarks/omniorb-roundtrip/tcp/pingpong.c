/* pingpong.c: raw TCP ping-pong over 127.0.0.1, the floor under any ORB.
 * The client sends REQUEST bytes, the server answers with REPLY bytes (by default the sizes of the
 * GIOP 1.2 request and reply of RoundTrip::test_method in omniORB 4.2: 72 and 32), TCP_NODELAY on both
 * sides. The client times each exchange and prints "mean p50 p99" in ns.
 *   pingpong server PORT-FILE [REQUEST REPLY]
 *   pingpong client PORT-FILE CALLS WARMUP [REQUEST REPLY]
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static uint64_t now_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000ULL + (uint64_t) ts.tv_nsec;
}

static int full(int fd, char* buf, size_t n, int writing)
{
  size_t done = 0;
  while (done < n) {
    ssize_t r = writing ? write(fd, buf + done, n - done) : read(fd, buf + done, n - done);
    if (r <= 0)
      return -1;
    done += (size_t) r;
  }
  return 0;
}

static int cmp(const void* a, const void* b)
{
  uint64_t x = *(const uint64_t*) a, y = *(const uint64_t*) b;
  return x < y ? -1 : x > y;
}

int main(int argc, char* argv[])
{
  int one = 1;
  char buf[65536];
  memset(buf, 'x', sizeof buf);
  if (argc >= 3 && strcmp(argv[1], "server") == 0) {
    size_t request = argc > 4 ? strtoul(argv[3], 0, 10) : 72, reply = argc > 4 ? strtoul(argv[4], 0, 10) : 32;
    int ls = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a;
    socklen_t len = sizeof a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(ls, (struct sockaddr*) &a, sizeof a) != 0 || listen(ls, 1) != 0 || getsockname(ls, (struct sockaddr*) &a, &len) != 0) {
      perror("listen");
      return 1;
    }
    FILE* f = fopen(argv[2], "w");
    fprintf(f, "%d\n", ntohs(a.sin_port));
    fclose(f);
    int fd = accept(ls, 0, 0);
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    while (full(fd, buf, request, 0) == 0 && full(fd, buf, reply, 1) == 0) {
    }
    return 0;
  }
  if (argc >= 5 && strcmp(argv[1], "client") == 0) {
    size_t calls = strtoul(argv[3], 0, 10), warmup = strtoul(argv[4], 0, 10);
    size_t request = argc > 6 ? strtoul(argv[5], 0, 10) : 72, reply = argc > 6 ? strtoul(argv[6], 0, 10) : 32;
    int port = 0;
    FILE* f = fopen(argv[2], "r");
    if (f == 0 || fscanf(f, "%d", &port) != 1) {
      fprintf(stderr, "no port in %s\n", argv[2]);
      return 1;
    }
    fclose(f);
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t) port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr*) &a, sizeof a) != 0) {
      perror("connect");
      return 1;
    }
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    uint64_t* samples = calloc(calls, sizeof *samples);
    for (size_t i = 0; i != warmup; ++i)
      if (full(fd, buf, request, 1) != 0 || full(fd, buf, reply, 0) != 0)
        return 1;
    for (size_t i = 0; i != calls; ++i) {
      uint64_t start = now_ns();
      if (full(fd, buf, request, 1) != 0 || full(fd, buf, reply, 0) != 0)
        return 1;
      samples[i] = now_ns() - start;
    }
    long double sum = 0;
    for (size_t i = 0; i != calls; ++i)
      sum += samples[i];
    qsort(samples, calls, sizeof *samples, cmp);
    printf("%.1f %llu %llu\n", (double) (sum / calls), (unsigned long long) samples[(calls * 50 + 99) / 100 - 1],
           (unsigned long long) samples[(calls * 99 + 99) / 100 - 1]);
    return 0;
  }
  fprintf(stderr, "usage: %s server PORT-FILE [REQUEST REPLY] | client PORT-FILE CALLS WARMUP [REQUEST REPLY]\n", argv[0]);
  return 1;
}
