#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What an edit costs in the editor against a cold analysis.

    lsp_bench.py --build BUILD [--repeat N] [--max-ratio R]

Generates a C++ file whose #include lines bring in most of the standard
library (as real sources do) and whose body has a few functions with
findings. Cold: a fresh `syscall-tidy --lsp` opens the file, from the
didOpen to its diagnostics (the preamble is built). Edit: the same server
gets an edit in a function body, from the didChange to its diagnostics
(the preamble is reused). Prints the medians and edit / cold; with
--max-ratio, exits 1 above it.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "test", "lsp"))
from lsp_client import Reader  # noqa: E402

HEADERS = ["algorithm", "chrono", "fstream", "functional", "iostream", "map",
           "memory", "regex", "set", "sstream", "string", "unordered_map",
           "vector", "fcntl.h", "sys/stat.h", "unistd.h"]


def source(edit):
    lines = ["#include <%s>" % h for h in HEADERS]
    for i in range(20):
        lines += [
            "void write_rows_%d(std::ofstream &out, const std::vector<int> &v) {" % i,
            "  for (int x : v)",
            "    out << x + %d << std::endl;" % (i + edit),
            "}",
            "int open_log_%d(const char *path) {" % i,
            "  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);",
            "  struct stat st;",
            "  if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))",
            "    return -1;",
            "  return fd;",
            "}"]
    return "\n".join(lines) + "\n"


class Server:
    def __init__(self, tool, work):
        self.proc = subprocess.Popen(
            [tool, "--lsp", "--lsp-debounce=0"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, cwd=work)
        self.reader = Reader(self.proc.stdout.fileno())
        self.send({"id": 0, "method": "initialize",
                   "params": {"rootUri": "file://" + work}})
        self.until(id=0)

    def send(self, message):
        body = json.dumps(dict(message, jsonrpc="2.0")).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def until(self, method=None, id=None):
        while True:
            m = self.reader.message(deadline=600)
            if m is None:
                sys.exit("lsp_bench: the server ended")
            if m.get("method") == method or (id is not None and
                                             m.get("id") == id):
                return m

    def timed(self, message):
        start = time.monotonic()
        self.send(message)
        published = self.until("textDocument/publishDiagnostics")
        return time.monotonic() - start, len(published["params"]["diagnostics"])

    def close(self):
        self.send({"id": 1, "method": "shutdown"})
        self.until(id=1)
        self.send({"method": "exit"})
        self.proc.wait(timeout=60)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--max-ratio", type=float)
    args = ap.parse_args()
    tool = os.path.abspath(os.path.join(args.build, "bin", "syscall-tidy"))
    work = tempfile.mkdtemp(prefix="syscall-tidy-lsp-bench-")
    path = os.path.join(work, "rows.cpp")
    with open(os.path.join(work, "compile_commands.json"), "w") as f:
        json.dump([{"directory": work, "file": path,
                    "arguments": ["c++", "-std=c++17", "-c", path]}], f)
    uri = "file://" + path
    cold, edits = [], []
    for _ in range(args.repeat):
        with open(path, "w") as f:
            f.write(source(0))
        server = Server(tool, work)
        seconds, found = server.timed({
            "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "cpp",
                                        "version": 1, "text": source(0)}}})
        cold.append(seconds)
        for version in range(2, 5):
            seconds, edited = server.timed({
                "method": "textDocument/didChange",
                "params": {"textDocument": {"uri": uri, "version": version},
                           "contentChanges": [{"text": source(version)}]}})
            edits.append(seconds)
            if edited != found:
                sys.exit("lsp_bench: %d findings after an edit, %d before"
                         % (edited, found))
        server.close()
    ratio = statistics.median(edits) / statistics.median(cold)
    print("file: %d lines, %d #include lines, %d findings"
          % (source(0).count("\n"), len(HEADERS), found))
    print("cold open (s, median of %d): %.3f" % (len(cold),
                                                 statistics.median(cold)))
    print("edit (s, median of %d): %.3f" % (len(edits),
                                            statistics.median(edits)))
    verdict = ""
    if args.max_ratio is not None and ratio > args.max_ratio:
        verdict = "  > %.2f FAIL" % args.max_ratio
    print("edit / cold: %.2f%s" % (ratio, verdict))
    return 1 if verdict else 0


if __name__ == "__main__":
    sys.exit(main())
