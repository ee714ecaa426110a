// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Writes its pid to argv[1], then waits to be stopped (a server, say).
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  FILE *f = fopen(argv[1], "w");
  if (!f)
    return 1;
  fprintf(f, "%d\n", (int)getpid());
  fclose(f);
  for (int i = 0; i < 600; ++i)
    sleep(1);
  return 0;
}
