// Exits with argv[1], or is killed by SIGTERM when it is "term".
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  write(1, "x\n", 2);
  if (argc > 1 && strcmp(argv[1], "term") == 0)
    raise(SIGTERM);
  return argc > 1 ? atoi(argv[1]) : 0;
}
