// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io.h"
#include <fcntl.h>
#include <unistd.h>

void put(const char *path, const char *rec) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd < 0)
    return;
  xlseek(fd, 64, SEEK_SET);
  xwrite(fd, rec, 8);
  close(fd);
}

// A full write is not one pwrite.
void put_all(const char *path, const char *rec) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd < 0)
    return;
  xlseek(fd, 64, SEEK_SET);
  xwrite_all(fd, rec, 8);
  close(fd);
}

// The second write goes where the first left the offset.
void put_two(const char *path, const char *rec) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  if (fd < 0)
    return;
  xlseek(fd, 64, SEEK_SET);
  xwrite(fd, rec, 8);
  xwrite(fd, rec, 8);
  close(fd);
}
