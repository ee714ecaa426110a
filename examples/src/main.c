/* copylog SRC DST LOG: copies SRC to DST and appends a line to LOG. */
#include "file_io.h"
#include "logger.h"
#include "scan.h"
#include "segment.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s SRC DST LOG\n", argv[0]);
    return 2;
  }
  long size = 0;
  int in = file_open_read(argv[1], &size);
  int out = file_open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  FILE *log = log_open(argv[3]);
  if (in < 0 || out < 0 || !log) {
    perror("copylog");
    return 1;
  }
  int rc = file_copy(in, out);
  const char *lines[] = {"copied\n", "logged\n"};
  if (rc == 0)
    rc = segment_dump(argv[2], lines, 2) | segment_index_add(argv[3], "x\n");
  fprintf(log, "copied %ld bytes from %s to %s: %s\n", size, argv[1], argv[2],
          rc == 0 ? "ok" : strerror(errno));
  fprintf(log, "%d subdirectories beside it, peak rss %ld pages\n",
          scan_subdirs("."), scan_peak_rss(10));
  close(in);
  if (close(out) != 0 || fclose(log) != 0)
    rc = -1;
  return rc == 0 ? 0 : 1;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
