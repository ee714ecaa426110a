// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// config_per_item.c in the form syscall-reopen-in-loop names: the file is
// read once, before the loop.
#include <stdio.h>
#include <stdlib.h>

static long read_limit(void) {
  char line[32] = "0";
  FILE *f = fopen("limit.conf", "re");
  if (!f)
    return -1;
  if (!fgets(line, sizeof line, f))
    line[0] = '\0';
  fclose(f);
  return atol(line);
}

int main(void) {
  int over = 0;
  long limit = read_limit();
  for (long item = 0; item < 500; item++)
    if (item > limit)
      over++;
  printf("%d items over the limit\n", over);
  return 0;
}
