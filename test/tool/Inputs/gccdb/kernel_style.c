// Built with gcc-only flags and -Wp,-MD as kbuild does; _FORTIFY_SOURCE
// comes through -Wp, and must still reach the parse.
#include <fcntl.h>
#include <unistd.h>

#if !defined(_FORTIFY_SOURCE)
#error "-Wp,-D_FORTIFY_SOURCE=2 was lost"
#endif

int log_mark(int fd) {
  lseek(fd, 0, SEEK_CUR);
  return 0;
}
