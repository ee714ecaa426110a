#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
// A must-not-flag file (no CHECK lines) that the check does flag.
int f(const char *p) {
  int fd = open(p, O_WRONLY);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    return -1;
  return fd;
}
