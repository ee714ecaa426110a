"""Loads each packaged plugin into the clang-tidy of its LLVM major.

Usage: load_plugins.py ROOT MAJORS SOURCE
For each major N of MAJORS (comma-separated), runs clang-tidy-N with
ROOT/usr/lib/syscall-tidy/llvm-N/SyscallTidy.so on SOURCE and prints one line
per major with the number of syscall-* warnings; then loads another major's
plugin into clang-tidy-N and prints the plugin the loader named instead.
Exits 1 if a plugin is missing or a clang-tidy fails to load its own.
"""
import os
import re
import subprocess
import sys


def run(clang_tidy, plugin, source):
    return subprocess.run(
        [clang_tidy, "--load=" + plugin, "--checks=-*,syscall-*", source,
         "--", "-D_GNU_SOURCE"],
        capture_output=True, text=True)


def main():
    root, majors, source = sys.argv[1], sys.argv[2].split(","), sys.argv[3]
    plugin_dir = os.path.join(root, "usr", "lib", "syscall-tidy")
    status = 0
    for major in majors:
        plugin = os.path.join(plugin_dir, "llvm-" + major, "SyscallTidy.so")
        if not os.path.exists(plugin):
            print("llvm-%s: missing %s" % (major, plugin))
            status = 1
            continue
        done = run("clang-tidy-" + major, plugin, source)
        warnings = len(re.findall(r"warning: .*\[syscall-", done.stdout))
        print("llvm-%s: %d warnings" % (major, warnings))
        if warnings == 0:
            print(done.stdout + done.stderr)
            status = 1
        other = next((m for m in majors if m != major), None)
        if other:
            wrong = os.path.join(plugin_dir, "llvm-" + other, "SyscallTidy.so")
            named = re.search(r"load (\S+) instead", run(
                "clang-tidy-" + major, wrong, source).stderr)
            print("llvm-%s given llvm-%s: load %s" %
                  (major, other, named.group(1) if named else "(none)"))
            if not named or named.group(1) != os.path.realpath(plugin):
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
