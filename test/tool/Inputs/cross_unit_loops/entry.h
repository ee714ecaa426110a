// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <sys/stat.h>
void format_entry(char *out, int size, const char *name, const struct stat *st);
void owner_of(char *out, int size, uid_t uid);
void stamp_once(char *out, int size, time_t t);
void show(const char *name, const struct stat *st);
int load_limit(void);

struct cell {
  struct cell *next;
  uid_t uid;
  gid_t gid;
  int tiled;
  const char *home;
};
int cell_tiled(const struct cell *c);
const char *cell_owner(const struct cell *c);
const char *cell_group(const struct cell *c);
const char *cell_home(const struct cell *c);
