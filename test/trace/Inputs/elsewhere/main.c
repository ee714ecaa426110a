// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Records written at their offsets through helpers another unit defines:
// each seek and its write are one pwrite.
#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

off_t xlseek(int fd, off_t off, int whence);
ssize_t xwrite(int fd, const void *buf, size_t n);

static void put(int fd, int i) {
  xlseek(fd, (off_t)i * 8, SEEK_SET);
  xwrite(fd, "record.\n", 8);
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return 1;
  for (int i = 0; i < 10; ++i)
    put(fd, i);
  return close(fd);
}
