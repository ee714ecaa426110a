"""Compares the sites and redundant rows of two syscall-tidy-trace JSON
reports of the same program, one per backend: prints each difference, or
'same sites' and the number compared.

Usage: same_sites.py REPORT_A REPORT_B FILE_SUFFIX [--sites-only]

--sites-only: threads that write to one descriptor interleave differently
from run to run, and so do the runs of small writes the rows count.
"""
import json
import sys


def rows(report, suffix):
    data = json.load(open(report))
    sites = {(s["file"].rsplit("/", 1)[-1], s["line"], s["function"], s["syscall"]):
             (s["count"], s["bytes"]) for s in data["sites"]
             if s["file"].endswith(suffix)}
    redundant = {(r["kind"], r.get("line"), r["syscall"]): r["count"]
                 for r in data["redundant"] if r.get("file", "").endswith(suffix)}
    return sites, redundant


def main():
    a, b, suffix = sys.argv[1], sys.argv[2], sys.argv[3]
    (sites_a, red_a), (sites_b, red_b) = rows(a, suffix), rows(b, suffix)
    if "--sites-only" in sys.argv:
        red_a, red_b = {}, {}
    differ = False
    for name, x, y in (("site", sites_a, sites_b), ("redundant", red_a, red_b)):
        for key in sorted(set(x) | set(y), key=str):
            if x.get(key) != y.get(key):
                differ = True
                print("%s %s: %s against %s" % (name, key, x.get(key), y.get(key)))
    if not differ:
        print("same sites: %d sites, %d redundant rows" % (len(sites_a), len(red_a)))


if __name__ == "__main__":
    main()
