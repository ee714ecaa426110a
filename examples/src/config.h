#ifndef EXAMPLES_CONFIG_H
#define EXAMPLES_CONFIG_H

#include <stddef.h>

/* Reads a configuration file whole; *len gets its size. NULL on failure. */
char *config_load(const char *path, size_t *len);
/* Writes this process's pid to a new pid file; the descriptor, or -1. */
int pidfile_create(const char *path);

#endif
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
