#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int append_record(const char *path, const char *rec, size_t n) {
  int fd = open(path, O_WRONLY | O_APPEND);
  if (fd < 0)
    return -1;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  lseek(fd, 0, SEEK_CUR);
  ssize_t w = write(fd, rec, n);
  close(fd);
  return w == (ssize_t)n ? 0 : -1;
}
