// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Writes 500 files in the directory it is given; asks each one's size by
// path while it is open, and sets its mode by path after the close.
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static long save(const char *path, const char *text) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  size_t n = strlen(text);
  if (write(fd, text, n) != (ssize_t)n) {
    close(fd);
    return -1;
  }
  struct stat st;
  if (stat(path, &st) != 0) {
    close(fd);
    return -1;
  }
  if (close(fd) != 0)
    return -1;
  if (chmod(path, 0644) != 0)
    return -1;
  return (long)st.st_size;
}

int main(int argc, char **argv) {
  long total = 0;
  for (int i = 0; i < 500; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/f%d", argc > 1 ? argv[1] : ".", i);
    total += save(path, "some text\n");
  }
  printf("%ld bytes written\n", total);
  return 0;
}
