// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Leaves a daemon behind (its pid in argv[1]) and exits 0, as a server's
// start script does.
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  pid_t Child = fork();
  if (Child < 0)
    return 1;
  if (Child == 0) {
    setsid();
    for (int i = 0; i < 600; ++i)
      sleep(1);
    return 0;
  }
  FILE *f = fopen(argv[1], "w");
  if (!f)
    return 1;
  fprintf(f, "%d\n", (int)Child);
  fclose(f);
  write(1, "started\n", 8);
  return 0;
}
