#include "opener.h"

int main(int argc, char **argv) {
  int fd = open_output(argc > 1 ? argv[1] : "out.txt");
  return fd < 0;
}
