// check.h: the few lines of test harness the runtime tests need.
// CHECK records a failure and goes on; main() returns check_exit_code().

#ifndef BGML_TESTS_CHECK_H
#define BGML_TESTS_CHECK_H

#include <cmath>
#include <cstdio>

inline int& check_failures()
{
  static int failures = 0;
  return failures;
}

#define CHECK(cond)                                                          \
  do {                                                                       \
    if (!(cond)) {                                                           \
      std::fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, \
                   #cond);                                                   \
      ++check_failures();                                                    \
    }                                                                        \
  } while (0)

#define CHECK_EQ(a, b)                                                          \
  do {                                                                          \
    if (!((a) == (b))) {                                                        \
      std::fprintf(stderr, "%s:%d: CHECK_EQ failed: %s == %s (%.17g vs %.17g)\n", \
                   __FILE__, __LINE__, #a, #b, static_cast<double>(a),          \
                   static_cast<double>(b));                                     \
      ++check_failures();                                                       \
    }                                                                           \
  } while (0)

#define CHECK_NEAR(a, b, tolerance)                                               \
  do {                                                                            \
    if (!(std::fabs(static_cast<double>(a) - static_cast<double>(b)) <= (tolerance))) { \
      std::fprintf(stderr, "%s:%d: CHECK_NEAR failed: %s ~ %s (%.17g vs %.17g)\n", \
                   __FILE__, __LINE__, #a, #b, static_cast<double>(a),            \
                   static_cast<double>(b));                                       \
      ++check_failures();                                                         \
    }                                                                             \
  } while (0)

inline int check_exit_code(const char* name)
{
  if (check_failures() != 0) {
    std::fprintf(stderr, "%s: %d check(s) failed\n", name, check_failures());
    return 1;
  }
  std::printf("%s: all checks passed\n", name);
  return 0;
}

#endif // BGML_TESTS_CHECK_H
