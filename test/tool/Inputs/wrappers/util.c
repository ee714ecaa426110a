// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Dies-on-error wrappers, as many C projects keep in a util file.
#include "util.h"
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>

int xopen(const char *path, int flags, ...) {
  int mode = 0;
  if (flags & O_CREAT) {
    va_list ap;
    va_start(ap, flags);
    mode = va_arg(ap, int);
    va_end(ap);
  }
  int fd = open(path, flags, mode);
  if (fd < 0) {
    perror(path);
    exit(1);
  }
  return fd;
}

int xopen_append(const char *path, int flags) {
  return open(path, flags | O_APPEND);
}

// Opens read-only, saying so when asked.
int open_traced(const char *path, int verbose) {
  if (verbose)
    fprintf(stderr, "opening %s\n", path);
  return open(path, O_RDONLY);
}

FILE *xfopen(const char *path, const char *mode) {
  FILE *f = fopen(path, mode);
  if (!f)
    abort();
  return f;
}
