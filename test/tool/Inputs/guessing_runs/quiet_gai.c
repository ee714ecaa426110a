// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A helper with gai_strerror's name and shape: it only names an error.
#include <netdb.h>
#include <stdio.h>

const char *net_gai_strerror(int code);

void report_lookup(int code) {
  fprintf(stderr, "lookup: %s\n", net_gai_strerror(code));
}
