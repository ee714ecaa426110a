#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the scale-out features save on a real project, as ratios to a cold
run measured in the same session.

Usage: bench/cache_bench.py --database DIR [--build build] [--jobs 2]
                            [--repeat N]

Runs syscall-tidy over the compile_commands.json in DIR:
  cold          no cache (the baseline)
  cold+store    an empty --cache-dir: the cost of writing the entries
  warm-local    the same --cache-dir again
  http-store    an empty --cache-url (nginx with WebDAV on 127.0.0.1)
  warm-http     --cache-url only, as a fresh CI runner sees it
  2 shards      --shard=1/2 and --shard=2/2 at once, -j (jobs/2) each,
                then --merge of their reports
and prints each one's wall time, its ratio to cold, whether its findings
are cold's, and the local cache's size per translation unit. With
--repeat N, cold and cold+store run N times each, in turns, each store
into an empty directory, and the fastest of each counts: the cost of the
store is a few per cent, less than one run's noise. Not a pass/fail test
(the tests check that the findings are the same).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DAV = os.path.join(ROOT, "test", "tool", "Inputs", "cache", "dav_server.py")


def tidy(tool, database, out, *args):
    return [tool, "-p", database, "--quiet", "--fail-on=none",
            "--format=json", "--output=" + out, *args]


def timed(*commands):
    """Runs the commands at once; the wall time until all are done."""
    start = time.monotonic()
    runs = [subprocess.Popen(c, stderr=subprocess.PIPE, text=True)
            for c in commands]
    for run, command in zip(runs, commands):
        _, err = run.communicate()
        if run.returncode != 0:
            sys.exit("%s exited with %d: %s" % (command[0], run.returncode, err))
    return time.monotonic() - start


def findings(path):
    with open(path) as f:
        return json.load(f)["findings"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", required=True)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    tool = os.path.join(args.build, "bin", "syscall-tidy")
    database = os.path.abspath(args.database)
    with open(os.path.join(database, "compile_commands.json")) as f:
        units = len({e["file"] for e in json.load(f)})
    work = tempfile.mkdtemp(prefix="syscall-tidy-cache-bench-")
    j = "-j%d" % args.jobs
    out = lambda name: os.path.join(work, name + ".json")
    local = os.path.join(work, "local")
    rows = []

    def row(name, seconds, report):
        rows.append((name, seconds, findings(report) == findings(out("cold"))))

    cold, store = [], []
    for _ in range(max(1, args.repeat)):
        shutil.rmtree(local, ignore_errors=True)
        cold.append(timed(tidy(tool, database, out("cold"), j)))
        store.append(timed(tidy(tool, database, out("store"), j,
                                "--cache-dir=" + local)))
    row("cold", min(cold), out("cold"))
    row("cold+store", min(store), out("store"))
    row("warm-local", timed(tidy(tool, database, out("warm"), j,
                                 "--cache-dir=" + local)), out("warm"))
    size = sum(os.path.getsize(os.path.join(d, f))
               for d, _, files in os.walk(local) for f in files)

    dav = os.path.join(work, "dav")
    subprocess.run([sys.executable, DAV, "start", dav], check=True)
    try:
        with open(os.path.join(dav, "url")) as f:
            url = "--cache-url=" + f.read()
        row("http-store", timed(tidy(tool, database, out("put"), j, url)),
            out("put"))
        row("warm-http", timed(tidy(tool, database, out("get"), j, url)),
            out("get"))
    finally:
        subprocess.run([sys.executable, DAV, "stop", dav], check=True)

    half = "-j%d" % max(1, args.jobs // 2)
    shards = timed(tidy(tool, database, out("s1"), half, "--shard=1/2"),
                   tidy(tool, database, out("s2"), half, "--shard=2/2"))
    shards += timed([tool, "--merge", out("s1"), out("s2"), "--quiet",
                     "--fail-on=none", "--format=json",
                     "--output=" + out("merged")])
    row("2 shards", shards, out("merged"))

    baseline = rows[0][1]
    print("%d translation units, %s" % (units, database))
    for name, seconds, same in rows:
        print("%-11s %7.2f s  %5.3fx cold  findings %s" %
              (name, seconds, seconds / baseline,
               "same" if same else "DIFFERENT"))
    print("cache: %.1f KiB per unit (%.1f MiB in all)" %
          (size / 1024 / units, size / 1024 / 1024))
    shutil.rmtree(work)
    return 0 if all(same for _, _, same in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
