#!/usr/bin/env python3
"""Runs a command under a fault: its standard output closed, a file size
limit (ulimit -f, with SIGXFSZ ignored so writes fail with EFBIG), or its
input file a FIFO fed by another thread. Exits with the command's status.

  run_with.py [--closed-stdout] [--fsize=BYTES] [--fifo=PATH:SOURCE] -- CMD...
"""
import os
import resource
import signal
import subprocess
import sys
import threading


def main(argv):
    split = argv.index("--")
    opts, cmd = argv[:split], argv[split + 1:]
    closed = "--closed-stdout" in opts
    fsize = next((int(o.split("=")[1]) for o in opts
                  if o.startswith("--fsize=")), None)
    fifo = next((o.split("=", 1)[1] for o in opts
                 if o.startswith("--fifo=")), None)
    if fifo:
        path, source = fifo.split(":")
        if os.path.exists(path):
            os.remove(path)
        os.mkfifo(path)

        def feed():
            with open(path, "w") as out, open(source) as src:
                out.write(src.read())

        threading.Thread(target=feed, daemon=True).start()

    def limits():
        if closed:
            os.close(1)
        if fsize is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

    try:
        return subprocess.call(cmd, preexec_fn=limits, timeout=60)
    except subprocess.TimeoutExpired:
        sys.stderr.write("run_with: %s did not finish in 60 s\n" % cmd[0])
        return 124


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
