#include <unistd.h>

/* Included by two translation units: its finding is reported once. */
static inline int note_position(int fd) {
  lseek(fd, 0, SEEK_CUR);
  return 0;
}
