#include <stdio.h>

int dump(const char *path, const int *v, int n) {
  FILE *out = fopen(path, "w");
  if (!out)
    return -1;
  setvbuf(out,NULL,_IONBF,0);
  for (int i = 0; i < n; ++i) {
    fprintf(out, "%d", v[i]);
    fputs(",\n", out);
  }
  return fclose(out);
}
