// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Counts the items over the limit that a configuration file sets, reading
// the file again for every item.
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
  for (long item = 0; item < 500; item++)
    if (item > read_limit())
      over++;
  printf("%d items over the limit\n", over);
  return 0;
}
