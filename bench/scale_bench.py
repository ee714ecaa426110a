#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""How each check's time grows with the size of one function.

Usage: bench/scale_bench.py [--build build] [--sizes 4000,8000,16000]
                            [--max-exponent E] [--whole --clang CLANG]

Generates the shapes generated code has (state machines, serialisers) at
each size n and runs syscall-tidy --enable-check-profile on each, in one
process per file, printing the parse time, each check's user CPU time, all
checks' together, the kernel time they cost (page faults: printed, not
judged) and, per row, the growth exponent k of time ~ n^k (least
squares on log-log over the sizes). With --max-exponent, exits 1 when any
exponent of a row that takes measurable time exceeds E (the CI test uses
1.15 over 4,000-16,000).

With --whole, each shape is run as whole processes instead: all checks,
findings printed as text and as JSON, against clang's parse of the same
file (-fsyntax-only); the table gives each one's CPU seconds and peak
memory, their ratios to the parse, and the exponents of the CPU times.

  seek-write   n straight-line lseek + write pairs on one descriptor
  open-stat    n { open; fstat; S_ISDIR; stat by path; close; chmod by
               path } blocks
  switch-seek  a switch of n cases, each a seek and a write
  handle-seeks n requests that look a descriptor up in a handle table,
               seek unless its flags append, and write; and seek and read
  handle-flags the same, the handle's flags kept in one local, tested
               after the lookup or before it
  handle-blocks the same, each request a block declaring its descriptor
  runtime-flags n opens with the caller's flags, tested once for O_APPEND,
               each followed by a seek and a write
  handle-records n functions that seek a handle record's descriptor to its
               stored position and write, each testing a flag of its own
               in the record's flags field first
  dirent-loop  one readdir loop of n blocks, each building the entry's path
               in one buffer and stating it for its type (its own stat
               buffer) or for its size (a shared one)
  access-open  n access + open pairs of three paths in one function
  size-probes  n fopen + fseek to the end + ftell + fseek back in one
               function
  reopen-loop  one loop that opens, reads and closes n files through one
               descriptor variable
  held-stats   n opens of three paths, each stated by path while open (one
               stat buffer)
  nonblock-helper  n sockets in one variable, each made non-blocking by a
               static helper of the file
  fflush-loop  a loop of n fprintf + fflush pairs on one stream
  endl-loop    a loop of n `out << i << std::endl` on an ofstream
  static-helpers  n static helpers that stat the descriptor their one caller
               opened (each helper's callers are looked up in the file)
  fcntl-flags  n fcntl(fd, F_SETFD, FD_CLOEXEC) after one open (each was a
               walk back over all the earlier ones)
  param-flags  n fcntl(c->fd, F_SETFD, FD_CLOEXEC) on a field of the
               caller's record, in a function that opens something else
               (each read every use of c)
  flag-answers n flags read back and set, each set's answer stored in its
               read's local, and one local given every answer
  pipe-flags   n pipe() calls, each end then made close-on-exec by fcntl
  libc-loop    one loop whose body asks getpwuid, localtime and realpath,
               makes a directory and reads a configuration file n times each
  pid-checks   n functions that compare getpid() with the pid one saved
  nested-loops n loops nested in one another, each calling getpid() and
               isatty() and writing (n is the nesting depth)
  many-descriptors  n descriptors in one straight function, each a local
               of its own: opened, made close-on-exec, truncated, seeked and
               written, stated and closed (each searched the whole block for
               its definitions)
  mix-LAYOUT   n statements, one for each check in turn (its finding or a
               look-alike), laid out as straight code, a switch, an
               if/else-if chain (n deep), gotos to a cleanup label, one
               loop's body, or n functions of one statement
"""
import argparse
import json
import math
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def seek_write(n):
    body = "".join("  lseek(fd, %d, SEEK_SET);\n  write(fd, buf, 8);\n"
                   % (i * 8) for i in range(n))
    return ("#include <fcntl.h>\n#include <unistd.h>\n"
            "void put(const char *p, const char *buf) {\n"
            "  int fd = open(p, O_WRONLY | O_CREAT, 0644);\n"
            + body + "  close(fd);\n}\n", ".c")


def open_stat(n):
    block = ("  {\n    int fd = open(p, O_WRONLY | O_CREAT, 0644);\n"
             "    if (fd < 0)\n      return -1;\n"
             "    struct stat st;\n"
             "    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {\n"
             "      close(fd);\n      return -1;\n    }\n"
             "    if (stat(p, &st) != 0)\n      return -1;\n"
             "    close(fd);\n    chmod(p, 0644);\n  }\n")
    return ("#include <fcntl.h>\n#include <sys/stat.h>\n#include <unistd.h>\n"
            "int make(const char *p) {\n" + block * n + "  return 0;\n}\n",
            ".c")


def switch_seek(n):
    cases = "".join("  case %d:\n    lseek(fd, %d, SEEK_SET);\n"
                    "    write(fd, buf, 8);\n    break;\n" % (i, i * 8)
                    for i in range(n))
    return ("#include <fcntl.h>\n#include <unistd.h>\n"
            "void put(const char *p, const char *buf, int k) {\n"
            "  int fd = open(p, O_WRONLY | O_CREAT, 0644);\n"
            "  switch (k) {\n" + cases + "  }\n  close(fd);\n}\n", ".c")


def fflush_loop(n):
    body = "".join('    fprintf(f, "%%d\\n", v[i] + %d);\n    fflush(f);\n' % i
                   for i in range(n))
    return ("#include <stdio.h>\n"
            "int dump(const char *p, const int *v, int m) {\n"
            '  FILE *f = fopen(p, "w");\n'
            "  for (int i = 0; i < m; ++i) {\n" + body + "  }\n"
            "  return fclose(f);\n}\n", ".c")


def endl_loop(n):
    body = "".join("    out << v[i] + %d << std::endl;\n" % i for i in range(n))
    return ("#include <fstream>\n#include <vector>\n"
            "void dump(const char *p, const std::vector<int> &v) {\n"
            "  std::ofstream out(p);\n"
            "  for (size_t i = 0; i < v.size(); ++i) {\n" + body + "  }\n}\n",
            ".cpp")


def static_helpers(n):
    pair = ("static int reject_dir_%d(int fd) {\n  struct stat st;\n"
            "  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {\n"
            "    close(fd);\n    return -1;\n  }\n  return fd;\n}\n"
            "int open_%d(const char *p) {\n"
            "  int fd = open(p, O_WRONLY | O_CREAT, 0644);\n"
            "  if (fd < 0)\n    return -1;\n  return reject_dir_%d(fd);\n}\n")
    return ("#include <fcntl.h>\n#include <sys/stat.h>\n#include <unistd.h>\n"
            + "".join(pair % (i, i, i) for i in range(n)), ".c")


def fcntl_flags(n):
    return ("#include <fcntl.h>\nvoid f(const char *p) {\n"
            "  int fd = open(p, O_RDONLY);\n"
            + "  fcntl(fd, F_SETFD, FD_CLOEXEC);\n" * n + "}\n", ".c")


def param_flags(n):
    # The descriptor is a field of a parameter that nothing here makes: each
    # flag call asked every use of the parameter whether a maker's value
    # goes into it (vim's exec_instructions, one function of thousands of
    # uses of its ectx).
    return ("#include <fcntl.h>\nstruct conn { int fd; };\n"
            "int f(struct conn *c, const char *p) {\n"
            "  int log = open(p, O_WRONLY | O_CLOEXEC);\n"
            + "  fcntl(c->fd, F_SETFD, FD_CLOEXEC);\n" * n
            + "  return log;\n}\n", ".c")


def flag_answers(n):
    # n flags read back and set, each set's answer stored in the local that
    # held the read (two values each), and one local given all of them
    # (2n values): a test of such a local asked for all its values.
    blocks = "".join(
        "  {\n    int fl = fcntl(fd, F_GETFD);\n    if (fl >= 0)\n"
        "      fl = fcntl(fd, F_SETFD, fl | FD_CLOEXEC);\n  }\n"
        "  all = fcntl(fd, F_GETFD);\n  if (all >= 0)\n"
        "    all = fcntl(fd, F_SETFD, all | FD_CLOEXEC);\n" for _ in range(n))
    return ("#include <fcntl.h>\nint f(const char *p) {\n"
            "  int all, fd = open(p, O_RDONLY);\n" + blocks
            + "  return fd + all;\n}\n", ".c")


def pipe_flags(n):
    # n pipes in one function, each end made close-on-exec by fcntl: each
    # flag call's partner on the other end was a search of the whole unit.
    return ("#include <fcntl.h>\n#include <unistd.h>\nint f(void) {\n"
            "  int p[2], n = 0;\n" + "".join(
                "  if (pipe(p) == 0) {\n"
                "    fcntl(p[0], F_SETFD, FD_CLOEXEC);\n"
                "    fcntl(p[1], F_SETFD, FD_CLOEXEC);\n"
                "    n += p[0] + p[1];\n  }\n" for _ in range(n))
            + "  return n;\n}\n", ".c")


def nested_loops(n):
    opens = "".join(
        "%sfor (int i%d = 0; i%d < 2; i%d++) {\n"
        "%s  if (getpid() == 0 || isatty(1))\n%s    write(1, \"x\", 1);\n"
        % (" " * (i % 8), i, i, i, " " * (i % 8), " " * (i % 8))
        for i in range(n))
    return ("#include <unistd.h>\nvoid walk(void) {\n" + opens + "}\n" * n
            + "}\n", ".c")


def libc_loop(n):
    return ("#include <pwd.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
            "#include <sys/stat.h>\n#include <time.h>\n"
            "long f(const unsigned *ids, const long *ts, const char *base,\n"
            "       const char **dirs, char *buf, int m) {\n"
            "  long sum = 0;\n  for (int i = 0; i < m; i++) {\n"
            + ("    sum += getpwuid(ids[i]) != 0;\n"
               "    sum += localtime(&ts[i]) != 0;\n"
               "    sum += realpath(base, buf) != 0;\n"
               "    mkdir(dirs[i], 0755);\n"
               "    {\n      FILE *f = fopen(\"/etc/example.conf\", \"r\");\n"
               "      if (f) {\n        sum += fgetc(f);\n"
               "        fclose(f);\n      }\n    }\n") * n
            + "  }\n  return sum;\n}\n", ".c")


def pid_checks(n):
    return ("#include <unistd.h>\nstatic pid_t saved;\n"
            "void init(void) { saved = getpid(); }\n"
            + "".join("int check%d(void) { return saved != getpid(); }\n" % i
                      for i in range(n)), ".c")


# One statement for each check (its finding, or a look-alike), cycled through
# the layouts below: every check sees every layout at every size. %(i)d is the
# statement's number, so no two are the same expression.
MIX = [
    "lseek(fd, %(i)d, SEEK_SET);\nwrite(fd, buf, 8);",
    "if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))\n  return -1;",
    "fcntl(fd, F_SETFD, FD_CLOEXEC);",
    "ftruncate(fd, %(i)d);",
    'fprintf(f, "%%d\\n", k + %(i)d);\nfflush(f);',
    "if (getpid() == %(i)d)\n  return -2;",
    "if (access(p, F_OK) == 0)\n  close(open(p, O_RDONLY));",
    "size += lseek(fd, 0, SEEK_END);\nlseek(fd, %(i)d, SEEK_SET);",
    "read(fd, &c, 1);",
    "if (stat(p, &st) == 0 && st.st_size > %(i)d)\n  size += stat(p, &st);",
    "for (int j = 0; j < k; j++)\n  size += getpwuid(ids[j]) != 0 && "
    "localtime(&ts[j]) != 0;",
    "for (struct dirent *e; (e = readdir(d)) != 0;)\n"
    "  size += stat(e->d_name, &st);",
    'for (int j = 0; j < k; j++) {\n  FILE *g = fopen("/etc/example.conf", '
    '"r");\n  if (g) {\n    size += fgetc(g);\n    fclose(g);\n  }\n}',
    "if (fstat(fd, &st) == 0 && st.st_size > %(i)d)\n  size += st.st_blksize;",
]
MIX_HEAD = ("#include <dirent.h>\n#include <fcntl.h>\n#include <pwd.h>\n"
            "#include <stdio.h>\n#include <sys/stat.h>\n#include <time.h>\n"
            "#include <unistd.h>\n")
MIX_PARAMS = ("const char *p, const char *buf, int k, FILE *f, DIR *d,\n"
              "         const unsigned *ids, const time_t *ts")
MIX_LOCALS = ("  int fd = open(p, O_WRONLY | O_CREAT, 0644);\n"
              "  if (fd < 0)\n    return -1;\n"
              "  struct stat st;\n  long size = 0;\n  char c;\n")


def indent(text, depth):
    return "".join(" " * depth + line + "\n" for line in text.split("\n"))


def mix_statement(i, depth):
    return indent(MIX[i % len(MIX)] % {"i": i}, depth)


def mix_body(layout, n):
    if layout == "straight":
        return "".join(mix_statement(i, 2) for i in range(n))
    if layout == "switch":
        return ("  switch (k) {\n" + "".join(
            "  case %d: {\n%s    break;\n  }\n" % (i, mix_statement(i, 4))
            for i in range(n)) + "  }\n")
    if layout == "if-chain":
        # else-if chains nest in the AST: a chain of n is n levels deep.
        return "".join("  %sif (k == %d) {\n%s  }" % (
            "" if i == 0 else " else ", i, mix_statement(i, 4))
            for i in range(n)) + "\n"
    if layout == "goto":
        return "".join("%s  if (k == %d)\n    goto out;\n"
                       % (mix_statement(i, 2), i) for i in range(n))
    if layout == "loop":
        return ("  for (int i = 0; i < k; i++) {\n"
                + "".join(mix_statement(i, 4) for i in range(n)) + "  }\n")
    raise KeyError(layout)


def mix(layout):
    """n statements of MIX in one function, laid out as `layout`; or, for
    `functions`, n functions of one statement each."""
    def generate(n):
        if layout == "functions":
            return (MIX_HEAD + "".join(
                "int f%d(%s) {\n%s%s  close(fd);\n  return size + c;\n}\n"
                % (i, MIX_PARAMS, MIX_LOCALS, mix_statement(i, 2))
                for i in range(n)), ".c")
        tail = "out:\n" if layout == "goto" else ""
        return (MIX_HEAD + "int f(%s) {\n%s%s%s  close(fd);\n"
                "  return size + c;\n}\n"
                % (MIX_PARAMS, MIX_LOCALS, mix_body(layout, n), tail), ".c")
    return generate


def handle_seeks(n):
    # A server's handle table: each request looks the descriptor up, seeks
    # unless the handle appends and writes, or seeks and reads. Each seek
    # asks whether every path from its lookup tests the flags, and the
    # lookup whether each of its n descriptors seeks or appends first.
    block = ("  fd = slot_fd(k + %d);\n"
             "  if (!(slot_flags(k + %d) & O_APPEND) &&\n"
             "      lseek(fd, off, SEEK_SET) == -1)\n    return -1;\n"
             "  else if (write(fd, buf, 8) != 8)\n    return -1;\n"
             "  fd = slot_fd(k + %d);\n"
             "  if (lseek(fd, off, SEEK_SET) == -1)\n    return -1;\n"
             "  if (read(fd, buf, 8) != 8)\n    return -1;\n")
    return ("#include <fcntl.h>\n#include <unistd.h>\n"
            "static int fds[8], flags[8];\n"
            "static int slot_fd(int s) { return fds[s & 7]; }\n"
            "static int slot_flags(int s) { return flags[s & 7]; }\n"
            "int serve(int k, off_t off, char *buf) {\n  int fd;\n"
            + "".join(block % (i, i, i) for i in range(n))
            + "  return 0;\n}\n", ".c")


def handle_flags(n):
    # The same table, its flags kept in a local given anew per request: each
    # seek asks which locals hold the handle's flags and where they are
    # tested.
    block = ("  fd = slot_fd(k + %d);\n  fl = slot_flags(k + %d);\n"
             "  if (!(fl & O_APPEND) && lseek(fd, off, SEEK_SET) == -1)\n"
             "    return -1;\n"
             "  else if (write(fd, buf, 8) != 8)\n    return -1;\n"
             # The flags tested before the lookup: the seek asks which
             # locals every path to it tested.
             "  fl = slot_flags(k + %d);\n  if (fl & O_APPEND)\n    return -1;\n"
             "  fd = slot_fd(k + %d);\n  lseek(fd, off, SEEK_SET);\n"
             "  if (write(fd, buf, 8) != 8)\n    return -1;\n")
    return ("#include <fcntl.h>\n#include <unistd.h>\n"
            "static int fds[8], flags[8];\n"
            "static int slot_fd(int s) { return fds[s & 7]; }\n"
            "static int slot_flags(int s) { return flags[s & 7]; }\n"
            "int serve(int k, off_t off, char *buf) {\n  int fd, fl;\n"
            + "".join(block % (i, i, i, i) for i in range(n))
            + "  return 0;\n}\n", ".c")


def handle_blocks(n):
    # Each request in a block of its own that declares its descriptor: the
    # walk after each write ends where the block does, not at the
    # function's end.
    block = ("  {\n    int fd = slot_fd(k + %d);\n"
             "    if (!(slot_flags(k + %d) & O_APPEND) &&\n"
             "        lseek(fd, off, SEEK_SET) == -1)\n      return -1;\n"
             "    else if (write(fd, buf, 8) != 8)\n      return -1;\n  }\n")
    return ("#include <fcntl.h>\n#include <unistd.h>\n"
            "static int fds[8], flags[8];\n"
            "static int slot_fd(int s) { return fds[s & 7]; }\n"
            "static int slot_flags(int s) { return flags[s & 7]; }\n"
            "int serve(int k, off_t off, char *buf) {\n"
            + "".join(block % (i, i) for i in range(n))
            + "  return 0;\n}\n", ".c")


def runtime_flags(n):
    # Opens with the caller's flags, tested once at the top for O_APPEND:
    # every seek asks whether each path from the function's entry tests
    # them.
    block = ("  fd = open(p, flags);\n  if (fd < 0)\n    return -1;\n"
             "  lseek(fd, %d, SEEK_SET);\n"
             "  if (write(fd, buf, 8) != 8)\n    return -1;\n"
             "  close(fd);\n")
    return ("#include <fcntl.h>\n#include <unistd.h>\n"
            "int put(const char *p, int flags, const char *buf) {\n"
            "  int fd;\n  if (flags & O_APPEND)\n    return -1;\n"
            + "".join(block % (i * 8) for i in range(n))
            + "  return 0;\n}\n", ".c")


def handle_records(n):
    # A stdio-like handle record (fd, flags, pos): each of n functions tests
    # a flag of the program's own in the flags field, seeks to the stored
    # position and writes. Whether the field holds open flags was a walk of
    # its n uses per seek.
    body = ("int put_%d(struct handle *h, const void *buf, size_t len) {\n"
            "  if (h->flags & H_DIRTY)\n    h->state = %d;\n"
            "  if (lseek(h->fd, h->pos, SEEK_SET) < 0)\n    return -1;\n"
            "  if (write(h->fd, buf, len) < 0)\n    return -1;\n"
            "  h->pos += len;\n  return 0;\n}\n")
    return ("#include <fcntl.h>\n#include <unistd.h>\n"
            "struct handle { int fd; int flags; off_t pos; int state; };\n"
            "#define H_DIRTY 0x100\n"
            + "".join(body % (i, i) for i in range(n))
            + "int handle_open(struct handle *h, const char *path, int flags) {\n"
            "  h->fd = open(path, flags, 0644);\n  h->flags = flags;\n"
            "  h->pos = 0;\n  return h->fd < 0 ? -1 : 0;\n}\n", ".c")


def repeated_in_one_function(prologue, head, block, n, tail, args=None):
    """A C file: prologue, then one function whose body is head, block
    repeated n times (formatted with args(i)), then tail."""
    args = args or (lambda i: ())
    return (prologue + head + "".join(block % args(i) for i in range(n))
            + tail, ".c")


def access_open(n):
    # Each access asked whether the function handles user ids by searching
    # the function's whole text.
    return repeated_in_one_function(
        "#include <fcntl.h>\n#include <unistd.h>\n",
        "int check(const char *p0, const char *p1, const char *p2) {\n"
        "  int fd;\n",
        "  if (access(p%d, R_OK) != 0)\n    return -1;\n"
        "  fd = open(p%d, O_RDONLY);\n  if (fd < 0)\n    return -1;\n"
        "  close(fd);\n", n, "  return 0;\n}\n", lambda i: (i % 3, i % 3))


def size_probes(n):
    # Each probe asked whether the function tells devices apart by
    # searching the function's whole text.
    return repeated_in_one_function(
        "#include <stdio.h>\n",
        "long sizes(const char *p0, const char *p1) {\n"
        "  FILE *fp;\n  long size = 0;\n",
        "  fp = fopen(p%d, \"r\");\n  if (!fp)\n    return -1;\n"
        "  fseek(fp, 0, SEEK_END);\n  size += ftell(fp);\n"
        "  fseek(fp, 0, SEEK_SET);\n  fclose(fp);\n", n,
        "  return size;\n}\n", lambda i: (i % 2,))


def reopen_loop(n):
    # One descriptor variable for n files in one loop: each open walked all
    # its uses, and each guard of it all its changes before the guard.
    return repeated_in_one_function(
        "#include <fcntl.h>\n#include <unistd.h>\n",
        "long reload(int rounds) {\n  char buf[64];\n  long total = 0;\n"
        "  int fd;\n  for (int r = 0; r < rounds; r++) {\n",
        "    fd = open(\"/etc/app/part%d\", O_RDONLY);\n"
        "    if (fd >= 0) {\n      total += read(fd, buf, sizeof buf);\n"
        "      close(fd);\n    }\n", n, "  }\n  return total;\n}\n",
        lambda i: (i,))


def held_stats(n):
    # Each stat of an open path asked whether the function reads the stat
    # buffer's st_ino or fstats the descriptor: a walk of their n uses.
    return repeated_in_one_function(
        "#include <fcntl.h>\n#include <sys/stat.h>\n#include <unistd.h>\n",
        "long sizes(const char *p0, const char *p1, const char *p2) {\n"
        "  int fd;\n  struct stat st;\n  long total = 0;\n",
        "  fd = open(p%d, O_RDONLY);\n  if (fd < 0)\n    return -1;\n"
        "  if (stat(p%d, &st) != 0)\n    return -1;\n"
        "  total += st.st_size;\n  close(fd);\n", n,
        "  return total;\n}\n", lambda i: (i % 3, i % 3))


def nonblock_helper(n):
    # Each helper call asked where the socket variable's address goes: a
    # walk of its n uses.
    return repeated_in_one_function(
        "#include <fcntl.h>\n#include <sys/socket.h>\n#include <unistd.h>\n"
        "static int set_nonblock(int fd) {\n"
        "  int fl = fcntl(fd, F_GETFL, 0);\n  if (fl < 0)\n    return -1;\n"
        "  return fcntl(fd, F_SETFL, fl | O_NONBLOCK);\n}\n",
        "int listen_all(int *fds) {\n  int s;\n",
        "  s = socket(AF_INET, SOCK_STREAM, 0);\n  if (s < 0)\n"
        "    return -1;\n  if (set_nonblock(s) < 0)\n    return -1;\n"
        "  fds[%d] = s;\n", n, "  return 0;\n}\n", lambda i: (i,))


def dirent_loop(n):
    # One directory walk that stats n paths per entry, built in one buffer:
    # each stat asked which call last filled the buffer (a search of the
    # loop per stat), whether the loop reads d_type, and every use of the
    # shared stat buffer.
    block = ("    {\n      struct stat own;\n"
             "      snprintf(path, sizeof path, \"%%s/%%s.%d\", dir, e->d_name);\n"
             "      if (stat(path, &own) == 0 && S_ISDIR(own.st_mode))\n"
             "        dirs++;\n    }\n"
             "    snprintf(path, sizeof path, \"%%s/%%s/%d\", dir, e->d_name);\n"
             "    if (stat(path, &st) == 0)\n      total += st.st_size;\n")
    return ("#include <dirent.h>\n#include <stdio.h>\n#include <sys/stat.h>\n"
            "long walk(const char *dir) {\n  DIR *d = opendir(dir);\n"
            "  struct dirent *e;\n  struct stat st;\n  char path[4096];\n"
            "  long total = 0, dirs = 0;\n  if (!d)\n    return -1;\n"
            "  while ((e = readdir(d)) != NULL) {\n"
            + "".join(block % (i, i) for i in range(n // 2))
            + "  }\n  closedir(d);\n  return total + dirs;\n}\n", ".c")


def flag_tests(n):
    # A descriptor set to -1 first and n branches on locals before its use:
    # its reaching definitions cross each branch, and each branch's local
    # was followed to its sole value by a walk of the whole function.
    return repeated_in_one_function(
        "#include <fcntl.h>\n#include <sys/stat.h>\n#include <unistd.h>\n"
        "int probe(int);\n",
        "long scan(const char *p, int use) {\n  int fd = -1;\n"
        "  struct stat st;\n  long total = 0;\n  if (use)\n"
        "    fd = open(p, O_WRONLY | O_CREAT, 0644);\n",
        "  int ok%d = probe(%d);\n  if (ok%d)\n    total += %d;\n", n,
        "  if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))\n"
        "    return -1;\n  return total;\n}\n", lambda i: (i, i, i, i))


def many_descriptors(n):
    block = ("  int fd%d = open(p, O_WRONLY | O_CREAT, 0644);\n"
             "  fcntl(fd%d, F_SETFD, FD_CLOEXEC);\n"
             "  ftruncate(fd%d, 0);\n"
             "  lseek(fd%d, 0, SEEK_SET);\n"
             "  write(fd%d, p, 1);\n"
             "  fstat(fd%d, &st);\n"
             "  n += S_ISDIR(st.st_mode);\n"
             "  close(fd%d);\n")
    body = "".join(block % ((i,) * 7) for i in range(n))
    return ("#include <fcntl.h>\n#include <sys/stat.h>\n#include <unistd.h>\n"
            "int make(const char *p) {\n  struct stat st;\n  int n = 0;\n"
            + body + "  return n;\n}\n", ".c")


SHAPES = {"seek-write": seek_write, "handle-seeks": handle_seeks,
          "handle-flags": handle_flags, "handle-blocks": handle_blocks,
          "runtime-flags": runtime_flags, "handle-records": handle_records,
          "open-stat": open_stat,
          "static-helpers": static_helpers,
          "switch-seek": switch_seek, "dirent-loop": dirent_loop,
          "access-open": access_open, "size-probes": size_probes,
          "reopen-loop": reopen_loop, "held-stats": held_stats,
          "nonblock-helper": nonblock_helper,
          "fflush-loop": fflush_loop,
          "endl-loop": endl_loop, "fcntl-flags": fcntl_flags,
          "param-flags": param_flags, "flag-answers": flag_answers,
          "pipe-flags": pipe_flags,
          "libc-loop": libc_loop, "pid-checks": pid_checks,
          "nested-loops": nested_loops, "flag-tests": flag_tests,
          "many-descriptors": many_descriptors}
SHAPES.update({"mix-" + layout: mix(layout) for layout in
               ("straight", "switch", "if-chain", "goto", "loop", "functions")})
# Deep nesting needs more than clang's default 256 levels of brackets.
FLAGS = ["-D_GNU_SOURCE", "-fbracket-depth=4096"]
ROW = re.compile(r"^\s+(.+?)\s+([0-9]+\.[0-9]+)$")
ALL = "all checks"
# The checks' system time: first touches of the memory they keep. On a VM
# it varies 2-5x between runs of one binary (0.18-1.10 s on one 16,000
# helper file, the same 173,000 page faults each time), which no exponent
# survives; the memory itself is judged in --whole mode.
KERNEL = "kernel, all checks (not judged)"
PARSE = "parse (clang)"


def profile(tool, path, with_parse):
    """Seconds per check (user CPU time, which load from other processes
    does not inflate) and the parse (wall), for one file in one process."""
    store = tempfile.mkdtemp(prefix="syscall-tidy-scale-profile-")
    proc = subprocess.run([tool, "--enable-check-profile",
                           "--store-check-profile=" + store, "--quiet",
                           "--checks=-*,syscall-*", path, "--"] + FLAGS,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, timeout=3600)
    if proc.returncode not in (0, 1):
        sys.exit("scale_bench: syscall-tidy failed on %s:\n%s"
                 % (path, proc.stderr))
    times = {}
    for root, _, files in os.walk(store):
        for name in files:
            with open(os.path.join(root, name)) as f:
                data = json.load(f)["profile"]
            for key, value in data.items():
                m = re.match(r"time\.clang-tidy\.(.+)\.(user|sys)$", key)
                row = m and (m.group(1) if m.group(2) == "user" else KERNEL)
                if row:
                    times[row] = times.get(row, 0.0) + value
    shutil.rmtree(store)
    if not with_parse:
        return times
    # The parse, wall time, from a run without the profile's storage.
    proc = subprocess.run([tool, "--enable-check-profile", "--quiet",
                           "--checks=-*,syscall-*", path, "--"] + FLAGS,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, timeout=3600)
    for line in proc.stderr.splitlines():
        m = ROW.match(line)
        if m and m.group(1) == PARSE:
            times[PARSE] = float(m.group(2))
    return times


# Measurements of a shape over the bound before it fails. The checks'
# timers count user time in clock ticks (4 ms here), so the fastest of
# several runs of a small size is a lucky tick as often as an unloaded run:
# the median of each size's runs counts (one run here, 2026-12-04, took the
# fastest of four, 0.0247 0.0501 0.1302 s, and judged k = 1.38 from 8,000
# for a check whose other runs measured 0.067 and 0.119-0.132 s there).
ROUNDS = 4


def superlinear(k, k_parse, bound):
    """Whether exponent \p k is over \p bound by itself and beside the
    parse's \p k_parse, measured in the same run: a machine's cache and
    memory effects at the largest sizes slow clang's parse as much (seen:
    both 1.2-1.3 over 8,000-16,000 on one machine), a quadratic walk does
    not."""
    return k > bound and (k_parse is None or k - k_parse > bound - 1)


def judged_range(series, min_seconds):
    """The index of the first size a row is judged from: where it takes
    \p min_seconds, with a larger size after it; None when there is none.
    Judging a row from a size where it is barely measurable lets timer
    noise decide (one run: 0.050, 0.137, 0.332 s is k = 1.37 over three
    sizes and 1.28 over the two it is measurable at)."""
    for i, t in enumerate(series[:-1]):
        if t >= min_seconds:
            return i
    return None


def judged_exponent(sizes, series, parses, min_seconds):
    """The row's exponent and the parse's over the sizes it is judged at;
    None when it is not judged. The exponent is the smaller of the fit over
    those sizes and the one between the two largest: a super-linear walk
    dominates more the larger the function, so it is over the bound at the
    largest step too, while a step in the machine's caches or one slow
    measurement moves one step only (a clean-clone run, 2026-12-04:
    mix-switch 0.080, 0.292, 0.538 s, k = 1.86 then 0.88)."""
    i = judged_range(series, min_seconds)
    if i is None:
        return None
    k_parse = exponent(sizes[i:], parses[i:]) if all(parses) else None
    k = min(exponent(sizes[i:], series[i:]),
            exponent(sizes[-2:], series[-2:]))
    return k, k_parse, sizes[i]


def exponent(sizes, times):
    xs = [math.log(n) for n in sizes]
    ys = [math.log(max(t, 1e-6)) for t in times]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return (sum((x - mx) * (y - my) for x, y in zip(xs, ys))
            / sum((x - mx) ** 2 for x in xs))


def whole(tool, clang, path, work):
    """The parse's and the tool's whole processes on one file."""
    runs = {}
    for name, command in (
            ("parse", [clang, "-fsyntax-only"] + FLAGS + [path]),
            ("text", [tool, "--quiet", "--checks=-*,syscall-*", path, "--"]
             + FLAGS),
            ("json", [tool, "--quiet", "--checks=-*,syscall-*",
                      "--format=json", path, "--"] + FLAGS)):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        with open(os.path.join(work, "out." + name), "w") as out:
            proc = subprocess.run(command, stdout=out,
                                  stderr=subprocess.PIPE, text=True,
                                  timeout=3600)
        if proc.returncode not in (0, 1):
            sys.exit("scale_bench: %s failed on %s:\n%s"
                     % (command[0], path, proc.stderr))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        runs[name] = (after.ru_utime - before.ru_utime
                      + after.ru_stime - before.ru_stime)
    return runs


def peak_mib(command):
    """Peak resident memory of \p command, in MiB, from a child process that
    runs it alone (RUSAGE_CHILDREN keeps the largest child's)."""
    probe = ("import resource, subprocess, sys\n"
             "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL,"
             " stderr=subprocess.DEVNULL)\n"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe] + command,
                         capture_output=True, text=True, timeout=3600)
    return int(out.stdout.strip() or 0) / 1024.0


def measure_whole(args, tool, shape, sizes, paths, work):
    """The whole-process table of one shape; the names over the bound."""
    best = [None] * len(paths)
    # As for the checks' timers (ROUNDS): a whole process on a shared
    # machine varies more than its checks do.
    for _ in range(ROUNDS):
        for i, path in enumerate(paths):
            for _ in range(args.repeat):
                runs = whole(tool, args.clang, path, work)
                best[i] = runs if best[i] is None else {
                    k: min(best[i][k], runs[k]) for k in runs}
        rows = {k: [b[k] for b in best] for k in ("parse", "text", "json")}
        k_parse = exponent(sizes, rows["parse"])
        if args.max_exponent is None or not any(
                superlinear(exponent(sizes, rows[k]), k_parse,
                            args.max_exponent) for k in ("text", "json")):
            break
    memory = {"parse": [], "json": []}
    for path in paths:
        memory["parse"].append(peak_mib([args.clang, "-fsyntax-only"]
                                        + FLAGS + [path]))
        memory["json"].append(peak_mib(
            [tool, "--quiet", "--checks=-*,syscall-*", "--format=json",
             path, "--"] + FLAGS))
    print("%s (whole processes):" % shape)
    print("  %-32s %s" % ("n", " ".join("%9d" % n for n in sizes)))
    over = []
    for name in ("parse", "text", "json"):
        k = exponent(sizes, rows[name])
        verdict = ""
        if (name != "parse" and args.max_exponent is not None
                and superlinear(k, k_parse, args.max_exponent)):
            verdict = "  > %.2f (parse %.2f) FAIL" % (args.max_exponent,
                                                       k_parse)
            over.append("%s/whole-%s (k=%.2f: %s)" % (
                shape, name, k, " ".join("%.4f" % t for t in rows[name])))
        print("  %-32s %s   k=%.2f%s" % (
            name + " (CPU s)", " ".join("%9.4f" % t for t in rows[name]), k,
            verdict))
    for name in ("text", "json"):
        print("  %-32s %s" % (name + " / parse", " ".join(
            "%9.2f" % (t / max(p, 1e-6))
            for t, p in zip(rows[name], rows["parse"]))))
    for name in ("parse", "json"):
        print("  %-32s %s" % (name + " (peak MiB)", " ".join(
            "%9.1f" % m for m in memory[name])))
    print("  %-32s %s" % ("json / parse (memory)", " ".join(
        "%9.2f" % (j / max(p, 1e-6))
        for j, p in zip(memory["json"], memory["parse"]))))
    return over


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--sizes", default="4000,8000,16000")
    ap.add_argument("--shapes", default=",".join(
        s for s in SHAPES if s not in ("nested-loops", "mix-if-chain")),
        help="nested-loops and mix-if-chain, whose n is a depth, run only "
        "when named")
    ap.add_argument("--max-exponent", type=float)
    ap.add_argument("--repeat", type=int, default=2,
                    help="runs per size; the median counts for the checks' "
                    "timers (the fastest for whole processes); a shape over "
                    "the bound is measured up to ROUNDS times in all before "
                    "it fails")
    ap.add_argument("--min-seconds", type=float, default=0.02,
                    help="a row is judged from the first size where it "
                    "takes this long, over two sizes at least, or not at "
                    "all (timer noise: clang's timers count CPU time in "
                    "steps of milliseconds)")
    ap.add_argument("--whole", action="store_true",
                    help="whole processes (text and JSON findings) against "
                    "clang's parse, instead of the checks' own timers")
    ap.add_argument("--clang", default=shutil.which("clang-19") or "clang",
                    help="the compiler whose -fsyntax-only is the parse")
    args = ap.parse_args()
    tool = os.path.join(args.build, "bin", "syscall-tidy")
    sizes = [int(s) for s in args.sizes.split(",")]
    if len(set(sizes)) < 2:
        sys.exit("scale_bench: --sizes needs two sizes or more")
    work = tempfile.mkdtemp(prefix="syscall-tidy-scale-")
    failed = []
    for shape in args.shapes.split(","):
        if shape not in SHAPES:
            sys.exit("scale_bench: no shape '%s' (%s)"
                     % (shape, ", ".join(SHAPES)))
        paths = []
        for n in sizes:
            text, ext = SHAPES[shape](n)
            paths.append(os.path.join(work, "%s-%d%s" % (shape, n, ext)))
            with open(paths[-1], "w") as f:
                f.write(text)
        if args.whole:
            failed += measure_whole(args, tool, shape, sizes, paths, work)
            continue
        runs = [[] for _ in sizes]
        for _ in range(ROUNDS):
            for i, path in enumerate(paths):
                runs[i] += [profile(tool, path, with_parse=(not runs[i] and
                                                            j == 0))
                            for j in range(args.repeat)]
            results = [{k: statistics.median(r[k] for r in rs if k in r)
                        for k in rs[0]} for rs in runs]
            # All checks together: which check pays for what they share
            # (the flow graph, the call index) is the first to ask.
            for r, rs in zip(results, runs):
                r[ALL] = statistics.median(
                    sum(v for k, v in x.items() if k.startswith("syscall-"))
                    for x in rs)
            names = [k for k in results[-1] if k.startswith("syscall-")]
            parses = [r.get(PARSE) for r in results]
            judgements = {
                name: judged_exponent(sizes, [r.get(name, 0.0)
                                              for r in results],
                                      parses, args.min_seconds)
                for name in names + [ALL]}
            over = [name for name, j in judgements.items()
                    if args.max_exponent is not None and j and
                    superlinear(j[0], j[1], args.max_exponent)]
            if not over:
                break
        print("%s:" % shape)
        print("  %-32s %s" % ("n", " ".join("%9d" % n for n in sizes)))
        for name in [PARSE] + names + [ALL, KERNEL]:
            series = [r.get(name, 0.0) for r in results]
            k = exponent(sizes, series)
            judgement = judgements.get(name)
            note = "" if name in (PARSE, KERNEL) else " (fast)"
            verdict = ""
            if judgement:
                k_judged, k_parse, start = judgement
                note = " (judged k=%.2f%s)" % (
                    k_judged, "" if start == sizes[0] else
                    " from %d" % start)
                if (args.max_exponent is not None and
                        superlinear(k_judged, k_parse, args.max_exponent)):
                    verdict = "  > %.2f%s FAIL" % (
                        args.max_exponent,
                        "" if k_parse is None else " (parse %.2f)" % k_parse)
                    failed.append("%s/%s (k=%.2f from %d: %s)" % (
                        shape, name, k_judged, start,
                        " ".join("%.4f" % t for t in series)))
            print("  %-32s %s   k=%.2f%s%s"
                  % (name, " ".join("%9.4f" % t for t in series), k, note,
                     verdict))
    shutil.rmtree(work)
    if failed:
        print("superlinear: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
