// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The project's thin helpers, in a unit of their own.
#include "io.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

ssize_t xwrite(int fd, const void *buf, size_t n) { return write(fd, buf, n); }

// Writes all of it: not one write.
ssize_t xwrite_all(int fd, const void *buf, size_t n) {
  const char *p = buf;
  size_t left = n;
  while (left > 0) {
    ssize_t w = write(fd, p, left);
    if (w < 0 && errno == EINTR)
      continue;
    if (w < 0)
      return -1;
    p += w;
    left -= (size_t)w;
  }
  return (ssize_t)n;
}

off_t xlseek(int fd, off_t off, int whence) { return lseek(fd, off, whence); }

int xfstat(int fd, struct stat *st) { return fstat(fd, st); }

// Logs a failure: more than the fstat.
int xfstat_logged(int fd, struct stat *st) {
  int r = fstat(fd, st);
  if (r != 0)
    perror("fstat");
  return r;
}

int xfcntl(int fd, int cmd, int arg) { return fcntl(fd, cmd, arg); }

// Retries on EINTR: a loop, not one call passed on.
int fcntl_retry(int fd, int cmd, int arg) {
  int r;
  do
    r = fcntl(fd, cmd, arg);
  while (r == -1 && errno == EINTR);
  return r;
}
