// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A socket helper another unit defines (guessed as socket), made close-on-exec
// by a second call under an #if for systems without the flag.
#include <fcntl.h>
#include <sys/socket.h>

int xsocket(int domain, int type, int protocol);

int listener(void) {
  int fd = xsocket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
#ifdef FD_CLOEXEC
  fcntl(fd, F_SETFD, FD_CLOEXEC);
#endif
  return fd;
}
