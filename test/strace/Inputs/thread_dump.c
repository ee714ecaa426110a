/* A thread dump in the shape of OpenJDK's: 10,000 threads, a few fprintf
 * calls each, to a stream that was made unbuffered. */
#include <stdio.h>

#define THREADS 10000

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  FILE *out = fopen(argv[1], "w");
  if (!out)
    return 1;
  setvbuf(out, NULL, _IONBF, 0);
  for (int i = 0; i < THREADS; ++i) {
    fprintf(out, "\"worker-%d\" #%d daemon prio=5", i, i + 12);
    fprintf(out, " tid=0x%08x nid=%d", 0x7f000000 + i, 4000 + i);
    fputs(" waiting on condition\n", out);
  }
  return fclose(out) == 0 ? 0 : 1;
}
