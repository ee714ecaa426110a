// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A server's shapes around its waits for a peer (each read from the
// request pipe is one): log lines written one per request are no run one
// buffer could hold, while lines written in a row within one request are;
// a path the program looks up again for a later request is asked of the
// file as it is then (no repeat), while one looked up twice within a
// request is a repeat; the zone file stat'ed per request by localtime is
// that call's cost whatever the request.
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void logLine(int log, const char *text) {
  write(log, text, strlen(text)); // LOG-LINE
}

int main(int argc, char **argv) {
  int requests[2];
  char request;
  struct stat st;
  int log = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (log < 0 || pipe(requests) != 0)
    return 1;
  write(requests[1], "abcdef", 6);
  for (int i = 0; i < 6; i++) {
    read(requests[0], &request, 1); // WAIT
    logLine(log, "request\n");
    stat(argv[2], &st); // PER-REQUEST: asked for this request
    time_t now = 1700000000 + i;
    localtime(&now); // ZONE: the call's cost in every request
  }
  for (int i = 0; i < 5; i++)
    write(log, "startup\n", 8); // IN-A-ROW
  stat(argv[2], &st);
  stat(argv[2], &st); // TWICE: within one request
  return close(log);
}
