// The same code with lines added above each finding: the baseline still
// knows them.
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int mark(int fd) {
  /* where are we? */
  lseek(fd, 0, SEEK_CUR);
  return 0;
}

void log_all(FILE *out, const char **lines, int n) {
  if (n <= 0)
    return;
  for (int i = 0; i < n; i++)
    fprintf(out, "[%d] %s\n", (int)getpid(), lines[i]);
}
