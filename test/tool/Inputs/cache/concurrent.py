"""Starts N copies of a command at once and prints their exit statuses.

Usage: concurrent.py N COMMAND [ARGS...]; "{i}" in an argument becomes the
copy's number (1..N).
"""
import subprocess
import sys


def main():
    n, command = int(sys.argv[1]), sys.argv[2:]
    runs = [subprocess.Popen([a.replace("{i}", str(i)) for a in command],
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
            for i in range(1, n + 1)]
    print("statuses:", " ".join(sorted({str(r.wait()) for r in runs})))


if __name__ == "__main__":
    main()
