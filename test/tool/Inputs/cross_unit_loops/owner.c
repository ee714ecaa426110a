// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The owner's name, looked up on every call; a loop reaches it through
// show() in another file.
#include "entry.h"
#include <pwd.h>
#include <stdio.h>

void owner_of(char *out, int size, uid_t uid) {
  struct passwd *pw = getpwuid(uid);
  snprintf(out, size, "%s", pw ? pw->pw_name : "?");
}
