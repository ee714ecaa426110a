// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "util.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int create(const char *path) {
  struct stat st;
  if (stat(path, &st) == 0)
    return -1;
  int fd = open_plain(path, O_WRONLY | O_CREAT | O_EXCL);
  if (fd < 0)
    return -1;
  return close(fd);
}

// Not: the open is no exclusive create, it opens an existing file too.
int create_or_open(const char *path) {
  struct stat st;
  if (stat(path, &st) == 0)
    return -1;
  int fd = xopen(path, O_WRONLY | O_CREAT, 0600);
  return close(fd);
}

// Not: the stat is of another path.
long size_beside(const char *path, const char *other) {
  int fd = xopen(path, O_RDONLY);
  struct stat st;
  if (stat(other, &st) != 0) {
    close(fd);
    return -1;
  }
  close(fd);
  return st.st_size;
}

// The size by path while xopen, which exits when its open fails, holds it.
long size_of(const char *path) {
  int fd = xopen(path, O_RDONLY);
  struct stat st;
  if (stat(path, &st) != 0) {
    close(fd);
    return -1;
  }
  close(fd);
  return st.st_size;
}

// Not: open_plain returns its failure, and nothing tests it.
long size_plain(const char *path) {
  int fd = open_plain(path, O_RDONLY);
  struct stat st;
  int rc = stat(path, &st);
  if (fd >= 0)
    close(fd);
  return rc == 0 ? st.st_size : -1;
}
