// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A progress line every quarter second, and a file polled for a change
// with a sleep between (calls the tracer does not stop at): neither is a
// run a buffer could hold nor a lookup repeated, while the same calls in
// a row are.
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
  struct stat st;
  struct timespec quarter = {0, 250000000};
  int out = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (out < 0)
    return 1;
  for (int i = 0; i < 5; i++) {
    write(out, "progress\n", 9); // PROGRESS
    stat(argv[2], &st);          // POLL: asked again after a wait
    nanosleep(&quarter, NULL);
  }
  for (int i = 0; i < 5; i++) {
    write(out, "summary\n", 8); // IN-A-ROW
    stat(argv[2], &st);         // AGAIN: nothing between
  }
  return close(out);
}
