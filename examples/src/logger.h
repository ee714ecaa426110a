#ifndef EXAMPLES_LOGGER_H
#define EXAMPLES_LOGGER_H

#include <stdio.h>

/* Opens a log file for appending; NULL (errno set) when it cannot. */
FILE *log_open(const char *path);
/* Writes each line with the process id in front; -1 on a write error. */
int log_lines(FILE *log, const char *const *lines, int n);

#endif
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
