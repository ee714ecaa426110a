// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Two seeks to where the offset already is: one before a write (one
// pwrite, the static check's shape), one before a read (one pread).
#include <fcntl.h>
#include <unistd.h>

int main(int argc, char **argv) {
  char buf[8];
  if (argc < 2)
    return 2;
  int fd = open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return 1;
  if (write(fd, "12345678", 8) != 8)
    return 1;
  lseek(fd, 8, SEEK_SET); // BEFORE-WRITE
  if (write(fd, "abcdefgh", 8) != 8)
    return 1;
  lseek(fd, 16, SEEK_SET); // BEFORE-READ
  if (read(fd, buf, sizeof buf) < 0)
    return 1;
  return close(fd);
}
