// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_syscall_tidy %s syscall-unbuffered-autoflush %t -- -D_GNU_SOURCE -Wall
// The same cases as distributions build them: glibc turns printf-family
// calls into __*_chk ones under _FORTIFY_SOURCE.
// RUN: %check_syscall_tidy %s syscall-unbuffered-autoflush %t.fortify -- -D_GNU_SOURCE -Wall -O2 -D_FORTIFY_SOURCE=2

#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct thread_info {
  const char *name;
  int id;
  int state;
};

void use_stream(FILE *f);

// ---------------------------------------------------------------- must flag

// A thread dump to an unbuffered file: every fprintf is a write(2).
int dump_threads(const char *path, const struct thread_info *t, int n) {
  FILE *out = fopen(path, "w");
  if (!out)
    return -1;
  setvbuf(out, NULL, _IONBF, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'setvbuf' makes a file stream unbuffered: 3 write(2) calls per record; give it a full buffer [syscall-unbuffered-autoflush]
  for (int i = 0; i < n; ++i) {
    fprintf(out, "\"%s\" #%d", t[i].name, t[i].id);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: each call here is a write(2)
    fprintf(out, " state=%d", t[i].state);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: each call here is a write(2)
    fputc('\n', out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: each call here is a write(2)
  }
  return fclose(out);
}
// CHECK-FIXES: setvbuf(out, NULL, _IOFBF, BUFSIZ);

// setbuf(f, NULL): the same, fixed by dropping the call.
int dump_setbuf(const char *path, const char **lines, int n) {
  FILE *out = fopen(path, "a");
  if (!out)
    return -1;
  setbuf(out, NULL);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'setbuf(f, NULL)' makes a file stream unbuffered: 2 write(2) calls per record
  for (int i = 0; i < n; ++i) {
    fputs(lines[i], out);
    fputs("\n", out);
  }
  return fclose(out);
}
// CHECK-FIXES: return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   for (int i = 0; i < n; ++i) {

// Line buffering on a file: one write(2) per line.
int dump_lines(const char *path, const int *v, int n) {
  FILE *out = fopen(path, "w");
  if (!out)
    return -1;
  setvbuf(out, NULL, _IOLBF, BUFSIZ);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'setvbuf' makes a file stream line buffered: one write(2) per line
  for (int i = 0; i < n; ++i) {
    fprintf(out, "%d", v[i]);
    fputc('\n', out);
  }
  return fclose(out);
}
// CHECK-FIXES: setvbuf(out, NULL, _IOFBF, BUFSIZ);

// One pre-formatted row per iteration, but on a file written from the
// start: one write(2) per row where a buffer makes one per 4 KiB.
int dump_rows(const char *path, const int *v, int n) {
  FILE *out = fopen(path, "w");
  if (!out)
    return -1;
  setvbuf(out, NULL, _IONBF, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'setvbuf' makes a file stream unbuffered: one write(2) per record written in a loop; give it a full buffer
  for (int i = 0; i < n; ++i)
    fprintf(out, "%d,%d\n", i, v[i]);
  return fclose(out);
}
// CHECK-FIXES: setvbuf(out, NULL, _IOFBF, BUFSIZ);

// A service loop that never ends: a flush moved after it would never run,
// so the warning comes with a note and no fix.
void serve_forever(const char *path, const int *events, int n) {
  FILE *log = fopen(path, "w");
  if (!log)
    return;
  for (;;) {
    for (int i = 0; i < n; ++i)
      fprintf(log, "%d\n", events[i]);
    fflush(log);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'fflush' in a loop that writes to a file stream
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: no automatic fix: the loop never ends normally
    usleep(1000);
  }
}

// Character by character on an unbuffered stream.
int copy_chars(const char *path, const char *s) {
  FILE *out = fopen(path, "w");
  setvbuf(out, NULL, _IONBF, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'setvbuf' makes a file stream unbuffered: one write(2) per character
  for (const char *p = s; *p; ++p)
    putc(*p, out);
  return fclose(out);
}
// CHECK-FIXES: setvbuf(out, NULL, _IOFBF, BUFSIZ);

// A log stream kept in a static global, made unbuffered at init.
static FILE *log_file;

int log_init(const char *path) {
  log_file = fopen(path, "a");
  if (!log_file)
    return -1;
  setvbuf(log_file, NULL, _IONBF, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'setvbuf' makes a file stream unbuffered: 3 write(2) calls per record
  return 0;
}
// CHECK-FIXES: setvbuf(log_file, NULL, _IOFBF, BUFSIZ);

void log_msg(const char *level, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(log_file, "[%s] ", level);
  vfprintf(log_file, fmt, ap);
  fputc('\n', log_file);
  va_end(ap);
}

// fflush after every record.
int save_rows(const char *path, const int *rows, int n) {
  FILE *f = fopen(path, "w");
  if (!f)
    return -1;
  for (int i = 0; i < n; ++i) {
    fprintf(f, "%d\n", rows[i]);
    fflush(f);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'fflush' in a loop that writes to a file stream: one write(2) per iteration; flush once after the loop [syscall-unbuffered-autoflush]
  }
  return fclose(f);
}
// CHECK-FIXES: fprintf(f, "%d\n", rows[i]);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   }
// CHECK-FIXES-NEXT:   fflush(f);
// CHECK-FIXES-NEXT:   return fclose(f);

// A flush per record that also starts a process: flagged, fixed by hand.
int save_and_notify(const char *path, const int *rows, int n) {
  FILE *f = fopen(path, "w");
  for (int i = 0; i < n; ++i) {
    fprintf(f, "%d\n", rows[i]);
    fflush(f);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'fflush' in a loop
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: no automatic fix: the loop also runs a process or reads the file, which may need the data flushed
    system("true");
  }
  return fclose(f);
}

// Small raw writes in a loop on a file descriptor.
int write_digits(const char *path, const char *digits) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  for (const char *p = digits; *p; ++p)
    write(fd, p, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'write' of 1 byte per iteration: one write(2) per piece; collect the pieces in a buffer (leanio's lio_writer, or a local array) and write them together
  return close(fd);
}

int write_report(const char *path, const int *v, int n) {
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  for (int i = 0; i < n; ++i)
    dprintf(fd, "%d\n", v[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'dprintf' in a loop: one write(2) per call
  return close(fd);
}

// A while loop flushing a log stream kept in a global.
static FILE *event_log;

void events_open(const char *path) { event_log = fopen(path, "a"); }

void events_drain(const int *events, int n) {
  int i = 0;
  while (i < n) {
    fprintf(event_log, "event %d\n", events[i++]);
    fflush(event_log);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'fflush' in a loop that writes to a file stream
  }
}
// CHECK-FIXES: fprintf(event_log, "event %d\n", events[i++]);
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   }
// CHECK-FIXES-NEXT:   fflush(event_log);

// A header and a body per record, unbuffered through an explicit size.
int dump_pairs(const char *path, const char **keys, const char **vals, int n) {
  FILE *f = fopen(path, "w+");
  setvbuf(f, NULL, _IONBF, BUFSIZ);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'setvbuf' makes a file stream unbuffered: 2 write(2) calls per record
  for (int i = 0; i < n; ++i) {
    fputs(keys[i], f);
    fputs(vals[i], f);
  }
  return fclose(f);
}
// CHECK-FIXES: setvbuf(f, NULL, _IOFBF, BUFSIZ);

// Each record written by a static helper with three calls.
static void put_thread(FILE *out, const struct thread_info *t) {
  fprintf(out, "\"%s\"", t->name);
  fprintf(out, " #%d", t->id);
  fputs(" runnable\n", out);
}

int dump_with_helper(const char *path, const struct thread_info *t, int n) {
  FILE *out = fopen(path, "w");
  if (!out)
    return -1;
  setvbuf(out, NULL, _IONBF, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'setvbuf' makes a file stream unbuffered: 3 write(2) calls per record
  for (int i = 0; i < n; ++i)
    put_thread(out, &t[i]);
  return fclose(out);
}
// CHECK-FIXES: setvbuf(out, NULL, _IOFBF, BUFSIZ);

// Streams held in an array: each output of a splitter opened "w" and made
// unbuffered, then written a character at a time through its element.
#define OUTPUTS 4
int split_chars(const char **names, const char *text) {
  FILE *outs[OUTPUTS];
  for (int i = 0; i < OUTPUTS; ++i) {
    outs[i] = fopen(names[i], "w");
    if (!outs[i])
      return -1;
    setbuf(outs[i], NULL);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'setbuf(f, NULL)' makes a file stream unbuffered: one write(2) per character
  }
  for (const char *p = text; *p; ++p)
    putc(*p, outs[(unsigned char)*p % OUTPUTS]);
  for (int i = 0; i < OUTPUTS; ++i)
    fclose(outs[i]);
  return 0;
}
// CHECK-FIXES: return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: }
// CHECK-FIXES-NEXT: for (const char *p = text; *p; ++p)

// The same array written through a cursor that walks it (`*fp`).
int tee_chars(const char **names, const char *text) {
  FILE *outs[OUTPUTS];
  for (int i = 0; i < OUTPUTS; ++i) {
    outs[i] = fopen(names[i], "w");
    if (!outs[i])
      return -1;
    setbuf(outs[i], NULL);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'setbuf(f, NULL)' makes a file stream unbuffered: one write(2) per character
  }
  for (const char *p = text; *p; ++p)
    for (FILE **fp = outs; fp < outs + OUTPUTS; ++fp)
      putc(*p, *fp);
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: each call here is a write(2)
  for (FILE **fp = outs; fp != &outs[OUTPUTS]; fp++)
    fclose(*fp);
  return 0;
}
// CHECK-FIXES: int tee_chars(const char **names, const char *text) {
// CHECK-FIXES: return -1;
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: }
// CHECK-FIXES-NEXT: for (const char *p = text; *p; ++p)
// CHECK-FIXES-NEXT: for (FILE **fp = outs; fp < outs + OUTPUTS; ++fp)

// The buffers taken away through the cursor too (`setbuf(*fp, NULL)`).
int tee_marked(const char **names, const char *text) {
  FILE *outs[OUTPUTS];
  for (int i = 0; i < OUTPUTS; ++i)
    if (!(outs[i] = fopen(names[i], "w")))
      return -1;
  for (FILE **fp = outs; fp < outs + OUTPUTS; ++fp) {
    setbuf(*fp, NULL);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'setbuf(f, NULL)' makes a file stream unbuffered: one write(2) per character
    fputs("# tee\n", *fp);
  }
  for (const char *p = text; *p; ++p)
    for (FILE **fp = outs; fp < outs + OUTPUTS; ++fp)
      putc(*p, *fp);
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: each call here is a write(2)
  for (FILE **fp = outs; fp < outs + OUTPUTS; ++fp)
    fclose(*fp);
  return 0;
}
// CHECK-FIXES: for (FILE **fp = outs; fp < outs + OUTPUTS; ++fp) {
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: fputs("# tee\n", *fp);

// A statement-like macro that discards a call's result, as projects write
// them to silence unused-result warnings.
#define QUIET(call)                                                            \
  do {                                                                         \
    (void)(call);                                                              \
  } while (0)

// Each write wrapped in a statement-like macro: still two writes per record.
int dump_quiet(const char *path, const int *v, int n) {
  FILE *out = fopen(path, "w");
  if (!out)
    return -1;
  setvbuf(out, NULL, _IONBF, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'setvbuf' makes a file stream unbuffered: 2 write(2) calls per record; give it a full buffer [syscall-unbuffered-autoflush]
  for (int i = 0; i < n; ++i) {
    QUIET(fprintf(out, "%d", v[i]));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: note: each call here is a write(2)
    QUIET(fputc('\n', out));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: note: each call here is a write(2)
  }
  return fclose(out);
}
// CHECK-FIXES: int dump_quiet(const char *path, const int *v, int n) {
// CHECK-FIXES: setvbuf(out, NULL, _IOFBF, BUFSIZ);

// ------------------------------------------------------------ must not flag

// A transcript flushed before each wait for the user's next line: the
// flush shows the prompt; moving it would hide it.
int transcript(const char *path) {
  FILE *log = fopen(path, "w");
  if (!log)
    return -1;
  char line[256];
  for (;;) {
    fputs("> ", log);
    fflush(log);
    if (!fgets(line, sizeof line, stdin))
      break;
    fputs(line, log);
  }
  return fclose(log);
}

// A fresh descriptor in each iteration, retrying for a unique name: one
// write per file, not small writes on one descriptor.
int make_unique_marker(char *name, size_t size) {
  int fd = -1;
  for (int i = 0; i < 100; ++i) {
    snprintf(name, size, "/tmp/marker.%d", i);
    fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd < 0)
      continue;
    write(fd, "1", 1);
    break;
  }
  return fd;
}

// stderr is unbuffered on purpose.
void warn_all(const char **msgs, int n) {
  setvbuf(stderr, NULL, _IONBF, 0);
  for (int i = 0; i < n; ++i) {
    fputs(msgs[i], stderr);
    fputc('\n', stderr);
  }
}

// stdout of an interactive program (FlagStdout is off by default).
void prompt(int n) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  for (int i = 0; i < n; ++i) {
    printf("> ");
    fflush(stdout);
  }
}

// An input stream made unbuffered.
int read_all(const char *path, char *buf, size_t n) {
  FILE *in = fopen(path, "r");
  setvbuf(in, NULL, _IONBF, 0);
  size_t got = fread(buf, 1, n, in);
  fclose(in);
  return (int)got;
}

// One pre-formatted write per record: unbuffered on purpose so that
// concurrent appenders never interleave lines.
int append_records(const char *path, const char **records, int n) {
  FILE *f = fopen(path, "a");
  setvbuf(f, NULL, _IONBF, 0);
  char line[256];
  for (int i = 0; i < n; ++i) {
    snprintf(line, sizeof line, "%d %s\n", i, records[i]);
    fputs(line, f);
  }
  return fclose(f);
}

// A single flush after the loop.
int save_once(const char *path, const int *rows, int n) {
  FILE *f = fopen(path, "w");
  for (int i = 0; i < n; ++i)
    fprintf(f, "%d\n", rows[i]);
  fflush(f);
  return fclose(f);
}

// A flush followed by fsync is a durability point.
int save_durably(const char *path, const int *rows, int n) {
  FILE *f = fopen(path, "w");
  for (int i = 0; i < n; ++i) {
    fprintf(f, "%d\n", rows[i]);
    fflush(f);
    fdatasync(fileno(f));
  }
  return fclose(f);
}

// The buffering mode comes from a parameter or a table.
int open_with_mode(const char *path, int mode) {
  static const int modes[] = {_IOFBF, _IOLBF, _IONBF};
  FILE *f = fopen(path, "w");
  setvbuf(f, NULL, mode, 0);
  setvbuf(f, NULL, modes[mode % 3], 0);
  fputs("a", f);
  fputs("b", f);
  return fclose(f);
}

// Line buffering on a terminal.
int tty_lines(const char **lines, int n) {
  FILE *tty = fopen("/dev/tty", "w");
  setvbuf(tty, NULL, _IOLBF, 0);
  for (int i = 0; i < n; ++i) {
    fputs(lines[i], tty);
    fputc('\n', tty);
  }
  return fclose(tty);
}

// A stream of unknown origin (a socket, a pipe?) from the caller.
void flush_each(FILE *f, const int *v, int n) {
  for (int i = 0; i < n; ++i) {
    fprintf(f, "%d\n", v[i]);
    fflush(f);
  }
}

// A stream over a descriptor of unknown kind.
void to_fd(int fd, const char **lines, int n) {
  FILE *f = fdopen(fd, "w");
  setvbuf(f, NULL, _IONBF, 0);
  for (int i = 0; i < n; ++i) {
    fputs(lines[i], f);
    fputc('\n', f);
  }
  fclose(f);
}

// Big writes per iteration are fine unbuffered.
int copy_blocks(const char *path, const char (*blocks)[65536], int n) {
  int fd = open(path, O_WRONLY | O_CREAT, 0644);
  for (int i = 0; i < n; ++i)
    write(fd, blocks[i], 65536);
  return close(fd);
}

// A write per connection to a socket-like descriptor of unknown origin.
void reply_all(int fd, const char **msgs, int n) {
  for (int i = 0; i < n; ++i)
    write(fd, msgs[i], 1);
}

// A stream opened per iteration, flushed once each.
int one_file_each(const char **paths, int n) {
  for (int i = 0; i < n; ++i) {
    FILE *f = fopen(paths[i], "w");
    fputs("x", f);
    fflush(f);
    fclose(f);
  }
  return 0;
}

// An array of streams that may hold stdout ("-"), and one handed whole to
// a function that may store any stream in it.
int split_or_stdout(const char **names, const char *text) {
  FILE *outs[OUTPUTS];
  for (int i = 0; i < OUTPUTS; ++i) {
    outs[i] = strcmp(names[i], "-") ? fopen(names[i], "w") : stdout;
    if (!outs[i])
      return -1;
    setbuf(outs[i], NULL);
  }
  for (const char *p = text; *p; ++p)
    putc(*p, outs[(unsigned char)*p % OUTPUTS]);
  return 0;
}

void open_outputs(FILE **outs, const char **names);

int split_opened_elsewhere(const char **names, const char *text) {
  FILE *outs[OUTPUTS];
  outs[0] = fopen(names[0], "w");
  open_outputs(outs, names);
  for (int i = 0; i < OUTPUTS; ++i)
    setbuf(outs[i], NULL);
  for (const char *p = text; *p; ++p)
    putc(*p, outs[(unsigned char)*p % OUTPUTS]);
  return 0;
}

// A cursor that stores through itself: any stream may be in the array.
int tee_or_stdout(const char **names, const char *text) {
  FILE *outs[OUTPUTS];
  for (int i = 0; i < OUTPUTS; ++i) {
    outs[i] = fopen(names[i], "w");
    if (!outs[i])
      return -1;
    setbuf(outs[i], NULL);
  }
  for (FILE **fp = outs; fp < outs + OUTPUTS; ++fp)
    if (!*fp)
      *fp = stdout;
  for (const char *p = text; *p; ++p)
    for (FILE **fp = outs; fp < outs + OUTPUTS; ++fp)
      putc(*p, *fp);
  return 0;
}

// A cursor handed to a function, which may store through it.
void reopen_all(FILE **first, int n);
int tee_reopened(const char **names, const char *text) {
  FILE *outs[OUTPUTS];
  for (int i = 0; i < OUTPUTS; ++i) {
    outs[i] = fopen(names[i], "w");
    if (!outs[i])
      return -1;
    setbuf(outs[i], NULL);
  }
  FILE **cursor = outs;
  reopen_all(cursor, OUTPUTS);
  for (const char *p = text; *p; ++p)
    for (FILE **fp = outs; fp < outs + OUTPUTS; ++fp)
      putc(*p, *fp);
  return 0;
}

// The cursor's array also holds the terminal: its buffering is the user's.
int tee_terminal(const char *name, const char *text) {
  FILE *outs[2];
  outs[0] = stdout;
  if (!(outs[1] = fopen(name, "w")))
    return -1;
  for (FILE **fp = outs; fp < outs + 2; ++fp)
    setbuf(*fp, NULL);
  for (const char *p = text; *p; ++p)
    for (FILE **fp = outs; fp < outs + 2; ++fp)
      putc(*p, *fp);
  fclose(outs[1]);
  return 0;
}

// An unbuffered log for concurrent appenders, one whole line per write,
// through a statement-like macro: the point of the unbuffered stream.
int log_quiet(const char *path, const char **msgs, int n) {
  FILE *log = fopen(path, "a");
  if (!log)
    return -1;
  setvbuf(log, NULL, _IONBF, 0);
  for (int i = 0; i < n; ++i)
    QUIET(fprintf(log, "%s\n", msgs[i]));
  return fclose(log);
}
