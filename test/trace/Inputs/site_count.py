"""Prints a site's count and bytes from a syscall-tidy-trace JSON report.

Usage: site_count.py REPORT FILE_SUFFIX LINE SYSCALL
"""
import json
import sys


def main():
    report, suffix, line, syscall = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    data = json.load(open(report))
    for key in ("version", "tool", "command", "exitStatus", "totals", "sites",
                "redundant", "findings"):
        assert key in data, key
    sites = [s for s in data["sites"] if s["file"].endswith(suffix)
             and s["line"] == line and s["syscall"] == syscall]
    if not sites:
        print("%s:%d %s: none" % (suffix, line, syscall))
        return
    print("%s:%d %s: count %d, bytes %d" % (suffix, line, syscall,
                                           sites[0]["count"], sites[0]["bytes"]))


if __name__ == "__main__":
    main()
