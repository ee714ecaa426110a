"""Compares the calls of two kept traces of the same program, one with
results from perf's records and one from exit stops: every call with its
arguments and result, in order. Addresses (ASLR) and process ids differ
from run to run and are left out. Prints each difference, or 'same N
calls' and how many calls of the first trace have no result ('= ?').

Usage: same_calls.py TRACE_A [TRACE_B]
"""
import re
import sys

IDS = re.compile(r"^(getpid|getppid|gettid|clone|clone3|fork|vfork)\(")


def calls(path):
    out = []
    for line in open(path):
        if line.startswith(" > ") or "+++" in line or "---" in line:
            continue
        # "PID SECONDS call(...) = result <duration>"
        text = line.split(" ", 2)[2].rstrip("\n")
        text = re.sub(r" <[0-9.]+>$", "", text)
        text = re.sub(r"0x[0-9a-f]+", "0x", text)
        text = re.sub(r":\[[0-9]+\]", ":[]", text)  # pipe and socket inodes
        if IDS.match(text):
            text = re.sub(r"= [0-9]+$", "= ID", text)
        out.append(text)
    return out


def main():
    a = calls(sys.argv[1])
    b = calls(sys.argv[2]) if len(sys.argv) > 2 else a
    differ = False
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            print("call %d differs:\n  %s\n  %s" % (i, x, y))
            differ = True
    if len(a) != len(b):
        print("%d calls against %d" % (len(a), len(b)))
        differ = True
    if not differ:
        unknown = sum(1 for x in a if x.endswith("= ?"))
        print("same %d calls, %d without a result" % (len(a), unknown))


if __name__ == "__main__":
    main()
