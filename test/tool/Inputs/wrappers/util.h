// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <stdio.h>
int xopen(const char *path, int flags, ...);
int xopen_append(const char *path, int flags);
int open_traced(const char *path, int verbose);
int lookup_uid(const char *name, int fallback);
FILE *xfopen(const char *path, const char *mode);
