// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Calls of functions that other units define, handed a number that a
// call of open(2)'s shape made. Only a function of the project can be an
// open wrapper another unit confirms: snprintf has the shape too, but it
// is the C library's.
#include <stdio.h>

void queue_message(const char *topic, int qos, int length,
                   const char *payload);
int open_spool(const char *path, int flags);
void watch_spool(int fd);

void publish_uptime(long uptime) {
  char buf[64];
  int length = snprintf(buf, sizeof buf, "%ld", uptime);
  queue_message("$SYS/uptime", 0, length, buf);
}

void start_spool(const char *path) {
  int fd = open_spool(path, 0);
  watch_spool(fd);
}
