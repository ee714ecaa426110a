#include "logger.h"

#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *log_open(const char *path) {
  /* Refuse a directory before opening: a stat the open makes redundant. */
  struct stat st;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
    errno = EISDIR;
    return NULL;
  }
  return fopen(path, "a");
}

int log_lines(FILE *log, const char *const *lines, int n) {
  /* The pid prefix of every line: a getpid syscall per line. */
  for (int i = 0; i < n; i++)
    if (fprintf(log, "[%d] %s\n", (int)getpid(), lines[i]) < 0)
      return -1;
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
