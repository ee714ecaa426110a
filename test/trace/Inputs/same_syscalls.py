"""Compares the syscalls the two backends trace: the ptrace backend's table
(trace/SyscallText.cpp) and strace's -e trace= list (trace/StraceRunner.cpp).
Prints the names only one has, or 'same N syscalls'.

Usage: same_syscalls.py SOURCE_DIR
"""
import os
import re
import sys


def main():
    trace = os.path.join(sys.argv[1], "trace")
    table = open(os.path.join(trace, "SyscallText.cpp")).read()
    ptrace = set(re.findall(r'\{SYS_\w+, "(\w+)"', table))
    runner = open(os.path.join(trace, "StraceRunner.cpp")).read()
    start = runner.index("TracedSyscalls =")
    listed = "".join(re.findall(r'"([^"]*)"', runner[start:runner.index(";", start)]))
    strace = set(listed.split(","))
    if ptrace != strace:
        print("only ptrace:", sorted(ptrace - strace))
        print("only strace:", sorted(strace - ptrace))
    else:
        print("same %d syscalls" % len(ptrace))


if __name__ == "__main__":
    main()
