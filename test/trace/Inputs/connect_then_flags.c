// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Clients of a local socket. A client that connects blocking and only then
// turns O_NONBLOCK on needs that call: SOCK_NONBLOCK at the socket would
// make the connect non-blocking too. Close-on-exec after the connect, and
// O_NONBLOCK before it, fold into the socket call.
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static int client(const struct sockaddr_un *at, int nonblock_first) {
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  if (nonblock_first)
    fcntl(fd, F_SETFL, O_NONBLOCK); // BEFORE-CONNECT
  if (connect(fd, (const struct sockaddr *)at, sizeof *at) != 0 && !nonblock_first)
    return -1;
  fcntl(fd, F_SETFD, FD_CLOEXEC); // CLOEXEC-AFTER
  if (!nonblock_first)
    fcntl(fd, F_SETFL, O_NONBLOCK); // NONBLOCK-AFTER
  return fd;
}

int main(int argc, char **argv) {
  struct sockaddr_un at;
  if (argc < 2)
    return 2;
  memset(&at, 0, sizeof at);
  at.sun_family = AF_UNIX;
  strncpy(at.sun_path, argv[1], sizeof at.sun_path - 1);
  unlink(argv[1]);
  int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (listener < 0 || bind(listener, (struct sockaddr *)&at, sizeof at) != 0 ||
      listen(listener, 4) != 0)
    return 1;
  int a = client(&at, 0), b = client(&at, 1);
  close(a);
  close(b);
  close(listener);
  return unlink(argv[1]);
}
