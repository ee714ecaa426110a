// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Findings in nested scopes: each is named after its innermost function.
#include <fcntl.h>

namespace store {
struct Journal {
  int open_journal(const char *path) {
    int fd = open(path, O_WRONLY);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
  }
  int open_index(const char *path);
};

int Journal::open_index(const char *path) {
  struct Local {
    static int open_local(const char *p) {
      int fd = open(p, O_RDONLY);
      fcntl(fd, F_SETFD, FD_CLOEXEC);
      return fd;
    }
  };
  int fd = open(path, O_RDONLY);
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd + Local::open_local(path);
}
} // namespace store

#define OPENER(name)                                                           \
  int name(const char *p) {                                                    \
    int fd = open(p, O_RDONLY);                                                \
    fcntl(fd, F_SETFD, FD_CLOEXEC);                                            \
    return fd;                                                                 \
  }
OPENER(open_first)

int open_last(const char *path) {
  int fd = open(path, O_RDONLY);
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
}
