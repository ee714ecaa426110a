#ifndef EXAMPLES_LOGGER_H
#define EXAMPLES_LOGGER_H

#include <stdio.h>

/* Opens a log file for appending; NULL (errno set) when it cannot. */
FILE *log_open(const char *path);

#endif
