// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A listing line: the time of each entry, on every call.
#include "entry.h"
#include <stdio.h>
#include <time.h>

void format_entry(char *out, int size, const char *name,
                  const struct stat *st) {
  struct tm *tm = localtime(&st->st_mtime);
  char when[32];
  strftime(when, sizeof when, "%b %e %H:%M", tm);
  snprintf(out, size, "%s %s", when, name);
}
