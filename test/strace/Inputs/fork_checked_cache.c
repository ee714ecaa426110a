// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A cache that belongs to one process: every lookup compares getpid()
// with the pid that filled it, and a forked child starts empty.
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t owner_pid;
static int filled;

static int cache_get(int key) {
  if (owner_pid != getpid()) {
    owner_pid = getpid();
    filled = 0;
  }
  if (key >= filled)
    filled = key + 1;
  return filled;
}

int main(void) {
  owner_pid = getpid();
  long sum = 0;
  for (int i = 0; i < 1000; i++)
    sum += cache_get(i % 100);
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    printf("child starts empty: %d\n", cache_get(0) == 1);
    fflush(stdout);
    _exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  printf("sum %ld, child exited %d\n", sum, WEXITSTATUS(status));
  return 0;
}
