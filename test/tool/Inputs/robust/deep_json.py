"""Writes JSON nested DEPTH levels deep (lists) to PATH.

Usage: deep_json.py PATH DEPTH
"""
import sys

path, depth = sys.argv[1], int(sys.argv[2])
with open(path, "w") as f:
    f.write('{"version": 1, "tool": "syscall-tidy", "findings": ' +
            "[" * depth + "]" * depth + "}")
