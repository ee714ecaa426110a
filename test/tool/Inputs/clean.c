/* Needs Clang's own builtin headers: stddef.h, stdarg.h, stdbool.h. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

size_t count(int verbose, ...) {
  va_list ap;
  va_start(ap, verbose);
  size_t n = va_arg(ap, size_t);
  va_end(ap);
  bool big = verbose != 0;
  return big ? n : offsetof(struct { int a; int b; }, b);
}
