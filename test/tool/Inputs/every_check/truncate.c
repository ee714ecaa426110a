// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "util.h"
#include <fcntl.h>
#include <unistd.h>

int reset(const char *path, const char *text, size_t n) {
  int fd = xopen(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (ftruncate(fd, 0) < 0) {
    close(fd);
    return -1;
  }
  write(fd, text, n);
  return close(fd);
}

// Not: the open does not truncate.
int reset_kept(const char *path) {
  int fd = xopen(path, O_WRONLY | O_CREAT, 0644);
  if (ftruncate(fd, 0) < 0) {
    close(fd);
    return -1;
  }
  return close(fd);
}

// Not: written in between.
int reset_after(const char *path, const char *text, size_t n) {
  int fd = open_plain(path, O_WRONLY | O_TRUNC);
  if (fd < 0)
    return -1;
  write(fd, text, n);
  ftruncate(fd, 0);
  return close(fd);
}

// Not: a wrapper that adds O_APPEND is no pass-through open.
int reset_log(const char *path) {
  int fd = open_append(path, O_WRONLY | O_TRUNC);
  if (fd < 0)
    return -1;
  ftruncate(fd, 0);
  return close(fd);
}
