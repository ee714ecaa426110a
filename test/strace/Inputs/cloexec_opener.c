// Opens files and sockets and marks them as event loops do: close-on-exec
// with fcntl after open, non-blocking with F_GETFL + F_SETFL after socket,
// both ends of a wake-up pipe close-on-exec.
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

static int open_cloexec(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return -1;
  if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0) {
    close(fd);
    return -1;
  }
  return fd;
}

static int socket_nonblock(void) {
  int s = socket(AF_UNIX, SOCK_STREAM, 0);
  if (s < 0)
    return -1;
  int fl = fcntl(s, F_GETFL, 0);
  if (fcntl(s, F_SETFL, fl | O_NONBLOCK) < 0) {
    close(s);
    return -1;
  }
  return s;
}

static int wakeup_pipe(int fds[2]) {
  if (pipe(fds) < 0)
    return -1;
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  return 0;
}

int main(int argc, char **argv) {
  for (int i = 0; i < 1000; i++) {
    int fd = open_cloexec(argv[1]);
    int s = socket_nonblock();
    int fds[2];
    if (fd < 0 || s < 0 || wakeup_pipe(fds) < 0)
      return 1;
    // The flags are there, whichever way they were set.
    if (!(fcntl(fd, F_GETFD) & FD_CLOEXEC) ||
        !(fcntl(s, F_GETFL) & O_NONBLOCK) ||
        !(fcntl(fds[0], F_GETFD) & FD_CLOEXEC) ||
        !(fcntl(fds[1], F_GETFD) & FD_CLOEXEC))
      return 2;
    close(fd);
    close(s);
    close(fds[0]);
    close(fds[1]);
  }
  return 0;
}
