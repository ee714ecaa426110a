// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Streams and descriptors made through the util file's wrappers.
#include "util.h"
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

// A trace written unbuffered, two writes per record.
int write_trace(const char *path, const int *v, int n) {
  FILE *out = xfopen(path, "w");
  setvbuf(out, NULL, _IONBF, 0);
  for (int i = 0; i < n; ++i) {
    fprintf(out, "%d", v[i]);
    fputc('\n', out);
  }
  return fclose(out);
}

// Close-on-exec set by a second syscall after the open.
int open_config(const char *path) {
  int fd = xopen(path, O_RDONLY);
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

// Not: an unbuffered log for appenders, one whole line per write.
int append_line(const char *path, const char *line) {
  FILE *log = xfopen(path, "a");
  setvbuf(log, NULL, _IONBF, 0);
  fprintf(log, "%s\n", line);
  return fclose(log);
}

// Not: a wrapper that adds flags of its own (O_APPEND), which the assumed
// shape does not cover.
int open_journal(const char *path) {
  int fd = xopen_append(path, O_WRONLY);
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

// Not: a function of open(2)'s shape whose second argument is no flags
// (its unit says nothing of it).
int open_settings(const char *path) {
  int fd = open_traced(path, 1);
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}
