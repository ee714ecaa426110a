// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Syscalls made a few calls deep: through static helpers built with -O2
// and no frame pointer (the unwind tables find the callers), through
// recursion, and through a library loaded with dlopen.
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

__attribute__((noinline)) static void put(int fd, int i) {
  char c = (char)('a' + i % 26);
  write(fd, &c, 1);
}

__attribute__((noinline)) static void deep(int fd, int depth) {
  if (depth == 0) {
    put(fd, depth);
    return;
  }
  deep(fd, depth - 1);
  __asm__ volatile("" ::: "memory"); // keeps the call from becoming a jump
}

int main(int argc, char **argv) {
  int fd = open("/dev/null", O_WRONLY);
  for (int i = 0; i < 50; ++i)
    put(fd, i);
  for (int i = 0; i < 20; ++i)
    deep(fd, 30);
  void *lib = dlopen(argv[1], RTLD_NOW);
  if (!lib)
    return 1;
  void (*emit)(int, int) = (void (*)(int, int))dlsym(lib, "lib_emit");
  emit(fd, 40);
  return 0;
}
