// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The started program: five small writes in a row.
#include <unistd.h>

int main(void) {
  for (int i = 0; i < 5; i++)
    write(1, "line\n", 5); // LINES: four of them too many
  return 0;
}
