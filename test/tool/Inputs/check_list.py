"""Checks that the one list of checks (checks/CheckList.def) is what the
README's table, docs/checks/ and test/checks/ hold, no more and no less.

Usage: check_list.py REPO_ROOT. Prints the checks; exits 1 on a mismatch.
"""
import os
import re
import sys


def main():
    root = sys.argv[1]
    listed = re.findall(r'^SYSCALL_CHECK\(\w+, "([^"]+)"\)',
                        open(os.path.join(root, "checks", "CheckList.def")).read(),
                        re.M)
    readme = re.findall(r"^\| \[`(syscall-[a-z-]+)`\]\(docs/checks/\1\.md\) \|",
                        open(os.path.join(root, "README.md")).read(), re.M)
    pages = sorted(f[:-3] for f in os.listdir(os.path.join(root, "docs", "checks"))
                   if f.endswith(".md"))
    tests = {re.sub(r"(-options|-notes)?\.(c|cpp)$", "", f)
             for f in os.listdir(os.path.join(root, "test", "checks"))}
    status = 0
    for what, names in (("README table", readme), ("docs/checks", pages)):
        if sorted(names) != sorted(listed):
            print("%s has %s, CheckList.def %s" % (what, sorted(names), sorted(listed)))
            status = 1
    for name in sorted(listed):
        if name[len("syscall-"):] not in tests:
            print("no test/checks/%s.c(pp)" % name[len("syscall-"):])
            status = 1
        print(name)
    return status


if __name__ == "__main__":
    sys.exit(main())
