#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Plays a recorded LSP session against a server and prints what it says.

    lsp_client.py --root DIR SESSION -- SERVER ARGS...
    lsp_client.py --root-copy DIR SESSION -- SERVER ARGS...

--root-copy runs in a copy of DIR made in a fresh temporary directory (no
compile_commands.json above it), removed afterwards.

SESSION holds one step per line ('#' starts a comment):
  send JSON        a message, framed with Content-Length
  body TEXT        TEXT framed as a message body as it is (malformed JSON)
  raw TEXT         TEXT written as it is, no framing (\\r\\n escapes work)
  wait KEY         read until a message arrives whose method or id is KEY
  close            close the server's input
In JSON and TEXT, @ROOT@ is the root directory and @URI@ its file:// URI;
"@TEXT(path)@" is the JSON string of that file's text under the root.
Every message the server sends is printed on one line, keys sorted, with
the root's URI and path written as @URI@ and @ROOT@; then the exit status.
A server that says nothing for 60 s while awaited fails the session.
"""
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import urllib.parse


class Reader:
    """The server's output, read straight from its descriptor (select()
    cannot see what a buffered file object holds)."""

    def __init__(self, fd):
        self.fd, self.data = fd, b""

    def more(self, deadline):
        ready, _, _ = select.select([self.fd], [], [], deadline)
        if not ready:
            sys.exit("lsp_client: the server said nothing for %d s" % deadline)
        chunk = os.read(self.fd, 65536)
        self.data += chunk
        return bool(chunk)

    def message(self, deadline=60):
        while b"\r\n\r\n" not in self.data:
            if not self.more(deadline):
                return None
        header, _, self.data = self.data.partition(b"\r\n\r\n")
        length = int(re.search(rb"Content-Length: *(\d+)", header).group(1))
        while len(self.data) < length:
            if not self.more(deadline):
                return None
        body, self.data = self.data[:length], self.data[length:]
        return json.loads(body)


def main():
    args = sys.argv[1:]
    split = args.index("--")
    own, server = args[:split], args[split + 1:]
    flag = "--root" if "--root" in own else "--root-copy"
    root = os.path.abspath(own[own.index(flag) + 1])
    session = [a for i, a in enumerate(own)
               if a != flag and (i == 0 or own[i - 1] != flag)][0]
    scratch = None
    if flag == "--root-copy":
        scratch = tempfile.mkdtemp(prefix="syscall-tidy-lsp-")
        root = shutil.copytree(root, os.path.join(scratch, "root"))
    uri = "file://" + urllib.parse.quote(root)

    def expand(text):
        text = re.sub(r'"@TEXT\(([^)]*)\)@"', lambda m: json.dumps(
            open(os.path.join(root, m.group(1))).read()), text)
        return text.replace("@ROOT@", root).replace("@URI@", uri)

    def show(message):
        line = json.dumps(message, sort_keys=True)
        print("<- " + line.replace(uri, "@URI@").replace(root, "@ROOT@"))
        sys.stdout.flush()

    proc = subprocess.Popen(server, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, cwd=root)
    reader = Reader(proc.stdout.fileno())

    def write(data):
        try:
            proc.stdin.write(data)
            proc.stdin.flush()
        except BrokenPipeError:
            pass

    for line in open(session):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        verb, _, rest = line.partition(" ")
        if verb == "send" or verb == "body":
            body = expand(rest).encode()
            if verb == "send":
                body = json.dumps(json.loads(body)).encode()
            write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        elif verb == "raw":
            write(expand(rest).encode().decode("unicode_escape").encode())
        elif verb == "wait":
            while True:
                message = reader.message()
                if message is None:
                    print("lsp_client: the server ended while awaited for "
                          + rest)
                    break
                show(message)
                if rest in (message.get("method"), json.dumps(message.get("id"))):
                    break
        elif verb == "close":
            proc.stdin.close()
        else:
            sys.exit("lsp_client: unknown step '%s'" % verb)
    if not proc.stdin.closed:
        proc.stdin.close()
    while True:
        message = reader.message()
        if message is None:
            break
        show(message)
    print("exit: %d" % proc.wait(timeout=60))
    if scratch:
        shutil.rmtree(scratch)


if __name__ == "__main__":
    main()
