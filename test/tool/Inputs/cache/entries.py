"""Prints the number of entries in a result cache directory and whether
their total size is within a bound.

Usage: entries.py CACHE_DIR [MAX_BYTES]
"""
import os
import sys


def main():
    root = sys.argv[1]
    sizes = [os.path.getsize(os.path.join(d, f))
             for d, _, files in os.walk(root) for f in files
             if f.endswith(".json")]
    line = "entries: %d" % len(sizes)
    if len(sys.argv) > 2:
        line += "; within %s bytes: %s" % (
            sys.argv[2], "yes" if sum(sizes) <= int(sys.argv[2]) else "no")
    print(line)


if __name__ == "__main__":
    main()
