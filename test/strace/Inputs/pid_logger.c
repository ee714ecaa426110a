// Writes a log line per record with the process id and a marker for
// terminals, asking the kernel for both on every line, as small daemons do.
#include <stdio.h>
#include <sys/types.h>
#include <unistd.h>

int main(void) {
  pid_t self = getpid();
  long mine = 0;
  for (int i = 0; i < 1000; i++) {
    if (getpid() == self)
      mine++;
    printf("%s%d\n", isatty(STDOUT_FILENO) ? "tty " : "", i);
  }
  printf("%ld\n", mine);
  return 0;
}
