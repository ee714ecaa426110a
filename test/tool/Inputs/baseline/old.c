#include <stdio.h>
#include <unistd.h>

int mark(int fd) {
  lseek(fd, 0, SEEK_CUR);
  return 0;
}

void log_all(FILE *out, const char **lines, int n) {
  for (int i = 0; i < n; i++)
    fprintf(out, "[%d] %s\n", (int)getpid(), lines[i]);
}
