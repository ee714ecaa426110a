// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A helper with qsort_r's name and shape: it only sorts.
#include <stdlib.h>

void list_qsort_r(void *base, size_t count, size_t size,
                  int (*compare)(const void *, const void *, void *),
                  void *arg);

static int by_value(const void *a, const void *b, void *arg) {
  (void)arg;
  return *(const int *)a - *(const int *)b;
}

void sort_values(int *values, size_t count) {
  list_qsort_r(values, count, sizeof *values, by_value, NULL);
}
