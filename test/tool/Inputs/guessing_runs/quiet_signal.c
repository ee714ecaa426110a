// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A helper with signal's name and shape: guessed, it would only make
// on_hangup a handler, which takes away pid findings that rest on an id
// helper elsewhere; this file has none.
#include <signal.h>

sighandler_t app_signal(int sig, sighandler_t handler);

static volatile sig_atomic_t reload;

static void on_hangup(int sig) {
  (void)sig;
  reload = 1;
}

void install_handlers(void) { app_signal(SIGHUP, on_hangup); }
