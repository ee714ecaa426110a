#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The editor's server reports what the tool reports.

    same_findings.py REPORT.json FILE... -- SERVER ARGS...

Opens each FILE in the server (run in the working directory), then sends
its same text again as an edit, which the server analyses with the
preamble it kept; the findings of both analyses, as (line, check,
message, fixes), must be the tool's in REPORT.json (a --format=json run)
for that file. Prints one line per file and exits 1 on a difference.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Reader  # noqa: E402


def main():
    args = sys.argv[1:]
    split = args.index("--")
    (report, *files), server = args[:split], args[split + 1:]
    expected = {}
    for f in json.load(open(report))["findings"]:
        place = f["location"]
        expected.setdefault(place["file"], set()).add(
            (place["line"], f["check"], f["message"], bool(f.get("fixes"))))
    proc = subprocess.Popen(server, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE)
    reader = Reader(proc.stdout.fileno())
    ids = iter(range(1, 1000))

    def send(message):
        body = json.dumps(dict(message, jsonrpc="2.0")).encode()
        proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        proc.stdin.flush()

    def until(method=None, id=None):
        while True:
            m = reader.message()
            if m is None:
                sys.exit("same_findings: the server ended")
            if (method and m.get("method") == method) or (
                    id is not None and m.get("id") == id):
                return m

    send({"id": 0, "method": "initialize",
          "params": {"rootUri": "file://" + os.getcwd()}})
    until(id=0)
    failed = 0
    for name in files:
        path = os.path.abspath(name)
        uri = "file://" + path
        text = open(path).read()
        got = []
        for version in (1, 2):
            if version == 1:
                send({"method": "textDocument/didOpen", "params": {
                    "textDocument": {"uri": uri, "languageId": "c",
                                     "version": 1, "text": text}}})
            else:
                send({"method": "textDocument/didChange", "params": {
                    "textDocument": {"uri": uri, "version": 2},
                    "contentChanges": [{"text": text}]}})
            diagnostics = until("textDocument/publishDiagnostics")
            request = next(ids)
            send({"id": request, "method": "textDocument/codeAction",
                  "params": {"textDocument": {"uri": uri},
                             "context": {"only": ["quickfix"]}}})
            fixed = {json.dumps(d, sort_keys=True)
                     for a in until(id=request)["result"]
                     for d in a["diagnostics"]}
            got.append({(d["range"]["start"]["line"] + 1, d["code"],
                         d["message"], json.dumps(d, sort_keys=True) in fixed)
                        for d in diagnostics["params"]["diagnostics"]})
        want = expected.get(path, set())
        verdict = "same" if got[0] == want and got[1] == want else "DIFFERS"
        failed += verdict != "same"
        print("%s: %s, %d findings" % (name, verdict, len(want)))
        for label, seen in zip(("open", "edit"), got):
            for line in sorted(want - seen):
                print("  %s lost: %s" % (label, line))
            for line in sorted(seen - want):
                print("  %s gained: %s" % (label, line))
    send({"id": 999, "method": "shutdown"})
    until(id=999)
    send({"method": "exit"})
    proc.wait(timeout=60)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
