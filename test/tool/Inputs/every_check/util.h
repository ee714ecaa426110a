// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The project's own wrappers, defined in util.c and called from every
// other file of the database.
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>
int xopen(const char *path, int flags, ...);
int open_plain(const char *path, int flags);
int open_append(const char *path, int flags);
FILE *xfopen(const char *path, const char *mode);
pid_t current_pid(void);
pid_t cached_pid(void);
int next_id(void);
void path_join(char *out, size_t size, const char *dir, const char *name);
