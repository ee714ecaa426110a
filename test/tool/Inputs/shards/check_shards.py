"""Runs syscall-tidy once over a database and again as N shards.

Usage: check_shards.py TOOL BUILD_DIR N
Prints how many units each shard analysed and whether the shards' findings
together are the whole run's; exits 1 when a unit is analysed twice or not
at all, or when the findings differ.
"""
import json
import re
import subprocess
import sys


def run(tool, build, *args):
    done = subprocess.run([tool, "-p", build, "--format=json", "--fail-on=none",
                           "--header-filter=.*", *args],
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("syscall-tidy %s exited with %d: %s" %
                 (" ".join(args), done.returncode, done.stderr))
    units = int(re.search(r"\((\d+) translation units? analysed\)",
                          done.stderr).group(1))
    findings = json.loads(done.stdout)["findings"]
    return units, sorted(json.dumps(f, sort_keys=True) for f in findings)


def main():
    tool, build, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    whole_units, whole = run(tool, build)
    total, parts = 0, []
    for k in range(1, n + 1):
        units, findings = run(tool, build, "--shard=%d/%d" % (k, n))
        print("shard %d/%d: %d units" % (k, n, units))
        total += units
        parts += findings
    same = sorted(set(parts)) == sorted(set(whole))
    print("units: %d of %d; findings: %s" %
          (total, whole_units, "the same" if same else "different"))
    return 0 if total == whole_units and same else 1


if __name__ == "__main__":
    sys.exit(main())
