# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Starts the tracer on a waiting command, then stops it as a user would,
and prints the tracer's exit status and whether the command still runs.

Usage: stop_tracer.py (sigint-group|sigterm-tracer|none) PIDFILE TRACER ARGS...
sigint-group: SIGINT to the whole process group, as a terminal's ^C does.
sigterm-tracer: SIGTERM to the tracer alone, as a service manager does.
none: no signal; the tracer must return by itself (PIDFILE names a process
the command left behind, which is then killed).
"""
import os
import signal
import subprocess
import sys
import time

how, pidfile, command = sys.argv[1], sys.argv[2], sys.argv[3:]
proc = subprocess.Popen(command, start_new_session=True,
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for _ in range(200):
    if os.path.exists(pidfile) and open(pidfile).read().strip():
        break
    time.sleep(0.05)
pid = int(open(pidfile).read())
if how == "sigint-group":
    os.killpg(proc.pid, signal.SIGINT)
elif how == "sigterm-tracer":
    proc.send_signal(signal.SIGTERM)
try:
    status = proc.wait(timeout=30)
except subprocess.TimeoutExpired:
    os.killpg(proc.pid, signal.SIGKILL)
    status = proc.wait()
    print("tracer did not return")
time.sleep(0.2)
try:
    os.kill(pid, 0)
    with open("/proc/%d/stat" % pid) as f:
        running = f.read().split()[2] != "Z"
except (ProcessLookupError, FileNotFoundError):
    running = False
if running:
    os.kill(pid, signal.SIGKILL)
print("tracer exit status: %d" % status)
print("command still running: %s" % ("yes" if running else "no"))
