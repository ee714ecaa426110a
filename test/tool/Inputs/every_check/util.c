// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "util.h"
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Opens or dies, retrying when a signal interrupts it.
int xopen(const char *path, int flags, ...) {
  va_list ap;
  va_start(ap, flags);
  int mode = flags & O_CREAT ? va_arg(ap, int) : 0;
  va_end(ap);
  int fd;
  do
    fd = open(path, flags, mode);
  while (fd < 0 && errno == EINTR);
  if (fd < 0) {
    fprintf(stderr, "%s: %s\n", path, strerror(errno));
    exit(1);
  }
  return fd;
}

int open_plain(const char *path, int flags) { return open(path, flags); }

int open_append(const char *path, int flags) {
  return open(path, flags | O_APPEND);
}

FILE *xfopen(const char *path, const char *mode) {
  FILE *f = fopen(path, mode);
  if (!f)
    abort();
  return f;
}

pid_t current_pid(void) { return getpid(); }

// Asks once: no syscall after the first call.
pid_t cached_pid(void) {
  static pid_t pid;
  if (!pid)
    pid = getpid();
  return pid;
}

// A counter: no syscall, and no helper of one.
int next_id(void) {
  static int id;
  return ++id;
}

void path_join(char *out, size_t size, const char *dir, const char *name) {
  snprintf(out, size, "%s/%s", dir, name);
}
