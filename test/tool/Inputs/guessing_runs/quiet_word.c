// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A helper whose name holds `_exit` inside a longer word, with `_exit`'s
// parameters and result: it is no exit helper, and nothing is guessed.
#include <fcntl.h>
#include <unistd.h>

void not_exiting(int saved);

int open_config(const char *path, int saved) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    not_exiting(saved);
  return fd;
}
