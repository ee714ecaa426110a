/* lio_getpid and lio_gettid: the process and thread ids, asked of the
 * kernel once and kept, reset in the child after fork; lio_fork_generation:
 * a count of the forks between the first process and this one. */
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#define _GNU_SOURCE
#include "leanio/leanio.h"

#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

/* 0 means "not known yet": no process or thread has id 0. The process id
 * is shared by all threads (relaxed atomics: every thread computes the same
 * value); the thread id is per thread. */
static pid_t cached_pid;
static __thread pid_t cached_tid;
/* Bumped in every child of fork(3): it differs from every ancestor's. */
static unsigned long fork_generation;
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

static void forget_ids(void) {
  __atomic_store_n(&cached_pid, 0, __ATOMIC_RELAXED);
  cached_tid = 0; /* the child's one thread is the one that forked */
  __atomic_add_fetch(&fork_generation, 1, __ATOMIC_RELAXED);
}

static int atfork_registered;

static void register_atfork(void) {
  __atomic_store_n(&atfork_registered,
                   pthread_atfork(NULL, NULL, forget_ids) == 0,
                   __ATOMIC_RELEASE);
}

/* Without the handler a child would keep its parent's ids: then nothing
 * is kept and every call asks the kernel. */
static int can_cache(void) {
  return pthread_once(&atfork_once, register_atfork) == 0 && atfork_registered;
}

pid_t lio_getpid(void) {
  pid_t pid = __atomic_load_n(&cached_pid, __ATOMIC_RELAXED);
  if (pid != 0)
    return pid;
  pid = getpid();
  if (can_cache())
    __atomic_store_n(&cached_pid, pid, __ATOMIC_RELAXED);
  return pid;
}

pid_t lio_gettid(void) {
  if (cached_tid != 0)
    return cached_tid;
  pid_t tid = (pid_t)syscall(SYS_gettid);
  if (can_cache())
    cached_tid = tid;
  return tid;
}

unsigned long lio_fork_generation(void) {
  /* Once registered, a load: no pthread_once call on the hot path. */
  if (__atomic_load_n(&atfork_registered, __ATOMIC_ACQUIRE) || can_cache())
    return __atomic_load_n(&fork_generation, __ATOMIC_RELAXED);
  /* No handler, no counter: the pid itself tells a child, at a syscall a
   * call. pthread_once decided this for the process, so every call answers
   * in the same terms. */
  return (unsigned long)getpid();
}
