#!/usr/bin/env python3
"""Runs a command under a fault: its standard output closed, its standard
error a full device, a file size limit (ulimit -f, with SIGXFSZ ignored so
writes fail with EFBIG, or with SIGXFSZ at its default as a shell leaves
it), or its input file a FIFO fed by another thread. Exits with the
command's status.

  run_with.py [--closed-stdout] [--full-stderr] [--fsize=BYTES]
              [--sigxfsz-default] [--fifo=PATH:SOURCE]
              [--edit-when-read=FIFO:FILE] -- CMD...
--edit-when-read makes FIFO and, once the command opens it, changes one
byte of FILE (the size stays) before giving the command an empty text: the
user saving a file while the command runs, at a moment the test chooses.
"""
import os
import resource
import signal
import subprocess
import sys
import threading


def make_fifo(path):
    if os.path.exists(path):
        os.remove(path)
    os.mkfifo(path)


def main(argv):
    split = argv.index("--")
    opts, cmd = argv[:split], argv[split + 1:]
    closed = "--closed-stdout" in opts
    full_stderr = "--full-stderr" in opts
    sigxfsz = (signal.SIG_DFL if "--sigxfsz-default" in opts
               else signal.SIG_IGN)
    fsize = next((int(o.split("=")[1]) for o in opts
                  if o.startswith("--fsize=")), None)
    fifo = next((o.split("=", 1)[1] for o in opts
                 if o.startswith("--fifo=")), None)
    if fifo:
        path, source = fifo.split(":")
        make_fifo(path)

        def feed():
            with open(path, "w") as out, open(source) as src:
                out.write(src.read())

        threading.Thread(target=feed, daemon=True).start()
    edit = next((o.split("=", 1)[1] for o in opts
                 if o.startswith("--edit-when-read=")), None)
    if edit:
        path, target = edit.split(":")
        make_fifo(path)

        def change():
            with open(path, "w"):
                with open(target, "r+b") as f:
                    first = f.read(1)
                    f.seek(0)
                    f.write(b"/" if first != b"/" else b" ")

        threading.Thread(target=change, daemon=True).start()

    def limits():
        if closed:
            os.close(1)
        if full_stderr:
            full = os.open("/dev/full", os.O_WRONLY)
            os.dup2(full, 2)
        if fsize is not None:
            signal.signal(signal.SIGXFSZ, sigxfsz)
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

    try:
        return subprocess.call(cmd, preexec_fn=limits, timeout=60)
    except subprocess.TimeoutExpired:
        sys.stderr.write("run_with: %s did not finish in 60 s\n" % cmd[0])
        return 124


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
