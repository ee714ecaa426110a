// shifted.c and two new findings: a second copy of a known line, and a
// new kind.
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int mark(int fd) {
  /* where are we? */
  lseek(fd, 0, SEEK_CUR);
  return 0;
}

int mark_again(int fd) {
  lseek(fd, 0, SEEK_CUR);
  return 1;
}

void log_all(FILE *out, const char **lines, int n) {
  if (n <= 0)
    return;
  for (int i = 0; i < n; i++)
    fprintf(out, "[%d] %s\n", (int)getpid(), lines[i]);
}

void log_uid(FILE *out, int n) {
  for (int i = 0; i < n; i++)
    fprintf(out, "%d\n", (int)getuid());
}
