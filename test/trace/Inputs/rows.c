// 1000 rows on an unbuffered stream: each fprintf is one write(2).
#include <stdio.h>

int main(int argc, char **argv) {
  FILE *out = fopen(argc > 1 ? argv[1] : "rows.out", "w");
  if (!out)
    return 1;
  setvbuf(out, NULL, _IONBF, 0);
  for (int i = 0; i < 1000; i++)
    fprintf(out, "row %d\n", i); // ROWS
  return fclose(out) != 0;
}
