// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A command that starts another program (as a shell script or a terminal
// multiplexer does): its own calls and the child's are two programs'.
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  pid_t sum = 0;
  for (int i = 0; i < 3; i++)
    sum += getpid(); // PID: asked again twice
  pid_t child = fork();
  if (child == 0) {
    execv(argv[1], argv + 1);
    _exit(127);
  }
  int status = 0;
  waitpid(child, &status, 0);
  return sum == 0 || status != 0;
}
