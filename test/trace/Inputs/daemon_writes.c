// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Leaves a process behind that, after the command has exited, opens and
// writes argv[1]: it must find its syscalls working (the filter it inherited
// stays; a tracer gone would make them fail with ENOSYS).
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  pid_t child = fork();
  if (child < 0)
    return 1;
  if (child > 0)
    return 0;
  setsid();
  usleep(300000);
  int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const char *text = fd >= 0 ? "alive\n" : "open failed\n";
  if (fd < 0)
    fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  write(fd, text, strlen(text));
  close(fd);
  return 0;
}
