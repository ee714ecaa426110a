// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "util.h"
#include <unistd.h>

void log_lines(char **lines, int n) {
  for (int i = 0; i < n; i++)
    fprintf(stderr, "[%d] %s\n", (int)current_pid(), lines[i]);
}

// Not: asks once.
void log_cached(char **lines, int n) {
  for (int i = 0; i < n; i++)
    fprintf(stderr, "[%d] %s\n", (int)cached_pid(), lines[i]);
}

// Not: each iteration forks, and the child's pid differs.
void spawn(char **lines, int n) {
  for (int i = 0; i < n; i++) {
    if (fork() == 0)
      _exit(0);
    fprintf(stderr, "[%d] %s\n", (int)current_pid(), lines[i]);
  }
}

// getpid is hoisted whatever next_id is: a call another unit defines joins
// no finding of this unit's own calls.
void tag_lines(char **lines, int n) {
  for (int i = 0; i < n; i++)
    fprintf(stderr, "[%d] #%d %s\n", (int)getpid(), next_id(), lines[i]);
}
