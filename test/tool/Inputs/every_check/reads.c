// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "util.h"
#include <fcntl.h>
#include <unistd.h>

long count_bytes(const char *path) {
  int fd = xopen(path, O_RDONLY);
  char c;
  long n = 0;
  while (read(fd, &c, 1) == 1)
    n++;
  close(fd);
  return n;
}

long count_chars(const char *path) {
  FILE *f = xfopen(path, "r");
  setvbuf(f, NULL, _IONBF, 0);
  long n = 0;
  while (getc(f) != EOF)
    n++;
  fclose(f);
  return n;
}

// Not: a terminal, read a key at a time as it is typed.
long count_keys(void) {
  int fd = xopen("/dev/tty", O_RDONLY);
  char c = 0;
  long n = 0;
  while (c != 'q' && read(fd, &c, 1) == 1)
    n++;
  close(fd);
  return n;
}

// Not: the stream keeps its buffer.
long count_lines(const char *path) {
  FILE *f = xfopen(path, "r");
  long n = 0;
  int c;
  while ((c = getc(f)) != EOF)
    n += c == '\n';
  fclose(f);
  return n;
}
