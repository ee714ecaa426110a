"""Sets what the tracer estimated a fix saves beside what it saved: the
'saves' of the findings in the report of the run before the fix, and the
syscalls traced before less those traced after.

Usage: saved.py REPORT_BEFORE REPORT_AFTER

Ends with 'within 1%' or 'off by N%'.
"""
import json
import sys


def main():
    before = json.load(open(sys.argv[1]))
    after = json.load(open(sys.argv[2]))
    estimated = sum(f["saves"] or 0 for f in before["findings"])
    measured = before["totals"]["syscalls"] - after["totals"]["syscalls"]
    off = abs(estimated - measured) / max(measured, 1)
    print("estimated %d, measured %d: %s" % (
        estimated, measured,
        "within 1%" if off <= 0.01 else "off by %d%%" % round(off * 100)))


if __name__ == "__main__":
    main()
