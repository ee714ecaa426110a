#!/usr/bin/env python3
# Builds and runs the C and C++ code blocks of a Markdown page against leanio.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""run_doc_blocks.py --doc PAGE --cc CC --cxx CXX --include DIR
                     --c-libs LIB... --cxx-libs LIB...

Every ```c, ```cpp and ```c++ block of PAGE is a whole program, unless the
last non-blank line before it is <!-- not a program -->. Each is compiled
with warnings as errors and run twice, with the path it writes to as its one
argument:

- in a directory that exists: it must exit 0 and print nothing on stderr;
- under a directory that does not exist, so that its open fails: it must
  exit with a failure status (not die of a signal) and print the open's own
  error, strerror(ENOENT), on stderr.

A missing directory fails the open for every user, root included, where a
read-only directory or file mode would not stop root. Any failure, or a page
without programs, fails the test.
"""
import argparse
import errno
import os
import re
import subprocess
import sys
import tempfile

SKIP_MARK = "<!-- not a program -->"
FENCE = re.compile(r"^```(c|cpp|c\+\+)\s*$")
TIMEOUT = 60


def blocks(page):
    """Yields (line of the fence, language, code) for the program blocks."""
    with open(page, encoding="utf-8") as f:
        lines = f.read().splitlines()
    previous = ""
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match:
            if lines[i].strip():
                previous = lines[i].strip()
            i += 1
            continue
        start = i + 1
        end = start
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        if end == len(lines):
            raise SystemExit("%s:%d: the block is not closed" % (page, i + 1))
        if previous != SKIP_MARK:
            yield i + 1, match.group(1), "\n".join(lines[start:end]) + "\n"
        previous = lines[end]
        i = end + 1


def run(what, command, **kwargs):
    """Runs command; returns the completed process, or None after a report
    if it could not run at all."""
    try:
        return subprocess.run(command, capture_output=True, text=True,
                              timeout=TIMEOUT, **kwargs)
    except (OSError, subprocess.TimeoutExpired) as e:
        print("FAIL %s: %s" % (what, e))
        return None


def describe(proc):
    status = ("signal %d" % -proc.returncode if proc.returncode < 0
              else "exit status %d" % proc.returncode)
    return "%s\n--- stdout:\n%s--- stderr:\n%s" % (status, proc.stdout,
                                                  proc.stderr)


def check(args, line, lang, code, work):
    """Compiles and runs one block; returns True when it passes."""
    name = "%s:%d" % (os.path.basename(args.doc), line)
    c = lang == "c"
    source = os.path.join(work, "block.c" if c else "block.cpp")
    with open(source, "w", encoding="utf-8") as f:
        # Diagnostics then point into the page, not at the copy.
        f.write('#line %d "%s"\n' % (line + 1, args.doc))
        f.write(code)
    program = os.path.join(work, "block")
    if c:
        command = [args.cc, "-std=c99", "-pedantic"]
        libs = args.c_libs
    else:
        command = [args.cxx, "-std=c++17", "-pedantic"]
        libs = args.cxx_libs
    command += ["-Wall", "-Wextra", "-Werror", "-I", args.include, source,
                "-o", program] + libs
    proc = run(name + " compile", command)
    if proc is None:
        return False
    if proc.returncode != 0:
        print("FAIL %s: compile: %s\n%s" % (name, " ".join(command),
                                             describe(proc)))
        return False

    ok_dir = os.path.join(work, "ok")
    os.mkdir(ok_dir)
    proc = run(name + " run", [program, os.path.join(ok_dir, "out")],
               cwd=ok_dir)
    if proc is None:
        return False
    if proc.returncode != 0 or proc.stderr:
        print("FAIL %s: the normal run must exit 0 and stay quiet: %s"
              % (name, describe(proc)))
        return False

    missing = os.path.join(work, "missing", "out")
    proc = run(name + " error run", [program, missing], cwd=work)
    if proc is None:
        return False
    enoent = os.strerror(errno.ENOENT)
    if proc.returncode <= 0 or enoent not in proc.stderr:
        print("FAIL %s: with %s it must fail with a status and say \"%s\": %s"
              % (name, missing, enoent, describe(proc)))
        return False
    print("ok   %s (%s)" % (name, lang))
    return True


def main():
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--doc", required=True)
    parser.add_argument("--cc", required=True)
    parser.add_argument("--cxx", required=True)
    parser.add_argument("--include", required=True)
    parser.add_argument("--c-libs", nargs="+", required=True)
    parser.add_argument("--cxx-libs", nargs="+", required=True)
    args = parser.parse_args()

    results = []
    for line, lang, code in blocks(args.doc):
        with tempfile.TemporaryDirectory(prefix="leanio-doc-") as work:
            results.append(check(args, line, lang, code, work))
    if not results:
        print("FAIL %s: no C or C++ program found" % args.doc)
        return 1
    print("%d of %d blocks passed" % (results.count(True), len(results)))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
