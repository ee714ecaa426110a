// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Who asked: a library's own asks (another project's library seeding
// itself, ttyname's and tcgetattr's TCGETS, stdio's fstat of the file it
// writes) are not the program's, and a program's first ask after them is
// no repeat; access of two modes, and "." beside the path that names the
// working directory, are different questions.
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

unsigned library_seed(void);

int main(int argc, char **argv) {
  struct stat st;
  struct termios settings;
  unsigned sum = 0;
  for (int i = 0; i < 3; i++)
    sum += library_seed(); // SEED: made inside the library
  sum += (unsigned)getpid(); // PID-FIRST: the program's first
  (void)ttyname(0);
  sum += (unsigned)isatty(0); // TTY-FIRST: ttyname's TCGETS was its own
  tcgetattr(0, &settings);
  tcgetattr(0, &settings); // SETTINGS: not an isatty
  for (int i = 0; i < 3; i++)
    sum += (unsigned)isatty(1); // TTY-LOOP: asked again
  stat(argv[1], &st);
  sum += access(argv[1], R_OK); // ACCESS-READ: another question
  sum += access(argv[1], X_OK); // ACCESS-RUN: another still
  for (int i = 0; i < 2; i++)
    sum += access(argv[1], R_OK); // ACCESS-AGAIN: the same mode again
  stat(getenv("PWD"), &st);
  stat(".", &st); // DOT: what the working directory is now
  FILE *out = fopen(argv[2], "w"); // STDIO: its fstat is stdio's
  fputs("x\n", out);
  fclose(out);
  return sum == 0;
}
