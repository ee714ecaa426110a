#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""count_syscalls.py BEFORE AFTER [SAVED]: counts the syscalls in two strace logs.

Prints `name: before -> after` for each traced syscall (logs of `strace -f`
too) and fails unless the second log has fewer SAVED calls (default lseek)
and no more calls in all than the first."""
import collections
import re
import sys


def count(path):
    counts = collections.Counter()
    for line in open(path):
        match = re.match(r"(?:\[pid\s+\d+\]\s+|\d+\s+)?(\w+)\(", line)
        if match:
            counts[match.group(1)] += 1
    return counts


before, after = count(sys.argv[1]), count(sys.argv[2])
saved = sys.argv[3] if len(sys.argv) > 3 else "lseek"
for name in sorted(set(before) | set(after)):
    print("%s: %d -> %d" % (name, before[name], after[name]))
print("total: %d -> %d" % (sum(before.values()), sum(after.values())))
if after[saved] >= before[saved] or sum(after.values()) > sum(before.values()):
    sys.exit(1)
