"""Prints the redundant syscalls of a syscall-tidy-trace JSON report at the
program's own lines, sorted by line, and their total.

Usage: redundant_rows.py REPORT
"""
import json
import os
import sys


def main():
    data = json.load(open(sys.argv[1]))
    rows = sorted((r["line"], os.path.basename(r["file"]), r["syscall"],
                   r["kind"], r["count"], r["check"])
                  for r in data["redundant"] if r["line"])
    for line, name, syscall, kind, count, check in rows:
        print("%s:%d %s %s: %d [%s]" % (name, line, syscall, kind, count, check))
    print("total: %d" % data["totals"]["redundant"])


if __name__ == "__main__":
    main()
