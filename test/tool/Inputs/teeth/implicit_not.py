# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Lists the FileCheck runs of a test tree whose --implicit-check-not can
never fail: FileCheck places implicit negative checks between ordered
matches only, so under CHECK-DAG (or nothing but CHECK-NOT lines that the
run itself adds) the excluded text may appear anywhere.

Usage: implicit_not.py TEST-DIR
"""
import os
import re
import sys

RUN = re.compile(r"^\s*(?:#|//)?\s*RUN:.*FileCheck(.*)$", re.M)


def directive_kinds(text, prefix):
    pattern = r"^\s*(?:#|//|;)?\s*" + re.escape(prefix) + r"(-[A-Z]+)?:"
    return {kind or "" for kind in re.findall(pattern, text, re.M)}


def toothless_runs(path):
    text = open(path, errors="replace").read()
    for run in RUN.finditer(text):
        args = run.group(1)
        if "implicit-check-not" not in args:
            continue
        named = re.search(r"--check-prefix(?:es)?[= ](\S+)", args)
        for prefix in named.group(1).split(",") if named else ["CHECK"]:
            kinds = directive_kinds(text, prefix)
            if kinds and kinds <= {"-DAG"}:
                yield prefix


def main():
    checked = bad = 0
    for root, _, files in os.walk(sys.argv[1]):
        for name in sorted(files):
            if not name.endswith((".test", ".c", ".cpp")):
                continue
            path = os.path.join(root, name)
            checked += 1
            for prefix in toothless_runs(path):
                bad += 1
                print("%s: %s-DAG alone: its --implicit-check-not checks "
                      "nothing" % (os.path.relpath(path, sys.argv[1]), prefix))
    print("checked %d test files, %d toothless runs" % (checked, bad))


if __name__ == "__main__":
    main()
