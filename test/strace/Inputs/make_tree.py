#!/usr/bin/env python3
"""make_tree.py DIR: 20 directories of 50 files each under DIR, and a
symlink to one of the files (which stat follows)."""
import os
import sys

root = sys.argv[1]
for d in range(20):
    sub = os.path.join(root, "d%02d" % d)
    os.makedirs(sub)
    for f in range(50):
        open(os.path.join(sub, "f%02d" % f), "w").close()
os.symlink(os.path.join("d00", "f00"), os.path.join(root, "link"))
