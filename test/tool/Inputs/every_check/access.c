// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "util.h"
#include <fcntl.h>
#include <unistd.h>

int load(const char *path) {
  if (access(path, R_OK) != 0) {
    perror(path);
    return -1;
  }
  int fd = open_plain(path, O_RDONLY);
  if (fd < 0) {
    perror(path);
    return -1;
  }
  close(fd);
  return 0;
}

// Not: the open dies where the test returns.
int load_or_die(const char *path) {
  if (access(path, R_OK) != 0)
    return -1;
  int fd = xopen(path, O_RDONLY);
  close(fd);
  return 0;
}

// Not: the test asks about another path.
int load_beside(const char *path, const char *lock) {
  if (access(lock, F_OK) != 0)
    return -1;
  int fd = open_plain(path, O_RDONLY);
  if (fd < 0)
    return -1;
  close(fd);
  return 0;
}

// Not: the open's failure is handled otherwise.
int load_quiet(const char *path) {
  if (access(path, R_OK) != 0) {
    perror(path);
    return -1;
  }
  int fd = open_plain(path, O_RDONLY);
  if (fd < 0)
    return 0;
  close(fd);
  return 1;
}
