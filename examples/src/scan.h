#ifndef EXAMPLES_SCAN_H
#define EXAMPLES_SCAN_H

/* The subdirectories of dir, or -1. */
int scan_subdirs(const char *dir);
/* The largest resident set size of the process over samples samples. */
long scan_peak_rss(int samples);

#endif
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
