#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
int f(const char *p) {
  int fd = open(p, O_WRONLY);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: redundant 'fstat'
    return -1;
  return fd;
}
// The fix moves this line, so the fixed file no longer compiles.
_Static_assert(__LINE__ == 13, "the fix moved this line");
// CHECK-FIXES: int fd = open(p, O_WRONLY);
// CHECK-FIXES-NEXT: return fd;
