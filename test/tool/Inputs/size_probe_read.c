// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

char *slurp(const char *path, size_t *len) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return NULL;
  off_t size = lseek(fd, 0, SEEK_END);
  lseek(fd, 0, SEEK_SET);
  char *text = size < 0 ? NULL : malloc((size_t)size + 1);
  if (text && read(fd, text, (size_t)size) == size) {
    text[size] = '\0';
    *len = (size_t)size;
  } else {
    free(text);
    text = NULL;
  }
  close(fd);
  return text;
}
