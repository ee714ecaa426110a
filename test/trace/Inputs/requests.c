// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A server's shape: a STAT request, then an OPEN request of the same path
// (each read from its peer first) cannot be one call; a stat right before
// the open within one request can. A fork leaves the parent's pid as it
// was. Two user lookups from two places are the program's own, not a
// lookup per item.
#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int peer[2];
  char request;
  struct stat st;
  pipe(peer);
  write(peer[1], "so", 2);
  read(peer[0], &request, 1);     // STAT request
  stat(argv[1], &st);             // STAT-REQUEST: answers it
  read(peer[0], &request, 1);     // OPEN request
  close(open(argv[1], O_RDONLY)); // OPEN-REQUEST: not a repeat
  stat(argv[2], &st);             // STAT-THEN-OPEN: redundant
  close(open(argv[2], O_RDONLY));

  pid_t before = getpid(); // PID-BEFORE
  if (fork() == 0)
    _exit(getpid() == before); // PID-CHILD: its own first
  wait(NULL);
  if (getpid() != before) // PID-AFTER: the parent's pid, asked again
    return 1;

  getpwnam("root");   // USER-ONE
  getpwnam("nobody"); // USER-TWO: another lookup, from another line
  return 0;
}
