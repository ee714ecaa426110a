/* An event trace that its author made unbuffered "so nothing is lost". */
#include <stdio.h>

static FILE *trace_file;

int trace_open(const char *path) {
  trace_file = fopen(path, "a");
  if (!trace_file)
    return -1;
  setvbuf(trace_file, NULL, _IONBF, 0);
  return 0;
}

void trace_event(const char *what, long value) {
  fprintf(trace_file, "%s=", what);
  fprintf(trace_file, "%ld", value);
  fputc('\n', trace_file);
}

int trace_close(void) { return fclose(trace_file); }
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
