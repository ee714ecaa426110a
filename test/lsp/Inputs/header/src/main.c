#include "buffer.h"

/* open_out opens for writing: the directory test is redundant here too. */
int open_report(void) {
  int fd = open_out("report.txt");
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}
