#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""How much slower a program runs under syscall-tidy-trace, on the
project's own benchmark programs, against the untraced run measured in the
same session.

Usage: bench/trace_overhead.py [--build build] [--repeat 3]

Programs: the examples/ program (copylog, debug build, copying 64 MiB) and
parts of leanio's benchmark (build/runtime/bench/leanio_bench): syscall-bound
ones (one write per record, getpid in a loop) and one that makes few
syscalls (buffered dump). Prints, per program, the median wall time of
--repeat untraced and traced runs, their ratio and the syscalls traced.
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


def wall(command, cwd):
    start = time.monotonic()
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    trace = os.path.join(args.build, "bin", "syscall-tidy-trace")
    bench = os.path.join(args.build, "runtime", "bench", "leanio_bench")
    copylog = os.path.join(args.build, "examples-g", "copylog")
    work = tempfile.mkdtemp(prefix="syscall-tidy-trace-bench-")
    with open(os.path.join(work, "input"), "wb") as f:
        f.write(os.urandom(64 << 20))
    programs = [("copylog 64 MiB", [copylog, "input", "output", "log"])]
    for name in ("records/write", "pid/getpid", "dump/stdio_default"):
        programs.append(("leanio_bench " + name,
                         [bench, "--benchmark_filter=^%s$" % name,
                          "--benchmark_min_time=0.2"]))
    print("%-32s %10s %10s %8s %10s" % ("program", "untraced", "traced",
                                        "ratio", "syscalls"))
    for name, command in programs:
        if not os.path.exists(command[0]):
            print("%-32s (not built: %s)" % (name, command[0]))
            continue
        plain, traced = [], []
        report = os.path.join(work, "report.json")
        for _ in range(args.repeat):
            plain.append(wall(command, work))
            traced.append(wall([trace, "--format=json", "--output=" + report,
                                "--"] + command, work))
        with open(report) as f:
            calls = json.load(f)["totals"]["syscalls"]
        a, b = statistics.median(plain), statistics.median(traced)
        print("%-32s %9.3fs %9.3fs %7.2fx %10d" % (name, a, b, b / a, calls))
    return 0


if __name__ == "__main__":
    sys.exit(main())
