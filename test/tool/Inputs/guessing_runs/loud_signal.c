// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The same helper beside pid comparisons through an id helper that
// another unit may define: a candidate (cache_get's), which a handler the
// guess finds could take away. The unit runs again.
#include <signal.h>
#include <unistd.h>

sighandler_t app_signal(int sig, sighandler_t handler);
pid_t app_pid(void);

static pid_t owner;
static int cache[64];

static void on_hangup(int sig) {
  (void)sig;
  if (app_pid() != owner) {
    for (int i = 0; i < 64; i++)
      cache[i] = 0;
    owner = app_pid();
  }
}

void install_handlers(void) { app_signal(SIGHUP, on_hangup); }

int cache_get(int key) {
  if (app_pid() != owner) {
    for (int i = 0; i < 64; i++)
      cache[i] = 0;
    owner = app_pid();
  }
  return cache[key & 63];
}
