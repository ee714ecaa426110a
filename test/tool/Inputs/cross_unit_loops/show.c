// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Shows one entry: the owner on every call.
#include "entry.h"
#include <stdio.h>

void show(const char *name, const struct stat *st) {
  char who[64];
  owner_of(who, sizeof who, st->st_uid);
  printf("%s %s\n", who, name);
}
