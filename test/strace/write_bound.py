#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""write_bound.py TRACE FILE BUFSIZE: counts write(2)/writev(2) in an strace
log and fails unless they are at most 1 + bytes(FILE) / BUFSIZE. BUFSIZE
`blksize` is the file's st_blksize, the buffer glibc gives a stream whose
setvbuf() passed no buffer of its own."""
import os
import re
import sys

trace, path = sys.argv[1], sys.argv[2]
size = os.stat(path).st_blksize if sys.argv[3] == "blksize" else int(sys.argv[3])
writes = sum(1 for line in open(trace) if re.match(r"writev?\(", line))
data = os.path.getsize(path)
bound = 1 + data / size
print("writes: %d for %d bytes (bound %.1f)" % (writes, data, bound))
sys.exit(0 if writes <= bound else 1)
