#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The checks' time beside clang's parse, per translation unit, each alone.

Usage: bench/unit_bench.py -p DB [--build build] [--baseline TOOL]
                           [--repeat 5] [--bound 0.10] [FILE ...]

Runs `syscall-tidy -p DB --enable-check-profile --quiet
--checks=-*,syscall-* FILE` for each FILE (every file of DB's
compile_commands.json when none is named), one unit per process, and reads
the profile's "parse (clang)" and "checks (all, with matching)" times.

Alone, a unit is measured once, and again --repeat times when its ratio is
over --bound (the median counts): a run on a shared machine is noisy, and
most units are far below. Prints the units over the bound and a summary
line.

With --baseline TOOL, every FILE is measured --repeat times by both tools,
alternating, so both see the same load; prints each unit's median parse
and checks times for both and the sums' change. Not a pass/fail test.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PARSE = re.compile(r"parse \(clang\)\s+([0-9.]+)")
CHECKS = re.compile(r"checks \(all, with matching\)\s+([0-9.]+)")


def units(database):
    with open(os.path.join(database, "compile_commands.json")) as f:
        entries = json.load(f)
    return sorted({os.path.normpath(os.path.join(e["directory"], e["file"]))
                   for e in entries})


def profile(tool, database, path):
    """(parse, checks) seconds of one run, or None when the run printed no
    profile (a unit that does not compile)."""
    err = subprocess.run(
        [tool, "-p", database, "--enable-check-profile", "--quiet",
         "--checks=-*,syscall-*", path],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr
    parse, checks = PARSE.search(err), CHECKS.search(err)
    if not parse or not checks or float(parse.group(1)) <= 0:
        return None
    return float(parse.group(1)), float(checks.group(1))


def alone(args, tool, files):
    ratios = []
    for path in files:
        first = profile(tool, args.database, path)
        if not first:
            print(f"no profile: {path}", file=sys.stderr)
            continue
        runs = [first]
        if first[1] / first[0] > args.bound:
            runs += [r for r in (profile(tool, args.database, path)
                                 for _ in range(args.repeat - 1)) if r]
        ratios.append((statistics.median(c / p for p, c in runs), path))
    if not ratios:
        sys.exit("unit_bench.py: no unit gave a profile")
    over = sorted((r for r in ratios if r[0] > args.bound), reverse=True)
    for ratio, path in over:
        print(f"  {ratio:.3f} {path}")
    print(f"units {len(ratios)}, at most {args.bound:.2f}: "
          f"{len(ratios) - len(over)}, median "
          f"{statistics.median(r for r, _ in ratios):.3f}, largest "
          f"{max(ratios)[0]:.3f} ({os.path.basename(max(ratios)[1])})")


def paired(args, tool, files):
    sums = [0.0] * 4
    for path in files:
        old, new = [], []
        for _ in range(args.repeat):
            old.append(profile(args.baseline, args.database, path))
            new.append(profile(tool, args.database, path))
        old, new = [r for r in old if r], [r for r in new if r]
        if not old or not new:
            print(f"no profile: {path}", file=sys.stderr)
            continue
        row = [statistics.median(r[i] for r in runs) * 1000
               for runs in (old, new) for i in (0, 1)]
        sums = [s + v for s, v in zip(sums, row)]
        print(f"parse {row[0]:.1f} -> {row[2]:.1f} ms, checks {row[1]:.2f} "
              f"-> {row[3]:.2f} ms  {path}", flush=True)
    if not sums[0] or not sums[1]:
        sys.exit("unit_bench.py: no unit gave a profile")
    print(f"sums: parse {sums[0]:.1f} -> {sums[2]:.1f} ms "
          f"({100 * (sums[2] / sums[0] - 1):+.1f} %), checks {sums[1]:.2f} -> "
          f"{sums[3]:.2f} ms ({100 * (sums[3] / sums[1] - 1):+.1f} %)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-p", dest="database", required=True)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--baseline")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--bound", type=float, default=0.10)
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    tool = os.path.join(args.build, "bin", "syscall-tidy")
    files = [os.path.abspath(f) for f in args.files] or units(args.database)
    if args.baseline:
        paired(args, tool, files)
    else:
        alone(args, tool, files)


if __name__ == "__main__":
    main()
