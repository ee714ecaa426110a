// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-reopen-in-loop %t -- -D_GNU_SOURCE -Wall -Werror=unused-variable
// RUN: %check_syscall_tidy %s syscall-reopen-in-loop %t.fortify -- -D_GNU_SOURCE -Wall -Werror=unused-variable -O2 -D_FORTIFY_SOURCE=2

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

void record(long value);
#define ONCE(stmt)                                                             \
  do {                                                                         \
    stmt;                                                                      \
  } while (0)

// ---------------------------------------------------------------- must flag

// A monitor that samples its memory use: open, read, close per sample.
void sample_rss(int samples) {
  char buf[256];
  for (int i = 0; i < samples; i++) {
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'open' of '/proc/self/statm' in every iteration of the loop, read and closed there: the kernel makes its contents anew for each read from the start, so open it once before the loop, read it at offset 0 in each iteration (pread(fd, buf, n, 0)) and close it after; an open and a close saved per iteration [syscall-reopen-in-loop]
    if (fd < 0)
      break;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: closed here, in the same iteration
    if (n <= 0)
      break;
    buf[n] = '\0';
    record(atol(buf));
    usleep(1000);
  }
}

// The load average through stdio, in a while loop.
double average_load(int rounds) {
  double sum = 0, one;
  while (rounds-- > 0) {
    FILE *f = fopen("/proc/loadavg", "r");
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'fopen' of '/proc/loadavg' in every iteration of the loop, read and closed there: {{.*}} (rewind(f), then read) {{.*}} [syscall-reopen-in-loop]
    if (!f)
      return -1;
    if (fscanf(f, "%lf", &one) == 1)
      sum += one;
    fclose(f);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: closed here
  }
  return sum;
}

// A sysfs temperature, the path in a local, the descriptor assigned in the
// condition of the error check.
long max_temperature(int rounds) {
  const char *const path = "/sys/class/thermal/thermal_zone0/temp";
  char buf[32];
  long best = 0;
  int fd;
  for (int i = 0; i < rounds; i++) {
    if ((fd = open(path, O_RDONLY)) < 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'open' of '/sys/class/thermal/thermal_zone0/temp' in every iteration
      return -1;
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    close(fd);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: closed here
    if (n > 0) {
      buf[n] = '\0';
      if (atol(buf) > best)
        best = atol(buf);
    }
  }
  return best;
}

// openat, an endless sampling loop.
void watch_stat(void) {
  char buf[4096];
  for (;;) {
    int fd = openat(AT_FDCWD, "/proc/stat", O_RDONLY);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'openat' of '/proc/stat' in every iteration
    if (fd < 0)
      return;
    ssize_t n = read(fd, buf, sizeof buf);
    close(fd);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: closed here
    if (n <= 0)
      return;
    record(n);
    sleep(1);
  }
}

// A configuration file read for every item: nothing in the loop writes it.
int count_allowed(const char **users, int n) {
  int allowed = 0;
  for (int i = 0; i < n; i++) {
    FILE *f = fopen("/etc/example/allow.conf", "r");
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'fopen' of '/etc/example/allow.conf' in every iteration of the loop, read and closed there, and nothing in the loop writes it or waits: read it once before the loop and keep what it says; an open, a close and the reads saved per iteration [syscall-reopen-in-loop]
    if (!f)
      continue;
    char line[128];
    while (fgets(line, sizeof line, f))
      if (strncmp(line, users[i], strlen(users[i])) == 0)
        allowed++;
    fclose(f);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: closed here
  }
  return allowed;
}

// Read on every call of a helper that a loop calls for every item.
static long read_limit(void) {
  char buf[32];
  int fd = open("limits.conf", O_RDONLY | O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'open' of 'limits.conf' in every iteration of a loop, read and closed there
  if (fd < 0)
    return -1;
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: closed here
  buf[n > 0 ? n : 0] = '\0';
  return atol(buf);
}

long total_over_limit(const long *sizes, int n) {
  long over = 0;
  for (int i = 0; i < n; i++)
    over += sizes[i] > read_limit();
  // CHECK-MESSAGES: :[[@LINE-1]]:24: note: 'read_limit' is called in every iteration of this loop
  return over;
}

// ------------------------------------------------------------ must not flag

// A path per iteration: each process's own file.
long sum_threads(const pid_t *pids, int n) {
  char path[64], buf[256];
  long sum = 0;
  for (int i = 0; i < n; i++) {
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pids[i]);
    int fd = open(path, O_RDONLY);
    if (fd < 0)
      continue;
    ssize_t r = read(fd, buf, sizeof buf);
    close(fd);
    sum += r;
  }
  return sum;
}

// A regular file may be replaced by a new one: only a new open sees it.
int wait_for_ready(void) {
  char buf[16];
  for (int tries = 0; tries < 100; tries++) {
    int fd = open("/var/run/app.state", O_RDONLY);
    if (fd >= 0) {
      ssize_t n = read(fd, buf, sizeof buf);
      close(fd);
      if (n > 0 && buf[0] == 'R')
        return 0;
    }
    usleep(10000);
  }
  return -1;
}

// The loop forks: a child's /proc/self is its own.
void sample_children(int n) {
  char buf[256];
  for (int i = 0; i < n; i++) {
    if (fork() == 0)
      _exit(0);
    int fd = open("/proc/self/status", O_RDONLY);
    if (fd < 0)
      return;
    record(read(fd, buf, sizeof buf));
    close(fd);
  }
}

// Written, not read: the kernel acts on each write.
void drop_caches(int times) {
  for (int i = 0; i < times; i++) {
    int fd = open("/proc/sys/vm/drop_caches", O_WRONLY);
    if (fd < 0)
      return;
    write(fd, "3", 1);
    close(fd);
  }
}

// Kept open after the loop, or closed only once after it.
int first_readable(int tries) {
  int fd = -1;
  for (int i = 0; i < tries && fd < 0; i++)
    fd = open("/proc/self/mountinfo", O_RDONLY);
  return fd;
}

// Only on some iterations.
void sample_every_tenth(int n) {
  char buf[256];
  for (int i = 0; i < n; i++) {
    if (i % 10 == 0) {
      int fd = open("/proc/self/statm", O_RDONLY);
      if (fd < 0)
        return;
      record(read(fd, buf, sizeof buf));
      close(fd);
    }
  }
}

// A macro's do-while(0) is not a loop.
void sample_once(void) {
  char buf[256];
  ONCE(int fd = open("/proc/self/statm", O_RDONLY); if (fd >= 0) {
    record(read(fd, buf, sizeof buf));
    close(fd);
  });
}

// Handed to a function that may keep it.
void keep_fd(int fd);
void hand_over(int n) {
  for (int i = 0; i < n; i++) {
    int fd = open("/proc/self/statm", O_RDONLY);
    if (fd < 0)
      return;
    keep_fd(fd);
    close(fd);
  }
}

// ------------------------------------- the random device, per call (flag)

// A temporary file's random suffix: the device opened, read and closed for
// each name.
int random_suffix(unsigned char *buf, size_t n) {
  int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'open' of '/dev/urandom' to read random bytes, closed again in the same call: three syscalls per call where getrandom(buf, n, 0) makes one (Linux 3.17, glibc 2.25; leanio's lio_random falls back to the device on older kernels) [syscall-reopen-in-loop]
  if (fd < 0)
    return -1;
  ssize_t got = read(fd, buf, n);
  close(fd);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: closed here
  return got == (ssize_t)n ? 0 : -1;
}

// Through stdio, assigned after the declaration.
unsigned long random_seed(void) {
  unsigned long seed = 0;
  FILE *f;
  f = fopen("/dev/random", "rb");
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'fopen' of '/dev/random' to read random bytes, closed again in the same call: four syscalls per call where getrandom(buf, n, 0) makes one (Linux 3.17, glibc 2.25; leanio's lio_random falls back to the device on older kernels) [syscall-reopen-in-loop]
  if (f == NULL)
    return 0;
  if (fread(&seed, sizeof seed, 1, f) != 1)
    seed = 0;
  fclose(f);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: closed here
  return seed;
}

// Made unbuffered before its read: no buffer to size, so no fstat.
int random_token(void *out, size_t n) {
  FILE *rnd = fopen("/dev/urandom", "rb");
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'fopen' of '/dev/urandom' to read random bytes, closed again in the same call: three syscalls per call {{.*}} [syscall-reopen-in-loop]
  if (rnd == NULL)
    return -1;
  setbuf(rnd, NULL);
  size_t got = fread(out, 1, n, rnd);
  fclose(rnd);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: closed here
  return got == n ? 0 : -1;
}

// ---------------------------------- the random device, kept (must not flag)

// A descriptor kept for the process.
static int random_fd = -1;
int random_open(void) {
  random_fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  return random_fd;
}

// A descriptor handed back to the caller.
int random_handle(void) {
  int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  return fd;
}

// Written to: adding entropy, not reading it.
void add_entropy(const void *data, size_t n) {
  int fd = open("/dev/urandom", O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return;
  if (write(fd, data, n) < 0)
    perror("urandom");
  close(fd);
}

// Opened and closed without a read (a probe that the device exists).
int have_random_device(void) {
  int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  close(fd);
  return 1;
}

// ---------------------------------- configuration files (must not flag)

// A service loop: the file may be edited while it runs.
void serve(void) {
  for (;;) {
    FILE *f = fopen("/etc/example/serve.conf", "r");
    if (!f)
      return;
    char line[64];
    if (fgets(line, sizeof line, f))
      record(atol(line));
    fclose(f);
  }
}

// The loop waits between reads: it polls the file for a change.
void watch(int rounds) {
  for (int i = 0; i < rounds; i++) {
    int fd = open("/etc/example/level", O_RDONLY);
    if (fd < 0)
      return;
    char c;
    if (read(fd, &c, 1) == 1)
      record(c);
    close(fd);
    sleep(1);
  }
}

// The loop writes the file it reads.
void bump(int times) {
  for (int i = 0; i < times; i++) {
    char buf[32] = "";
    FILE *f = fopen("counter.txt", "r");
    if (f) {
      if (!fgets(buf, sizeof buf, f))
        buf[0] = '\0';
      fclose(f);
    }
    FILE *w = fopen("counter.txt", "w");
    if (!w)
      return;
    fprintf(w, "%ld\n", atol(buf) + 1);
    fclose(w);
  }
}

// A file another process rewrites as this one runs.
void follow_status(int n) {
  for (int i = 0; i < n; i++) {
    FILE *f = fopen("/run/example/status", "r");
    if (!f)
      return;
    char line[64];
    if (fgets(line, sizeof line, f))
      record(atol(line));
    fclose(f);
  }
}

// Opened once per process by each child.
void per_child(int n) {
  for (int i = 0; i < n; i++) {
    if (fork() != 0)
      continue;
    FILE *f = fopen("/etc/example/child.conf", "r");
    if (f)
      fclose(f);
    _exit(0);
  }
}

// Opened on some iterations only (a cache miss).
void on_miss(const int *keys, int n) {
  long cached = -1;
  for (int i = 0; i < n; i++) {
    if (cached >= 0 && keys[i] == 0)
      continue;
    FILE *f = fopen("/etc/example/table", "r");
    if (!f)
      return;
    char line[64];
    if (fgets(line, sizeof line, f))
      cached = atol(line);
    fclose(f);
  }
}

// The descriptor outlives the iteration.
int keep_last(int n) {
  int fd = -1;
  for (int i = 0; i < n; i++) {
    if (fd >= 0)
      close(fd);
    fd = open("/etc/example/keep", O_RDONLY);
  }
  return fd;
}
