// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Calls in a lambda, in a local class's method, in a template and in a
// helper that a later function calls (function-walk.test).
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

int first(const char *p) {
  int fd = open(p, O_WRONLY | O_CREAT, 0644);
  if (fd < 0)
    return -1;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}

int with_lambda(const char *p) {
  auto opener = [](const char *q) {
    int fd = open(q, O_WRONLY | O_CREAT, 0644);
    if (fd < 0)
      return -1;
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
  };
  return opener(p);
}

int with_local_class(const char *p) {
  struct Opener {
    static int go(const char *q) {
      int fd = open(q, O_WRONLY | O_TRUNC);
      if (fd < 0)
        return -1;
      ftruncate(fd, 0);
      return fd;
    }
  };
  return Opener::go(p);
}

template <typename T> int templated(const char *p, T) {
  int fd = open(p, O_WRONLY | O_CREAT, 0644);
  if (fd < 0)
    return -1;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}
int use_template(const char *p) { return templated(p, 1); }

static int reject_dir(int fd) {
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}
int last(const char *p) {
  int fd = open(p, O_WRONLY | O_CREAT, 0644);
  if (fd < 0)
    return -1;
  return reject_dir(fd);
}
