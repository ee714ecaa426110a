// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A program that sets TZ: glibc then compares the variable's text and
// checks no file per call, so its time calls in loops are not reported.
// RUN: %check_syscall_tidy %s syscall-costly-libc-in-loop %t -- -D_GNU_SOURCE -Wall

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void set_zone(void) { setenv("TZ", ":/etc/localtime", 0); }

void log_times(const time_t *times, size_t n) {
  for (size_t i = 0; i < n; i++) {
    struct tm *tm = localtime(&times[i]);
    printf("%d\n", tm ? tm->tm_hour : -1);
  }
}

long parse_dates(struct tm *dates, size_t n) {
  long sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += (long)mktime(&dates[i]);
  return sum;
}
