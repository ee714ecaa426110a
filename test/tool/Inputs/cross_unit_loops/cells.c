// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A cell's owner and group, looked up on every call; its home, looked up
// only when the cell has none of its own (after a return: not every call).
#include "entry.h"
#include <grp.h>
#include <pwd.h>
#include <stddef.h>

int cell_tiled(const struct cell *c) { return c->tiled; }

const char *cell_owner(const struct cell *c) {
  struct passwd *pw = getpwuid(c->uid);
  return pw ? pw->pw_name : "?";
}

const char *cell_group(const struct cell *c) {
  struct group *gr = getgrgid(c->gid);
  return gr ? gr->gr_name : "?";
}

const char *cell_home(const struct cell *c) {
  const char *home;

  if ((home = c->home) != NULL && *home != '\0')
    return home;

  struct passwd *pw = getpwuid(c->uid);
  return pw ? pw->pw_dir : "/";
}
