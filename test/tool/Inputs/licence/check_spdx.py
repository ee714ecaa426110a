# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Lists the project's source files that lack the SPDX line, then a count.

Usage: check_spdx.py REPO
Test inputs (Inputs/ folders, fuzzer seeds) are data and are not checked.
"""
import os
import subprocess
import sys

SPDX = "SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception"
SOURCE = (".c", ".h", ".cpp", ".hpp", ".def", ".py", ".sh", ".cmake",
          ".test", ".yml", ".yaml")
NAMED = ("CMakeLists.txt", "syscall-tidy-hook", "run")

repo = sys.argv[1]
files = subprocess.run(["git", "-C", repo, "ls-files"], check=True,
                       capture_output=True, text=True).stdout.split()
missing = []
checked = 0
for f in files:
    if "/Inputs/" in f or f.startswith("test/fuzz/inputs-seeds/"):
        continue
    if not (f.endswith(SOURCE) or os.path.basename(f) in NAMED):
        continue
    checked += 1
    with open(os.path.join(repo, f), errors="replace") as text:
        if SPDX not in text.read():
            missing.append(f)
for f in missing:
    print("no SPDX line: " + f)
print("checked %d source files, %d without the SPDX line"
      % (checked, len(missing)))
