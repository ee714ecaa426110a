// Each kind of redundant syscall the replay finds, a known number of times.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "redundant.out";
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return 1;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) // FSTAT
    return 1;
  int flags = fcntl(fd, F_GETFD);         // GETFD
  fcntl(fd, F_SETFD, flags | FD_CLOEXEC); // SETFD
  for (int i = 0; i < 10; i++) {
    lseek(fd, 0, SEEK_CUR);     // SEEKCUR
    lseek(fd, i * 8, SEEK_SET); // SEEKSET
    write(fd, "12345678", 8);   // WRITE
  }
  lseek(fd, 80, SEEK_SET); // SAMESEEK
  close(fd);
  for (int i = 0; i < 5; i++)
    stat(path, &st); // STAT
  for (int i = 0; i < 3; i++)
    getpid(); // GETPID
  for (int i = 0; i < 4; i++)
    isatty(0); // ISATTY
  return 0;
}
