// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A path stat'ed, stat'ed again and opened, three times: the second stat is
// redundant twice over (the same question again, and asked right before the
// open that answers it) and is one syscall.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  struct stat st;
  for (int i = 0; i < 3 && argc > 1; i++) {
    if (stat(argv[1], &st) != 0) // FIRST
      return 1;
    if (stat(argv[1], &st) != 0) // AGAIN
      return 1;
    int fd = open(argv[1], O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      return 1;
    close(fd);
  }
  return 0;
}
