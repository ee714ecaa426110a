"""Checks Code Quality reports against the fields GitLab documents.

Usage: check_codequality.py REPORT...
https://docs.gitlab.com/ee/ci/testing/code_quality.html#code-quality-report-format:
an array of objects with description, check_name, fingerprint (unique in a
report; a header's finding from two parallel jobs has one fingerprint),
severity (info, minor, major, critical, blocker), location.path (relative to
the repository) and location.lines.begin (or location.positions.begin.line).
Prints one line per distinct finding (path:line check) and exits 1 on a
violation.
"""
import json
import sys

SEVERITIES = {"info", "minor", "major", "critical", "blocker"}


def problems(entry):
    for field in ("description", "check_name", "fingerprint"):
        if not isinstance(entry.get(field), str) or not entry[field]:
            yield "no %s" % field
    if entry.get("severity") not in SEVERITIES:
        yield "severity %r" % entry.get("severity")
    location = entry.get("location", {})
    path = location.get("path")
    if not isinstance(path, str) or not path or path.startswith("/"):
        yield "location.path %r is not relative" % path
    line = location.get("lines", {}).get("begin",
           location.get("positions", {}).get("begin", {}).get("line"))
    if not isinstance(line, int) or line < 1:
        yield "no begin line"


def main():
    status, printed = 0, set()
    for report in sys.argv[1:]:
        seen = set()
        entries = json.load(open(report))
        if not isinstance(entries, list):
            print("%s: not an array" % report)
            return 1
        for entry in entries:
            for problem in problems(entry):
                print("%s: %s" % (report, problem))
                status = 1
            if entry.get("fingerprint") in seen:
                print("%s: fingerprint %s twice" % (report, entry["fingerprint"]))
                status = 1
            seen.add(entry.get("fingerprint"))
            if entry.get("fingerprint") in printed:
                continue
            printed.add(entry.get("fingerprint"))
            print("%s:%s %s" % (entry["location"]["path"],
                                entry["location"]["lines"]["begin"],
                                entry["check_name"]))
    return status


if __name__ == "__main__":
    sys.exit(main())
