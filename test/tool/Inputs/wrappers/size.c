// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "util.h"
#include <fcntl.h>
#include <unistd.h>

off_t file_size(const char *path) {
  int fd = xopen(path, O_RDONLY);
  off_t end = lseek(fd, 0, SEEK_END);
  lseek(fd, 0, SEEK_SET);
  close(fd);
  return end;
}

long load_average_samples(int n) {
  long sum = 0;
  char buf[64];
  for (int i = 0; i < n; ++i) {
    int fd = xopen("/proc/loadavg", O_RDONLY);
    ssize_t got = read(fd, buf, sizeof buf);
    close(fd);
    sum += got;
  }
  return sum;
}

// Not: the descriptor comes from a function of open's shape that opens
// nothing.
off_t not_a_file(const char *name) {
  int fd = lookup_uid(name, O_RDONLY);
  off_t end = lseek(fd, 0, SEEK_END);
  lseek(fd, 0, SEEK_SET);
  return end;
}
