#include <stddef.h>
#include <unistd.h>
#include <sys/socket.h>

#include "net.h"

int accept_client(int listener) {
  int s = accept(listener, NULL, 0);
  if (s == INVALID_SOCKET)
    return -1;
  if (socket_nonblock(&s))
    return -1;
  return s;
}

int accept_client_logged(int listener) {
  int s = accept(listener, NULL, 0);
  if (s == INVALID_SOCKET)
    return -1;
  if (socket_nonblock_logged(&s))
    return -1;
  return s;
}

int listen_local(void) {
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd == -1)
    return -1;
  setblocking(fd, 0);
  return fd;
}

int listen_blocking(void) {
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd == -1)
    return -1;
  setblocking(fd, 1);
  return fd;
}

struct client *accept_client_struct(int listener) {
  int fd = accept(listener, NULL, 0);
  if (fd == -1)
    return NULL;
  return client_create(fd);
}
