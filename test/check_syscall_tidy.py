#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs one syscall-tidy check on a test source and verifies what it says.

Usage (from lit):
  check_syscall_tidy.py [driver options] SOURCE CHECK TMP
      [-check-suffix=S] [-config=YAML] [-- compiler args]

For each runner (Debian's clang-tidy with our plugin loaded, and the
standalone syscall-tidy) the source, stripped of its CHECK comments, is
analysed with --fix, and then:
  * every warning and error must match a CHECK-MESSAGES line (notes may be
    matched too), or with CHECK-NOTES every note as well: an unmatched one
    fails the test; a file without such lines must produce no warning;
  * the fixed file must match the CHECK-FIXES lines, or be unchanged when
    there are none;
  * the fixed file must compile (-fsyntax-only, same language and flags);
  * a second --fix on the fixed file must change nothing.
"""

import argparse
import os
import re
import subprocess
import sys

CHECK_KINDS = ("MESSAGES", "NOTES", "FIXES")


class TestFailure(Exception):
    pass


def run(cmd, **kwargs):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, **kwargs)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--syscall-tidy", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--clang-tidy", required=True)
    parser.add_argument("--clang", required=True)
    parser.add_argument("--filecheck", required=True)
    parser.add_argument("--runners", default="plugin,tool",
                        help="comma-separated subset of plugin,tool")
    parser.add_argument("source")
    parser.add_argument("check")
    parser.add_argument("tmp")
    parser.add_argument("-check-suffix", "--check-suffix", default="")
    parser.add_argument("-config", "--config", default="")
    if "--" in argv:
        split = argv.index("--")
        args = parser.parse_args(argv[:split])
        args.compiler_args = argv[split + 1:]
    else:
        args = parser.parse_args(argv)
        args.compiler_args = []
    return args


def prefixes(suffix):
    tail = "-" + suffix.upper() if suffix else ""
    return {kind: "CHECK-%s%s" % (kind, tail) for kind in CHECK_KINDS}


def strip_checks(text, prefix_map):
    """Removes the CHECK comments, keeping every line where it was."""
    pattern = re.compile(r"\s*//\s*CHECK-(?:%s)(?:-[A-Z0-9-]+)?:.*$"
                         % "|".join(CHECK_KINDS))
    present = {kind: bool(re.search(r"\b%s:" % re.escape(p), text))
               for kind, p in prefix_map.items()}
    lines = [pattern.sub("", line) for line in text.split("\n")]
    return "\n".join(lines), present


def diagnostics(output, with_notes):
    """The diagnostic lines of a run, without the notes --fix itself adds."""
    kinds = ("warning", "error", "note") if with_notes else ("warning", "error")
    regex = re.compile(r"^\S+:\d+:\d+: (%s): " % "|".join(kinds))
    return [line for line in output.splitlines()
            if regex.match(line) and
            not line.endswith("note: FIX-IT applied suggested code changes")]


def filecheck(args, check_file, input_text, prefix, extra):
    proc = subprocess.run(
        [args.filecheck, check_file, "--check-prefix=" + prefix,
         "--dump-input=never"] + extra,
        input=input_text, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        universal_newlines=True)
    if proc.returncode != 0:
        raise TestFailure("FileCheck %s failed:\n%s\n--- input ---\n%s"
                          % (prefix, proc.stdout, input_text))


def analyse(args, runner, path):
    checks = "-*," + args.check
    if runner == "plugin":
        cmd = [args.clang_tidy, "--load=" + args.plugin]
    else:
        cmd = [args.syscall_tidy]
    cmd += ["--checks=" + checks, "--fix", path]
    if args.config:
        cmd.insert(1, "--config=" + args.config)
    cmd += ["--"] + args.compiler_args
    proc = run(cmd)
    # clang-tidy exits 0 with findings; syscall-tidy exits 1. Anything else
    # (a crash, a compile error, a refused option) fails the test.
    allowed = (0,) if runner == "plugin" else (0, 1)
    if proc.returncode not in allowed:
        raise TestFailure("%s exited with %d:\n%s\ncommand: %s"
                          % (runner, proc.returncode, proc.stdout,
                             " ".join(cmd)))
    if "error:" in "\n".join(diagnostics(proc.stdout, False)):
        raise TestFailure("%s reported errors:\n%s" % (runner, proc.stdout))
    return proc.stdout


def compile_fixed(args, path):
    proc = run([args.clang, "-fsyntax-only"] + args.compiler_args + [path])
    if proc.returncode != 0:
        raise TestFailure("the fixed file does not compile:\n%s\n--- %s ---\n%s"
                          % (proc.stdout, path, open(path).read()))


def check_runner(args, runner, clean_text, present, prefix_map):
    ext = os.path.splitext(args.source)[1]
    path = "%s.%s%s" % (args.tmp, runner, ext)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        f.write(clean_text)
    output = analyse(args, runner, path)

    if present["NOTES"]:
        filecheck(args, args.source, "\n".join(diagnostics(output, True)),
                  prefix_map["NOTES"],
                  ["--implicit-check-not={{warning|error|note}}:"])
    elif present["MESSAGES"]:
        filecheck(args, args.source, "\n".join(diagnostics(output, True)),
                  prefix_map["MESSAGES"],
                  ["--implicit-check-not={{warning|error}}:"])
    elif diagnostics(output, False):
        raise TestFailure("%s reported diagnostics where the test expects "
                          "none:\n%s" % (runner, output))

    fixed = open(path).read()
    if present["FIXES"]:
        filecheck(args, args.source, fixed, prefix_map["FIXES"],
                  ["--strict-whitespace"])
    elif fixed != clean_text:
        raise TestFailure("%s changed the file although the test has no "
                          "CHECK-FIXES:\n%s" % (runner, fixed))
    compile_fixed(args, path)
    analyse(args, runner, path)
    again = open(path).read()
    if again != fixed:
        raise TestFailure("%s --fix is not idempotent: the second run changed "
                          "the fixed file to:\n%s" % (runner, again))


def main(argv):
    args = parse_args(argv)
    prefix_map = prefixes(args.check_suffix)
    with open(args.source) as f:
        clean_text, present = strip_checks(f.read(), prefix_map)
    try:
        for runner in args.runners.split(","):
            check_runner(args, runner, clean_text, present, prefix_map)
    except TestFailure as failure:
        sys.stderr.write("check_syscall_tidy: %s\n" % failure)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
