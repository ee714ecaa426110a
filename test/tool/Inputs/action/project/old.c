#include <stdio.h>

void dump(const char *path, const int *v, int n) {
  FILE *f = fopen(path, "w");
  if (!f)
    return;
  setvbuf(f, NULL, _IONBF, 0);
  for (int i = 0; i < n; i++)
    fprintf(f, "%d\n", v[i]);
  fclose(f);
}
