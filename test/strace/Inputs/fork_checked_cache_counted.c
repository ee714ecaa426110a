// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// fork_checked_cache.c in the form syscall-getpid-fork-check describes: a
// counter that a pthread_atfork child handler bumps replaces the saved pid,
// so a lookup compares two numbers in memory (leanio's lio_fork_generation
// is this counter).
#include <pthread.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile unsigned long fork_generation;
static void count_fork(void) { fork_generation++; }

static unsigned long owner_generation;
static int filled;

static int cache_get(int key) {
  if (owner_generation != fork_generation) {
    owner_generation = fork_generation;
    filled = 0;
  }
  if (key >= filled)
    filled = key + 1;
  return filled;
}

int main(void) {
  pthread_atfork(NULL, NULL, count_fork);
  owner_generation = fork_generation;
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
