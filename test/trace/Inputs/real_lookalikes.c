// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Shapes read in real programs' traces where a row was wrong: a socket
// made between small writes (its address family is not a descriptor), a
// failed opendir of a file then its open, a device opened twice, an lstat
// then a stat of one path, replies written to a pipe between reads of
// requests, vfork and execl called by the program (their lines are the
// program's).
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  const char *file = argv[1];
  for (int i = 0; i < 5; ++i) {
    write(2, "log line\n", 9); // LOG
    if (i == 2)
      close(socket(AF_INET, SOCK_STREAM, 0)); // SOCKET
  }
  DIR *dir = opendir(file); // PROBE: fails, a file
  if (!dir) {
    FILE *f = fopen(file, "r"); // OPEN-AFTER-PROBE: not a repeat
    if (f)
      fclose(f);
  }
  close(open("/dev/null", O_RDONLY)); // DEVICE-FIRST
  close(open("/dev/null", O_RDONLY)); // DEVICE-AGAIN: not a repeat
  struct stat st;
  lstat(argv[2], &st); // LSTAT
  stat(argv[2], &st);  // STAT: another question
  int requests[2], replies[2];
  pipe(requests);
  pipe(replies);
  write(requests[1], "qqqqqq", 6);
  char c;
  for (int i = 0; i < 6; ++i) {
    read(requests[0], &c, 1);  // REQUEST
    write(replies[1], "a", 1); // REPLY: answers the request
  }
  pid_t child = vfork(); // VFORK
  if (child == 0)
    _exit(0);
  waitpid(child, NULL, 0);
  if (fork() == 0) {
    execl("/bin/true", "true", (char *)NULL); // EXECL
    _exit(1);
  }
  wait(NULL);
  return 0;
}
