#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
int f(const char *p) {
  int fd = open(p, O_WRONLY);
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: redundant 'fstat'
    return -1;
  return fd;
}
// CHECK-FIXES: int fd = open(p, O_WRONLY);
// CHECK-FIXES-NEXT: return fd;
