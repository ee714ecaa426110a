"""Starts or stops Debian's nginx as a WebDAV store on 127.0.0.1.

Usage: dav_server.py start DIR   (files go to DIR/www)
       dav_server.py run DIR COMMAND [ARGS...]
       dav_server.py stop DIR
"run" gives COMMAND the server's URL as "{url}" in its arguments and as
SYSCALL_TIDY_CACHE_URL in its environment. A server a failed test did not
stop stops itself after five minutes.
"""
import os
import signal
import socket
import subprocess
import sys
import time

CONFIG = """\
{user}
daemon on;
pid {dir}/nginx.pid;
error_log {dir}/error.log;
events {{ worker_connections 64; }}
http {{
  access_log off;
  client_body_temp_path {dir}/body;
  proxy_temp_path {dir}/proxy;
  fastcgi_temp_path {dir}/fastcgi;
  uwsgi_temp_path {dir}/uwsgi;
  scgi_temp_path {dir}/scgi;
  server {{
    listen 127.0.0.1:{port};
    root {dir}/www;
    client_max_body_size 16m;
    location / {{
      dav_methods PUT DELETE;
      create_full_put_path on;
      dav_access user:rw group:r all:r;
    }}
    # Faults for the cache's tests: an error status, a trickle, a body of
    # a terabyte (a sparse file).
    location /fail/ {{ return 500; }}
    location /slow/ {{ limit_rate 16; rewrite ^ /huge.bin break; }}
    location /endless/ {{ rewrite ^ /huge.bin break; }}
  }}
}}
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(root):
    root = os.path.abspath(root)
    os.makedirs(os.path.join(root, "www"), exist_ok=True)
    with open(os.path.join(root, "www", "huge.bin"), "wb") as f:
        f.truncate(1 << 40)
    port = free_port()
    config = os.path.join(root, "nginx.conf")
    with open(config, "w") as f:
        f.write(CONFIG.format(dir=root, port=port,
                              user="user root;" if os.geteuid() == 0 else ""))
    subprocess.run(["nginx", "-c", config, "-p", root, "-e",
                    os.path.join(root, "error.log")], check=True)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    with open(os.path.join(root, "url"), "w") as f:
        f.write("http://127.0.0.1:%d/results" % port)
    if os.fork() == 0:
        # The watchdog must not hold the test's output open.
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.setsid()
        time.sleep(300)
        try:
            stop(root, only=config)
        finally:
            os._exit(0)


def run(root, *command):
    with open(os.path.join(root, "url")) as f:
        url = f.read()
    os.environ["SYSCALL_TIDY_CACHE_URL"] = url
    command = [a.replace("{url}", url) for a in command]
    os.execvp(command[0], command)


def stop(root, only=None):
    """Stops the server of ROOT (only if it still runs ONLY's config)."""
    try:
        with open(os.path.join(root, "nginx.pid")) as f:
            pid = int(f.read())
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            if only and only.encode() not in f.read():
                return
    except (FileNotFoundError, ProcessLookupError):
        return
    os.kill(pid, signal.SIGTERM)
    for _ in range(100):
        try:
            os.kill(pid, 0)
            time.sleep(0.05)
        except ProcessLookupError:
            return


if __name__ == "__main__":
    {"start": start, "run": run, "stop": stop}[sys.argv[1]](*sys.argv[2:])
