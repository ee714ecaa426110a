#include <string.h>
#include <unistd.h>

/* A new function with a finding; the old files' findings are unchanged. */
int add(int fd, const char *s) {
  lseek(fd, 0, SEEK_CUR);
  return write(fd, s, strlen(s)) < 0;
}
