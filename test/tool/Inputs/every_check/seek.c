// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "util.h"
#include <fcntl.h>
#include <unistd.h>

void put(const char *path, const char *rec) {
  int fd = xopen(path, O_WRONLY | O_CREAT, 0644);
  lseek(fd, 64, SEEK_SET);
  write(fd, rec, 8);
  close(fd);
}

// Not: appending, where pwrite would append as well.
void put_log(const char *path, const char *rec) {
  int fd = open_append(path, O_WRONLY);
  if (fd < 0)
    return;
  lseek(fd, 64, SEEK_SET);
  write(fd, rec, 8);
  close(fd);
}

// Not: the offset the write leaves is used by the next write.
void put_two(const char *path, const char *rec) {
  int fd = xopen(path, O_WRONLY | O_CREAT, 0644);
  lseek(fd, 64, SEEK_SET);
  write(fd, rec, 8);
  write(fd, rec, 8);
  close(fd);
}
