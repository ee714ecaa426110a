// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "util.h"
#include <unistd.h>

static pid_t owner;
static int cache[64];

void cache_init(void) { owner = current_pid(); }

int cache_get(int key) {
  if (current_pid() != owner) {
    for (int i = 0; i < 64; i++)
      cache[i] = 0;
    owner = current_pid();
  }
  return cache[key & 63];
}

// Not: cached_pid asks once, no syscall per call.
int cache_peek(int key) {
  if (cached_pid() != owner)
    return 0;
  return cache[key & 63];
}
