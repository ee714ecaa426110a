// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The loops: every entry formatted and shown; the stamp made once.
#include "entry.h"
#include <stdio.h>
#include <time.h>

void list(const char **names, const struct stat *sts, int n) {
  char line[256];
  for (int i = 0; i < n; i++) {
    format_entry(line, sizeof line, names[i], &sts[i]);
    puts(line);
    show(names[i], &sts[i]);
    if (sts[i].st_size > load_limit())
      puts("over");
  }
  stamp_once(line, sizeof line, time(NULL));
  puts(line);
}
