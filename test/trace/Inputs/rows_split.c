// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Rows whose cases differ: a helper's getpid asked again from another
// line, then from one loop's line (two rows: only the loop's names a
// check); one line statting two paths in turn (one row, two cases).
#include <sys/stat.h>
#include <unistd.h>

static pid_t current_pid(void) { return getpid(); } // HELPER

int main(int argc, char **argv) {
  struct stat st;
  pid_t seen = current_pid(); // FIRST
  for (int i = 0; i < 3; i++)
    seen ^= current_pid(); // LOOP
  for (int i = 0; i < 4; i++)
    stat(argv[1 + i % 2], &st); // TWO-PATHS
  return seen == 0 && argc < 3;
}
