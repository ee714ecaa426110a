#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""expect_exit.py CODE COMMAND...: runs COMMAND, passes its output through,
and succeeds only when it exits with CODE (lit's `not` accepts any failure)."""
import subprocess
import sys

expected = int(sys.argv[1])
proc = subprocess.run(sys.argv[2:])
if proc.returncode != expected:
    sys.stderr.write("expect_exit: %s exited with %d, expected %d\n"
                     % (sys.argv[2], proc.returncode, expected))
    sys.exit(1)
