#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The metamorphic suite: every lit case of the checks, rewritten.

For each %check_syscall_tidy line of each case in test/checks and each
rewrite of syscall-tidy-metamorphic, the variant must compile and give the
same findings as the case (the same checks and messages, quoted code and the
rewrite's renaming aside; lines may move). Where the variant's findings have
fixes, the fixed variant must compile and a second --fix must change
nothing. A case may say that a rewrite changes its meaning, with why
(`// METAMORPHIC-CHANGES: REWRITE: WHY`, docs/real-code.md): that rewrite
is not run on it, and the runner lists it. Prints the invariance rate per
rewrite and per check, and fails when a check falls below its floor
(--floors; --goal for a check without one), a fix breaks a variant, or the
tool fails on one.

Usage: run.py --syscall-tidy T --rewriter R --clang C --cases DIR --work DIR
              [--floors FILE] [--goal PERCENT] [--only REGEX] [--rewrites L]
"""

import argparse
import collections
import concurrent.futures
import functools
import os
import re
import shlex
import shutil
import subprocess
import sys

REWRITES = ("split-declaration", "assign-in-condition", "rename",
            "parenthesize", "do-while-macro", "wrap-open",
            "wrap-open-elsewhere", "retry-macro", "goto-cleanup",
            "local-flag", "join-or", "cast", "outline", "outline-elsewhere",
            "inline", "die-wrapper", "call-table", "call-field")
# The rewrites that write a second unit, which the variant calls.
TWO_UNITS = ("wrap-open-elsewhere", "outline-elsewhere")
DIAG = re.compile(r"^(.*?):(\d+):(\d+): (warning|error): (.*) \[([\w,.-]+)\]$")


def run(cmd, cwd=None):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, cwd=cwd)


def cases_of(path):
    """(check, config, compiler args) of each %check_syscall_tidy RUN line,
    but one per check and config: a case's second RUN line (-O2
    -D_FORTIFY_SOURCE=2) repeats the first with other flags. lit runs both;
    the rewrites, which test spellings, run on the first (it halves the
    suite's time)."""
    text = open(path).read()
    lines = re.findall(r"^// RUN: (.*?)$", text, re.M)
    joined, current = [], ""
    for line in lines:
        current += line.rstrip("\\").rstrip() + " "
        if not line.endswith("\\"):
            joined.append(current)
            current = ""
    found = []
    for line in joined:
        if "%check_syscall_tidy" not in line:
            continue
        words = shlex.split(line)
        at = words.index("%check_syscall_tidy")
        check = words[at + 2]
        config = next((w.split("=", 1)[1] for w in words
                       if w.startswith("-config=")), "")
        args = words[words.index("--") + 1:] if "--" in words else []
        if any(c == check and f == config for c, f, _ in found):
            continue
        found.append((check, config, args))
    return found


@functools.lru_cache(maxsize=None)
def meaning_changes(path):
    """{rewrite: why} of a case's METAMORPHIC-CHANGES lines."""
    text = open(path).read()
    return {m.group(1): m.group(2).strip() for m in re.finditer(
        r"^// METAMORPHIC-CHANGES: ([\w-]+): (.*)$", text, re.M)}


def normalised(message):
    """A finding's message without quoted code and the rewrite's names, and
    without where the loop is: in the call's own function ("the loop") or
    in a caller ("a loop", "on every call of f, which g makes in a loop"),
    which inlining and outlining move."""
    message = message.replace("_meta", "")
    message = re.sub(r"'[^']*'", "'…'", message)
    message = message.replace("of the loop", "of a loop")
    return re.sub(r"on every call of '…', which (?:'…'|a caller in another "
                  r"file) makes in a loop", "on every iteration", message)


class Suite:
    def __init__(self, args):
        self.args = args
        self.resource = run([args.clang, "-print-resource-dir"]).stdout.strip()

    def flags(self, case_args, source):
        lang = ["-xc++", "-std=c++17"] if source.endswith(".cpp") else []
        return lang + case_args + ["-resource-dir=" + self.resource]

    def findings(self, check, config, sources, flags, fix, cwd):
        cmd = [self.args.syscall_tidy, "--checks=-*," + check, "--quiet"]
        if config:
            cmd.append("--config=" + config)
        if fix:
            cmd.append("--fix")
        if len(sources) > 1:
            db = os.path.join(cwd, "compile_commands.json")
            with open(db, "w") as f:
                f.write("[%s]" % ",".join(
                    '{"directory": "%s", "file": "%s", "arguments": %s}' % (
                        cwd, s, _json_list(["cc", "-c"] + flags + [s]))
                    for s in sources))
            cmd += ["-p", cwd]
        else:
            cmd += sources + ["--"] + flags
        proc = run(cmd, cwd=cwd)
        if proc.returncode not in (0, 1):
            return None, proc.stdout
        found = collections.Counter()
        for line in proc.stdout.splitlines():
            m = DIAG.match(line)
            if m and m.group(4) == "warning":
                found[(m.group(6), normalised(m.group(5)))] += 1
            elif m:
                return None, proc.stdout
        return found, proc.stdout

    def original(self, source, index, check, config, case_args):
        """The findings of one RUN line on the case itself, which every
        rewrite of it is compared with."""
        work = self.workdir("%s.%d" % (os.path.basename(source), index))
        original = os.path.join(work, "case" + os.path.splitext(source)[1])
        shutil.copy(source, original)
        return self.findings(check, config, [original],
                             self.flags(case_args, source), False, work)

    def workdir(self, name):
        work = os.path.join(self.args.work, name)
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        return work

    def one(self, source, index, check, config, case_args, rewrite, found):
        """The outcome of one rewrite of one RUN line of one case, whose
        original findings are found."""
        changes = meaning_changes(source)
        if rewrite in changes:
            return ("changes", changes[rewrite])
        work = self.workdir("%s.%d.%s" % (os.path.basename(source), index,
                                          rewrite))
        ext = os.path.splitext(source)[1]
        original = os.path.join(work, "case" + ext)
        shutil.copy(source, original)
        flags = self.flags(case_args, source)
        variant = os.path.join(work, "variant" + ext)
        wrappers = os.path.join(work, "wrappers" + ext)
        cmd = [self.args.rewriter, rewrite, original, variant]
        if rewrite in TWO_UNITS:
            cmd.append(wrappers)
        proc = run(cmd + ["--"] + flags)
        if proc.returncode != 0:
            return ("error", "rewriter: " + proc.stdout)
        if open(variant).read() == open(original).read():
            return ("n/a", "")
        sources = [variant]
        if rewrite in TWO_UNITS:
            sources.append(wrappers)
        for unit in sources:
            compiled = run([self.args.clang, "-fsyntax-only"] + flags + [unit])
            if compiled.returncode != 0:
                return ("invalid", compiled.stdout)
        before, out = found
        after, out2 = self.findings(check, config, sources, flags, False, work)
        if before is None or after is None:
            return ("error", out if before is None else out2)
        if before != after:
            lost = before - after
            gained = after - before
            return ("differs", "lost: %s; gained: %s" % (
                sorted(lost.elements()), sorted(gained.elements())))
        if not after:
            return ("same", "")
        # The fix: compiles, and a second one changes nothing.
        self.findings(check, config, sources, flags, True, work)
        fixed = run([self.args.clang, "-fsyntax-only"] + flags + [variant])
        if fixed.returncode != 0:
            return ("fix-broken", fixed.stdout)
        once = open(variant).read()
        self.findings(check, config, sources, flags, True, work)
        if open(variant).read() != once:
            return ("fix-broken", "a second --fix changed the variant")
        return ("same", "")


def _json_list(items):
    return "[" + ",".join('"%s"' % i.replace("\\", "\\\\").replace('"', '\\"')
                          for i in items) + "]"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for opt in ("--syscall-tidy", "--rewriter", "--clang", "--cases",
                "--work"):
        parser.add_argument(opt, required=True)
    parser.add_argument("--goal", type=float, default=95.0)
    parser.add_argument("--floors", help="per-check minimum rates")
    parser.add_argument("-j", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", default="",
                        help="cases whose file name matches this regex")
    parser.add_argument("--rewrites", default=",".join(REWRITES))
    args = parser.parse_args()
    for name in ("syscall_tidy", "rewriter", "cases", "work"):
        setattr(args, name, os.path.abspath(getattr(args, name)))
    suite = Suite(args)
    lines = []
    for entry in sorted(os.listdir(args.cases)):
        source = os.path.join(args.cases, entry)
        if entry.endswith((".c", ".cpp")) and re.search(args.only, entry):
            lines += [(source, index) + case
                      for index, case in enumerate(cases_of(source))]
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        found = list(pool.map(lambda line: suite.original(*line), lines))
        jobs = [line + (rewrite, before)
                for line, before in zip(lines, found)
                for rewrite in args.rewrites.split(",")]
        outcomes = list(pool.map(lambda j: (j, suite.one(*j)), jobs))

    by_check = collections.defaultdict(collections.Counter)
    by_rewrite = collections.defaultdict(collections.Counter)
    failed = False
    for (source, index, check, _, _, rewrite, _), (kind, detail) in outcomes:
        by_check[check][kind] += 1
        by_rewrite[rewrite][kind] += 1
        if kind in ("differs", "fix-broken", "error", "changes"):
            print("%s: %s #%d %s: %s" % (kind, os.path.basename(source), index,
                                         rewrite, detail.strip()[:600]))
        failed |= kind in ("fix-broken", "error")

    def rate(c):
        applied = c["same"] + c["differs"] + c["fix-broken"]
        return (100.0 * c["same"] / applied if applied else 100.0), applied

    floors = {}
    if args.floors:
        for line in open(args.floors):
            if line.strip() and not line.startswith("#"):
                check, value = line.split()
                floors[check] = float(value)
    below_goal = []
    print("\nMetamorphic invariance (variants with the same findings / "
          "variants the rewrite changed; invalid = did not compile, n/a = "
          "nothing to rewrite):")
    for title, table in (("rewrite", by_rewrite), ("check", by_check)):
        print("  %-32s %8s %8s %8s %8s" % (title, "same", "differs",
                                          "invalid", "rate"))
        for key in sorted(table):
            c = table[key]
            r, applied = rate(c)
            print("  %-32s %8d %8d %8d %7.1f%%" % (
                key, c["same"], c["differs"] + c["fix-broken"], c["invalid"],
                r))
            if title != "check" or not applied:
                continue
            if r < floors.get(key, args.goal):
                print("  %s fell below its floor of %.0f%%" % (
                    key, floors.get(key, args.goal)))
                failed = True
            if r < args.goal:
                below_goal.append(key)
    print("metamorphic: %s; %d of %d checks below the %.0f%% goal%s" % (
        "FAILED" if failed else "passed", len(below_goal), len(by_check),
        args.goal, (": " + ", ".join(below_goal)) if below_goal else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
