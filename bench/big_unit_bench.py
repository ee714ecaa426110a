#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the checks cost beside clang's parse on one big translation unit.

Usage: bench/big_unit_bench.py [--build build] [--lines 200000]
                               [--kinds amalgamation,unity,headers]
                               [--repeat 3] [--max-ratio R]
                               [--max-profile-ratio R]

Generates units of our own in the two shapes that make the biggest units in
real builds, and runs syscall-tidy --enable-check-profile on each, in one
process, printing clang's parse, all checks together (with the matching)
and their ratio, with the costliest checks:

  amalgamation  one .c file of about --lines lines: a library's modules
                pasted one after the other (an operating-system layer with
                its open, read, write and lock wrappers and a table of
                them, status-code functions, dispatch switches, list and
                string code), as SQLite ships itself
  unity         one .c file that #includes the same modules, each a file
                of its own, as CMake's UNITY_BUILD makes them: the code is
                in included files, not in the main file
  headers       a unit of one module's 400 lines under 54 of the C
                library's headers, as most of a project's units are: the
                headers' declarations far outnumber the unit's own

The fastest of --repeat runs counts, for the parse and for the checks each
(load from other processes only ever adds time). The same units also run
as whole processes, syscall-tidy beside clang -fsyntax-only (CPU seconds):
what the checks add is the difference. With --max-ratio, exits 1 when that
difference is more than R times the parse; a unit over it is measured again,
up to three rounds, the two taken in turn, and the best round counts (it
says so). (The profile's rows are printed,
not judged: it times every matcher evaluation, and the checks' matchers on
each function definition cost about 0.7 us each there; without the profile,
a file of 20,000 functions without calls takes 0.12-0.13 s either way.)
With --max-profile-ratio, exits 1 when the profile's ratio (the fastest of
--repeat runs) is more than R: on the headers kind it is the matching the
checks ask of every declaration of the headers, which the profile times
(0.30-0.38 when the checks' matchers visited the headers' declarations,
0.05-0.06 since the tool narrows the traversal to the user's code).
"""
import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROW = re.compile(r"^\s+(.+?)\s+([0-9]+\.[0-9]+)$")
CHECKS_ROW = "checks (all, with matching)"
PARSE_ROW = "parse (clang)"

HEAD = """#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
struct obj { int fd; int n; int flags; long size; char name[64];
             struct obj *next; };
struct io_methods { int (*read)(struct obj *, void *, int, long);
                    int (*write)(struct obj *, const void *, int, long);
                    int (*close)(struct obj *); };
"""

# Each module's functions, %(m)d the module, %(i)d the function: the mix a
# library has, I/O in a few functions and plain computation in most.
FUNCTIONS = [
    # An EINTR-retrying open wrapper and its users, as an OS layer has.
    """static int os_open_%(m)d_%(i)d(const char *p, int flags, int mode) {
  int fd;
  do {
    fd = open(p, flags | O_CLOEXEC, mode);
  } while (fd < 0 && errno == EINTR);
  return fd;
}
static int os_size_%(m)d_%(i)d(struct obj *o, const char *p) {
  struct stat st;
  o->fd = os_open_%(m)d_%(i)d(p, O_RDWR | O_CREAT, 0644);
  if (o->fd < 0)
    return -1;
  if (fstat(o->fd, &st) != 0) {
    close(o->fd);
    return -1;
  }
  o->size = st.st_size;
  return 0;
}
""",
    """static int os_read_%(m)d_%(i)d(struct obj *o, void *buf, int n, long off) {
  int got = (int)pread(o->fd, buf, (size_t)n, off);
  if (got == n)
    return 0;
  if (got < 0)
    return -1;
  memset((char *)buf + got, 0, (size_t)(n - got));
  return 1;
}
static int os_write_%(m)d_%(i)d(struct obj *o, const void *buf, int n,
                                long off) {
  while (n > 0) {
    int done = (int)pwrite(o->fd, buf, (size_t)n, off);
    if (done <= 0)
      return -1;
    buf = (const char *)buf + done;
    n -= done;
    off += done;
  }
  return 0;
}
static int os_close_%(m)d_%(i)d(struct obj *o) {
  int rc = o->fd >= 0 ? close(o->fd) : 0;
  o->fd = -1;
  return rc;
}
static const struct io_methods methods_%(m)d_%(i)d = {
    os_read_%(m)d_%(i)d, os_write_%(m)d_%(i)d, os_close_%(m)d_%(i)d};
""",
    # Status-code functions: most of a library.
    """static int step_%(m)d_%(i)d(struct obj *o, int k) {
  int rc = 0;
  int i;
  if (!o)
    return -1;
  for (i = 0; i < k && rc == 0; i++) {
    if (o->flags & (1 << (i %% 8)))
      rc = o->n > i ? 0 : 1;
    else
      o->n += i * %(i)d;
  }
  return rc;
}
""",
    """static int dispatch_%(m)d_%(i)d(struct obj *o, int op) {
  switch (op) {
  case 0:
    o->n = 0;
    break;
  case 1:
    o->n += %(i)d;
    break;
  case 2:
    o->flags |= 4;
    break;
  case 3:
    o->flags &= ~4;
    break;
  case 4:
    return step_%(m)d_%(j)d(o, op);
  default:
    return -1;
  }
  return 0;
}
""",
    """static struct obj *find_%(m)d_%(i)d(struct obj *list, const char *name) {
  struct obj *o;
  for (o = list; o; o = o->next)
    if (strcmp(o->name, name) == 0)
      return o;
  return NULL;
}
static int describe_%(m)d_%(i)d(const struct obj *o, char *out, size_t len) {
  int n = snprintf(out, len, "%%s: %%d items, %%ld bytes", o->name, o->n,
                   o->size);
  return n < 0 || (size_t)n >= len ? -1 : n;
}
""",
    """static struct obj *push_%(m)d_%(i)d(struct obj *list, const char *name) {
  struct obj *o = calloc(1, sizeof *o);
  if (!o)
    return list;
  strncpy(o->name, name, sizeof o->name - 1);
  o->fd = -1;
  o->next = list;
  return o;
}
static void free_all_%(m)d_%(i)d(struct obj *list) {
  while (list) {
    struct obj *next = list->next;
    free(list);
    list = next;
  }
}
""",
    """static long checksum_%(m)d_%(i)d(const unsigned char *p, size_t n) {
  long sum = %(i)d;
  size_t i;
  for (i = 0; i < n; i++) {
    sum = (sum << 5) + sum + p[i];
    if (sum > 1000000007L)
      sum %%= 1000000007L;
  }
  return sum;
}
""",
]


def module(m, lines):
    """Module m's code: FUNCTIONS cycled until it has about `lines` lines."""
    out, count, i = [], 0, 0
    while count < lines:
        text = FUNCTIONS[i % len(FUNCTIONS)] % {
            "m": m, "i": i, "j": i - i % len(FUNCTIONS) + 2}
        out.append(text)
        count += text.count("\n")
        i += 1
    # Every function used once, as a library's API entry point does.
    names = re.findall(r"^static [^(]*?\b(\w+)\(", "".join(out), re.M)
    out.append("void *module_%d_api[] = {%s};\n"
               % (m, ", ".join("(void *)" + n for n in names)))
    return "".join(out)


# The headers of a header-heavy unit: the C library's and POSIX's, which a
# fresh Debian has with libc6-dev.
LIBRARY_HEADERS = """stdio.h stdlib.h string.h strings.h unistd.h fcntl.h
sys/stat.h sys/types.h sys/socket.h sys/un.h netinet/in.h netinet/tcp.h
arpa/inet.h netdb.h pthread.h signal.h time.h sys/time.h dirent.h errno.h
poll.h sys/mman.h sys/wait.h sys/ioctl.h termios.h locale.h wchar.h wctype.h
ctype.h math.h sys/resource.h sys/select.h sys/uio.h grp.h pwd.h glob.h
fnmatch.h regex.h search.h syslog.h sys/epoll.h sys/inotify.h sys/eventfd.h
sys/timerfd.h sys/signalfd.h spawn.h sched.h semaphore.h iconv.h langinfo.h
libgen.h stdint.h inttypes.h limits.h""".split()


def generate(kind, lines, work, modules=40):
    if kind == "headers":
        path = os.path.join(work, "headers.c")
        with open(path, "w") as f:
            f.writelines("#include <%s>\n" % h for h in LIBRARY_HEADERS)
            f.write(HEAD)
            f.write(module(0, 400))
        return path
    per = max(lines // modules, 50)
    if kind == "amalgamation":
        path = os.path.join(work, "amalgamation.c")
        with open(path, "w") as f:
            f.write(HEAD)
            for m in range(modules):
                f.write("/* module %d */\n" % m)
                f.write(module(m, per))
        return path
    if kind == "unity":
        header = os.path.join(work, "common.h")
        with open(header, "w") as f:
            f.write("#ifndef COMMON_H\n#define COMMON_H\n%s#endif\n" % HEAD)
        path = os.path.join(work, "unity_0_c.c")
        with open(path, "w") as unity:
            for m in range(modules):
                mod = os.path.join(work, "module_%d.c" % m)
                with open(mod, "w") as f:
                    f.write("#include \"common.h\"\n" + module(m, per))
                unity.write("/* generated */\n#include \"%s\"\n" % mod)
        return path
    sys.exit("big_unit_bench: no kind '%s' (amalgamation, unity, headers)"
             % kind)


def profile(tool, path):
    proc = subprocess.run([tool, "--enable-check-profile", "--quiet",
                           "--checks=-*,syscall-*", path, "--",
                           "-D_GNU_SOURCE"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, timeout=3600)
    if proc.returncode not in (0, 1):
        sys.exit("big_unit_bench: syscall-tidy failed on %s:\n%s"
                 % (path, proc.stderr))
    rows = {}
    for line in proc.stderr.splitlines():
        m = ROW.match(line)
        if m:
            rows[m.group(1)] = float(m.group(2))
    if PARSE_ROW not in rows or CHECKS_ROW not in rows:
        sys.exit("big_unit_bench: no profile from syscall-tidy on %s" % path)
    return rows


def whole_cpu(command):
    """CPU seconds (user and system) of one run of \p command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(command, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, timeout=3600)
    if proc.returncode not in (0, 1):
        sys.exit("big_unit_bench: %s failed:\n%s" % (command[0], proc.stderr))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime
            + after.ru_stime - before.ru_stime)


ROUNDS = 3


def paired_cpu(parse, tidy, repeat):
    """The least CPU seconds of \p parse and of \p tidy over \p repeat
    runs each, taken in turn so that a slow spell of the machine falls on
    both."""
    clang = tidy_cpu = float("inf")
    for _ in range(repeat):
        clang = min(clang, whole_cpu(parse))
        tidy_cpu = min(tidy_cpu, whole_cpu(tidy))
    return clang, tidy_cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--lines", type=int, default=200000)
    ap.add_argument("--kinds", default="amalgamation,unity")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--max-ratio", type=float)
    ap.add_argument("--max-profile-ratio", type=float)
    ap.add_argument("--clang", default=shutil.which("clang-19") or "clang",
                    help="the compiler whose -fsyntax-only is the parse")
    args = ap.parse_args()
    tool = os.path.join(args.build, "bin", "syscall-tidy")
    work = tempfile.mkdtemp(prefix="syscall-tidy-big-unit-")
    over = []
    try:
        for kind in args.kinds.split(","):
            path = generate(kind, args.lines, work)
            runs = [profile(tool, path) for _ in range(args.repeat)]
            best = {k: min(r.get(k, 0.0) for r in runs) for k in runs[0]}
            ratio = best[CHECKS_ROW] / max(best[PARSE_ROW], 1e-6)
            checks = sorted(((v, k) for k, v in best.items()
                             if k.startswith("syscall-")), reverse=True)
            parse = [args.clang, "-fsyntax-only", "-D_GNU_SOURCE", path]
            tidy_run = [tool, "--quiet", "--checks=-*,syscall-*", path, "--",
                        "-D_GNU_SOURCE"]
            # A round over the bound is measured again, up to ROUNDS rounds,
            # and the best counts: on a shared machine a neighbour's burst
            # once doubled one round's syscall-tidy CPU and not clang's.
            for rounds in range(1, ROUNDS + 1):
                clang, tidy = paired_cpu(parse, tidy_run, args.repeat)
                round_added = (tidy - clang) / max(clang, 1e-6)
                if rounds == 1 or round_added < added:
                    added, best_clang, best_tidy = round_added, clang, tidy
                if args.max_ratio is None or added <= args.max_ratio:
                    break
            clang, tidy = best_clang, best_tidy
            verdict = "" if rounds == 1 else "  (best of %d rounds)" % rounds
            if args.max_ratio is not None and added > args.max_ratio:
                verdict += "  > %.3f FAIL" % args.max_ratio
                over.append(kind)
            profile_verdict = ""
            if (args.max_profile_ratio is not None
                    and ratio > args.max_profile_ratio):
                profile_verdict = "  > %.3f FAIL" % args.max_profile_ratio
                over.append(kind + " (profile)")
            if kind == "headers":
                print("headers (%d library headers):" % len(LIBRARY_HEADERS))
            else:
                print("%s (%d lines):" % (kind, args.lines))
            print("  %-30s %8.3f s" % (PARSE_ROW, best[PARSE_ROW]))
            print("  %-30s %8.3f s" % (CHECKS_ROW, best[CHECKS_ROW]))
            print("  checks / parse (profile)       %8.3f%s"
                  % (ratio, profile_verdict))
            print("  clang -fsyntax-only (CPU)      %8.3f s" % clang)
            print("  syscall-tidy (CPU)             %8.3f s" % tidy)
            print("  checks / parse                 %8.3f%s" % (added, verdict))
            for seconds, name in checks[:3]:
                print("    %-28s %8.3f s" % (name, seconds))
    finally:
        shutil.rmtree(work)
    if over:
        print("over budget: " + ", ".join(over))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
