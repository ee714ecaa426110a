// Built with gcc-only flags and -Wp,-MD as kbuild does; _FORTIFY_SOURCE
// comes through -Wp, and must still reach the parse. -Werror is for the
// compiler: gcc-only warning options and clang's own warnings (the unused
// variable, the empty translation unit's extra semicolon) stop no analysis.
#include <fcntl.h>
#include <unistd.h>

#if !defined(_FORTIFY_SOURCE)
#error "-Wp,-D_FORTIFY_SOURCE=2 was lost"
#endif

int log_mark(int fd) {
  int unused;
  lseek(fd, 0, SEEK_CUR);
  return 0;
}
;
