// alloc_counter.h: counts calls to the global operator new, so tests can
// show that a timed loop does not allocate. Include in one file only.

#ifndef BGML_TESTS_ALLOC_COUNTER_H
#define BGML_TESTS_ALLOC_COUNTER_H

#include <cstddef>
#include <cstdlib>
#include <new>

inline unsigned long& allocation_count()
{
  static unsigned long count = 0;
  return count;
}

void* operator new(std::size_t size)
{
  ++allocation_count();
  void* p = std::malloc(size == 0 ? 1 : size);
  if (p == 0)
    throw std::bad_alloc();
  return p;
}

void operator delete(void* p) noexcept
{
  std::free(p);
}

#if defined(__cpp_sized_deallocation)
void operator delete(void* p, std::size_t) noexcept
{
  std::free(p);
}
#endif

#endif // BGML_TESTS_ALLOC_COUNTER_H
