#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "net.h"

int socket_nonblock(int *sock) {
  int opt;
  opt = fcntl(*sock, F_GETFL, 0);
  if (opt == -1) {
    close(*sock);
    *sock = INVALID_SOCKET;
    return ERR_ERRNO;
  }
  if (fcntl(*sock, F_SETFL, opt | O_NONBLOCK) == -1) {
    close(*sock);
    *sock = INVALID_SOCKET;
    return ERR_ERRNO;
  }
  return 0;
}

int socket_nonblock_logged(int *sock) {
  int opt = fcntl(*sock, F_GETFL, 0);
  if (opt == -1 || fcntl(*sock, F_SETFL, opt | O_NONBLOCK) == -1)
    return ERR_ERRNO;
  fprintf(stderr, "socket %d is non-blocking\n", *sock);
  return 0;
}

void setblocking(int fd, int state) {
  int mode;

  if ((mode = fcntl(fd, F_GETFL)) != -1) {
    if (!state)
      mode |= O_NONBLOCK;
    else
      mode &= ~O_NONBLOCK;
    fcntl(fd, F_SETFL, mode);
  }
}

struct client {
  int fd;
};

struct client *client_create(int fd) {
  struct client *c;

  setblocking(fd, 0);
  c = calloc(1, sizeof *c);
  if (c != NULL)
    c->fd = fd;
  return c;
}
