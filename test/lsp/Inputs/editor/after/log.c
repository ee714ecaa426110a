#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int open_log(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return -1;
  return fd;
}

/* Reads its file: the check on the descriptor is not redundant. */
int open_config(const char *path) {
  int fd = open(path, O_RDONLY);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}
