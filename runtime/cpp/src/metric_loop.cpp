// bgml/metric_loop.cpp: the start line of bgml/metric_loop.h, compiled once per benchmark build.

#include "bgml/metric_loop.h"

namespace bgml {

void ThreadStartLine::arrive()
{
  std::unique_lock<std::mutex> lock(mutex_);
  if (--waiting_ == 0) {
    start_ns_ = now_ns();
    all_.notify_all();
  } else {
    all_.wait(lock, [this] { return waiting_ == 0; });
  }
}

} // namespace bgml
