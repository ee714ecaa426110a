#include "common.h"

#include <fcntl.h>
#include <sys/stat.h>

int open_log(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return -1;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return note_position(fd) == 0 ? fd : -1;
}
