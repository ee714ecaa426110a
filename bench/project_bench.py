#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Wall time of syscall-tidy over a project, against the parse alone.

Usage: bench/project_bench.py [--build build] [--copies 40] [--repeat 5]
                              [--database DIR]

Makes a project of the examples/ sources copied --copies times (>= 100
translation units), or takes the compile_commands.json in --database DIR (a
real project's), then times, interleaved and --repeat times each:
  parse     clang -fsyntax-only on every file, -j 2 (the floor: the parse)
  tidy-j2   syscall-tidy -p ... -j 2, all checks
  tidy-j1   syscall-tidy -p ... -j 1
  run-ct    run-clang-tidy-19 -j 2 with the plugin loaded, same files
and prints the medians with their ratios. Not a pass/fail test.
"""
import argparse
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def make_project(copies, clang):
    work = tempfile.mkdtemp(prefix="syscall-tidy-bench-")
    src = os.path.join(ROOT, "examples", "src")
    entries = []
    for i in range(copies):
        d = os.path.join(work, "copy%03d" % i)
        shutil.copytree(src, d)
        for name in sorted(os.listdir(d)):
            if not name.endswith((".c", ".cpp")):
                continue
            cxx = name.endswith(".cpp")
            entries.append({
                "directory": d,
                "file": os.path.join(d, name),
                "arguments": [clang.replace("clang", "clang++", 1) if cxx
                              else clang, "-c", "-D_GNU_SOURCE",
                              "-std=c++17" if cxx else "-std=gnu11", name],
            })
    with open(os.path.join(work, "compile_commands.json"), "w") as f:
        json.dump(entries, f)
    return work, entries


def clang_rejects(clang, flag, cache={}):
    """Whether clang refuses a gcc flag (-fvect-cost-model=...), which the
    tool drops with a note: the parse baseline drops it too."""
    if flag not in cache:
        cache[flag] = subprocess.run(
            [clang, "-fsyntax-only", "-x", "c", os.devnull, flag],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0
    return cache[flag]


def load_project(directory, clang):
    """A real project's database, as entries with "arguments"."""
    with open(os.path.join(directory, "compile_commands.json")) as f:
        db = json.load(f)
    entries = []
    for e in db:
        args = e.get("arguments") or shlex.split(e["command"])
        if not e["file"].endswith((".c", ".cc", ".cpp", ".cxx")):
            continue
        kept, skip = [args[0], "-c"], False
        for a in args[1:]:
            if skip:
                skip = False
            elif a == "-o":
                skip = True
            elif a != "-c" and not (a.startswith(("-f", "-m", "-W"))
                                    and clang_rejects(clang, a)):
                kept.append(a)
        entries.append({"directory": e["directory"], "file": e["file"],
                        "arguments": kept})
    return directory, entries


def timed(cmd, ok=(0,)):
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    if proc.returncode not in ok:
        sys.exit("failed (%d): %s" % (proc.returncode, " ".join(cmd)))
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--copies", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--clang", default="clang-19")
    parser.add_argument("--database",
                        help="a directory with a real project's "
                        "compile_commands.json instead of the copies")
    args = parser.parse_args()
    tool = os.path.join(args.build, "bin", "syscall-tidy")
    plugin = os.path.join(args.build, "lib", "SyscallTidy.so")
    if args.database:
        work, entries = load_project(os.path.abspath(args.database),
                                      args.clang)
    else:
        work, entries = make_project(args.copies, args.clang)
    print("%d translation units in %s" % (len(entries), work))
    scratch = tempfile.mkdtemp(prefix="syscall-tidy-bench-")
    parse_script = os.path.join(scratch, "parse.list")
    with open(parse_script, "w") as listing:
        for i, e in enumerate(entries):
            # The parse by the same clang the tool links, whatever compiler
            # the project's database names; one script per file, so that
            # xargs sees no quotes.
            cxx = not e["file"].endswith(".c")
            one = os.path.join(scratch, "parse%05d.sh" % i)
            with open(one, "w") as f:
                f.write("cd %s && exec %s %s -fsyntax-only -w %s\n" % (
                    shlex.quote(e["directory"]), args.clang,
                    "--driver-mode=g++" if cxx else "",
                    " ".join(shlex.quote(a) for a in e["arguments"][2:])))
            listing.write(one + "\n")
    variants = {
        "parse": ["sh", "-c", "xargs -P 2 -n 1 sh < %s" % parse_script],
        "tidy-j2": [tool, "-p", work, "-j", "2", "--quiet"],
        "tidy-j1": [tool, "-p", work, "-j", "1", "--quiet"],
    }
    run_ct = shutil.which("run-clang-tidy-19")
    if run_ct:
        variants["run-ct"] = [run_ct, "-p", work, "-j", "2", "-quiet",
                              "-load", plugin, "-checks=-*,syscall-*",
                              "-clang-tidy-binary",
                              shutil.which("clang-tidy-19") or "clang-tidy-19"]
    times = {name: [] for name in variants}
    for _ in range(args.repeat):
        for name, cmd in variants.items():
            times[name].append(timed(cmd, (0, 1)))
    med = {name: statistics.median(t) for name, t in times.items()}
    print("%-10s %10s %8s" % ("variant", "median s", "ratio"))
    for name in variants:
        print("%-10s %10.2f %7.2fx" % (name, med[name], med[name] / med["parse"]))
    print("tidy -j1 / -j2: %.2fx" % (med["tidy-j1"] / med["tidy-j2"]))
    shutil.rmtree(scratch)
    if not args.database:
        shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main())
