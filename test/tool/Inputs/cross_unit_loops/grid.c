// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Rows of a grid: each loop first skips cells in an inner loop whose
// condition calls a helper. In the first, a row of one cell is placed and
// the loop goes on before the owner is looked up: not every iteration.
// The second looks the group up in every iteration, and the home, which
// is looked up only for a cell without one. (Which `if` skips an
// item depends on the loop: the answers for the inner loop were once kept
// for the outer loop's body too, and decided both.)
#include "entry.h"
#include <stddef.h>

void place_rows(struct cell *c, unsigned rows, unsigned columns, unsigned n) {
  for (unsigned j = 0; j < rows; j++) {
    while (c != NULL && !cell_tiled(c))
      c = c->next;
    if (c == NULL)
      break;
    if (n - (j * columns) == 1 || columns == 1) {
      c = c->next;
      continue;
    }
    cell_owner(c);
    c = c->next;
  }
}

void label_rows(struct cell *c, unsigned rows) {
  for (unsigned j = 0; j < rows && c != NULL; j++) {
    while (c->next != NULL && !cell_tiled(c))
      c = c->next;
    cell_group(c);
    cell_home(c);
    c = c->next;
  }
}
