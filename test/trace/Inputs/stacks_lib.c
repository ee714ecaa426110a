// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A library loaded after the program started (dlopen): its frames are in
// a module mapped after the tracer first read the program's mappings.
#include <unistd.h>

__attribute__((noinline)) static void lib_put(int fd, int i) {
  char c = (char)('0' + i % 10);
  write(fd, &c, 1);
}

void lib_emit(int fd, int n) {
  for (int i = 0; i < n; ++i)
    lib_put(fd, i);
}
