#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""How much slower a program runs under syscall-tidy-trace, per backend,
against the untraced run measured in the same session.

Usage: bench/trace_overhead.py [--build build] [--repeat 3]
                               [--backends ptrace,ptrace-stops,strace]
                               [--programs all]
                               [--calls 20000] [--min-speedup K]

Programs: an I/O-heavy program of our own (writes and preads made five
calls deep, built with -g -fno-omit-frame-pointer: full user stacks), the
examples/ program (copylog, debug build, copying 64 MiB) and parts of
leanio's benchmark (build/runtime/bench/leanio_bench): syscall-bound ones
(one write per record, getpid in a loop) and one that makes few syscalls
(buffered dump). The backends: ptrace (our loop, results from perf's
sys_exit records where allowed: one stop per call), ptrace-stops (our
loop with a second stop at each call's exit, --results=ptrace) and
strace. Prints, per program and backend, the median wall time of
--repeat untraced and traced runs (the whole tracer: run, attribution,
report), their ratio, the traced run alone (the report's wall_seconds) and
the overhead per traced syscall: (run - untraced) / syscalls, the median
over the repeats.

--min-speedup K fails (exit 1) unless the ptrace backend's overhead per
syscall is at most strace's / K on every program measured with both.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

IO_PROGRAM = r"""
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
__attribute__((noinline)) static void level5(int fd, int i) {
  char c[16] = {0};
  if (i % 2) write(fd, c, 8); else pread(fd, c, 8, 0);
}
__attribute__((noinline)) static void level4(int fd, int i) { level5(fd, i); __asm__ volatile(""); }
__attribute__((noinline)) static void level3(int fd, int i) { level4(fd, i); __asm__ volatile(""); }
__attribute__((noinline)) static void level2(int fd, int i) { level3(fd, i); __asm__ volatile(""); }
__attribute__((noinline)) static void level1(int fd, int i) { level2(fd, i); __asm__ volatile(""); }
int main(int argc, char **argv) {
  int fd = open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0600);
  for (int i = 0, n = atoi(argv[2]); i < n; ++i) level1(fd, i);
  return close(fd);
}
"""


def wall(command, cwd):
    start = time.monotonic()
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--backends", default="ptrace,ptrace-stops,strace")
    parser.add_argument("--programs", default="all",
                        help="'io' for the I/O-heavy program alone")
    parser.add_argument("--calls", type=int, default=20000)
    parser.add_argument("--min-speedup", type=float, default=0)
    args = parser.parse_args()
    trace = os.path.join(args.build, "bin", "syscall-tidy-trace")
    bench = os.path.join(args.build, "runtime", "bench", "leanio_bench")
    copylog = os.path.join(args.build, "examples-g", "copylog")
    work = tempfile.mkdtemp(prefix="syscall-tidy-trace-bench-")
    with open(os.path.join(work, "io.c"), "w") as f:
        f.write(IO_PROGRAM)
    io = os.path.join(work, "io")
    subprocess.run(["clang-19", "-g", "-O1", "-fno-omit-frame-pointer", "-o",
                    io, os.path.join(work, "io.c")], check=True)
    programs = [("io, 5 calls deep", [io, "data", str(args.calls)])]
    if args.programs == "all":
        with open(os.path.join(work, "input"), "wb") as f:
            f.write(os.urandom(64 << 20))
        programs.append(("copylog 64 MiB", [copylog, "input", "output", "log"]))
        for name in ("records/write", "pid/getpid", "dump/stdio_default"):
            programs.append(("leanio_bench " + name,
                             [bench, "--benchmark_filter=^%s$" % name,
                              "--benchmark_min_time=0.2"]))
    backends = args.backends.split(",")
    flags = {"ptrace": ["--backend=ptrace"],
             "ptrace-stops": ["--backend=ptrace", "--results=ptrace"],
             "strace": ["--backend=strace"]}
    print("%-28s %-12s %9s %9s %7s %9s %9s %10s" % (
        "program", "backend", "untraced", "traced", "ratio", "run",
        "us/call", "syscalls"))
    failed = False
    for name, command in programs:
        if not os.path.exists(command[0]):
            print("%-28s (not built: %s)" % (name, command[0]))
            continue
        plain = [wall(command, work) for _ in range(args.repeat)]
        untraced = statistics.median(plain)
        per_call = {}
        for backend in backends:
            traced, runs, overheads = [], [], []
            report = os.path.join(work, "report.json")
            for _ in range(args.repeat):
                traced.append(wall([trace] + flags[backend] + [
                    "--format=json", "--output=" + report, "--"] + command,
                    work))
                with open(report) as f:
                    data = json.load(f)
                calls = data["totals"]["syscalls"]
                runs.append(data["totals"]["wall_seconds"])
                overheads.append((runs[-1] - untraced) / max(calls, 1) * 1e6)
            b = statistics.median(traced)
            per_call[backend] = statistics.median(overheads)
            print("%-28s %-12s %8.3fs %8.3fs %6.1fx %8.3fs %9.1f %10d  %s" % (
                name, backend, untraced, b, b / untraced,
                statistics.median(runs), per_call[backend], calls,
                data["backend"].get("results", "")))
        if args.min_speedup and {"ptrace", "strace"} <= per_call.keys():
            speedup = per_call["strace"] / max(per_call["ptrace"], 1e-9)
            verdict = "ok" if speedup >= args.min_speedup else "FAIL"
            failed |= verdict == "FAIL"
            print("%-28s strace/ptrace per syscall: %.1f (at least %g) %s" % (
                name, speedup, args.min_speedup, verdict))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
