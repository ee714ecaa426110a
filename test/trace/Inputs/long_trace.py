#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Peak memory of syscall-tidy-trace over kept traces of N and 8N syscalls.

Usage: long_trace.py TRACE_TOOL WORKDIR N

Writes two traces of the same loop, one 8 times as long: per iteration a
file opened for writing and checked with fstat (redundant), a seek that
moves nothing before a write (redundant), two getpid (one redundant), a
stat of a new path each time (never repeated: a path per iteration) and a
close. Prints each run's redundant total, peak resident memory and the
growth per extra syscall, in bytes.
"""
import json
import os
import resource
import subprocess
import sys

BLOCK = [
    'openat(AT_FDCWD, "/tmp/out", O_WRONLY|O_CREAT|O_TRUNC, 0644) = 3</tmp/out>',
    'fstat(3</tmp/out>, {st_mode=S_IFREG|0644, st_size=0, ...}) = 0',
    'lseek(3</tmp/out>, 0, SEEK_CUR) = 0',
    'write(3</tmp/out>, "x", 1) = 1',
    'close(3</tmp/out>) = 0',
    'getpid() = 100',
    'getpid() = 100',
    'newfstatat(AT_FDCWD, "/tmp/item%d", 0x7ffc0003, 0) = -1 ENOENT (No such file or directory)',
]


def write_trace(path, iterations):
    with open(path, "w") as f:
        f.write('100 1.000000 execve("/bin/prog", 0x7ffc0001, 0x7ffc0002) = 0 <0.000010>\n')
        t = 1.0
        for i in range(iterations):
            for line in BLOCK:
                t += 0.000001
                text = line % (i % 64) if "%d" in line else line
                f.write("100 %.6f %s <0.000001>\n" % (t, text))
        f.write("100 %.6f +++ exited with 0 +++\n" % (t + 0.000001))
    return iterations * len(BLOCK) + 1


def peak_kib(command):
    """Peak resident memory of \\p command alone, in KiB: run through a
    child python so that RUSAGE_CHILDREN sees only it."""
    probe = ("import resource,subprocess,sys;"
             "subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL);"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe] + command,
                         capture_output=True, text=True, check=True)
    return int(out.stdout.split()[-1])


def main():
    tool, work, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    os.makedirs(work, exist_ok=True)
    rows = []
    for iterations in (n, 8 * n):
        trace = os.path.join(work, "long-%d.trace" % iterations)
        report = os.path.join(work, "long-%d.json" % iterations)
        syscalls = write_trace(trace, iterations)
        kib = peak_kib([tool, "--trace-file=" + trace, "--format=json",
                        "--output=" + report])
        with open(report) as f:
            totals = json.load(f)["totals"]
        rows.append((syscalls, totals["redundant"], kib))
        print("syscalls %d redundant %d peak %d KiB"
              % (syscalls, totals["redundant"], kib))
    (s1, _, k1), (s2, _, k2) = rows
    print("growth per syscall: %d bytes" % max(0, (k2 - k1) * 1024 // (s2 - s1)))


if __name__ == "__main__":
    main()
