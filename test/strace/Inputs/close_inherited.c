// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Closes every descriptor above stderr, as daemons do at start-up, asking
// for the limit in the loop's condition.
#include <stdio.h>
#include <unistd.h>

int main(void) {
  int closed = 0;
  for (int fd = 3; fd < sysconf(_SC_OPEN_MAX); fd++)
    if (close(fd) == 0)
      closed++;
  printf("%d closed\n", closed);
  return 0;
}
