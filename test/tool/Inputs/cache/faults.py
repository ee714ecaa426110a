"""The result cache's fault matrix: every kind of fault, in the local tier
and in the shared one (nginx, started by dav_server.py), must leave the
findings and the exit status exactly as a run without a cache gives them.
Prints one line per cell: "<cell>: same" or what differed.

Usage: faults.py TOOL PROJECT DAV_ROOT
"""
import glob
import hashlib
import hmac
import os
import shutil
import subprocess
import sys

TOOL, PROJECT, DAV = sys.argv[1:4]
with open(os.path.join(DAV, "url")) as f:
    URL = f.read()
BASE = URL.rsplit("/", 1)[0]
SHARED = os.path.join(DAV, "www", "results")
LOCAL = os.path.join(PROJECT, "local-cache")
KEY = "the signing key of the trusted jobs"


def run(*flags, env=None):
    """The findings (JSON text) and exit status of one run."""
    out = os.path.join(PROJECT, "out.json")
    if os.path.exists(out):
        os.remove(out)
    environ = dict(os.environ)
    environ.pop("SYSCALL_TIDY_CACHE_URL", None)
    environ.pop("SYSCALL_TIDY_CACHE_DIR", None)
    environ.update(env or {})
    proc = subprocess.run(
        [TOOL, "-p", PROJECT, "--header-filter=.*", "--format=json",
         "--output=" + out] + list(flags),
        cwd=PROJECT, env=environ, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, timeout=120)
    with open(out) as f:
        return f.read(), proc.returncode, proc.stderr.decode()


def entries(root):
    return sorted(glob.glob(os.path.join(root, "**", "*.json"),
                            recursive=True))


def split(path):
    with open(path, "rb") as f:
        text = f.read()
    header, _, body = text.partition(b"\n")
    return header.split(b" "), body


def swap(root):
    """Each entry's text under the next one's key: another unit's entry."""
    paths = entries(root)
    texts = [open(p, "rb").read() for p in paths]
    for path, text in zip(paths, texts[1:] + texts[:1]):
        with open(path, "wb") as f:
            f.write(text)


def tamper(root, redigest=False, sign=None):
    """Every finding dropped, the JSON still valid; with redigest the digest
    is made to match, as someone who knows the format would."""
    for path in entries(root):
        fields, body = split(path)
        body = body.replace(b'"findings":[', b'"findings":[],"was":[', 1)
        if redigest:
            fields[2] = hashlib.sha256(body).hexdigest().encode()
        if sign:
            fields[3] = hmac.new(sign.encode(), fields[1] + b"\n" + fields[2],
                                 hashlib.sha256).hexdigest().encode()
        with open(path, "wb") as f:
            f.write(b" ".join(fields) + b"\n" + body)


def truncate(root):
    for path in entries(root):
        size = os.path.getsize(path)
        with open(path, "r+b") as f:
            f.truncate(size // 2)


def garbage(root):
    for path in entries(root):
        with open(path, "wb") as f:
            f.write(os.urandom(4096))


def endless(root):
    for path in entries(root):
        os.remove(path)
        os.symlink("/dev/zero", path)


def fresh(root, *flags, env=None):
    """A filled cache at ROOT, made by a clean run."""
    shutil.rmtree(LOCAL, ignore_errors=True)
    shutil.rmtree(SHARED, ignore_errors=True)
    run(*flags, env=env)


CLEAN = run()
cells = []


def cell(name, *flags, env=None):
    got = run(*flags, env=env)
    same = got[0] == CLEAN[0] and got[1] == CLEAN[1]
    line = "%s: %s" % (name, "same" if same else
                       "DIFFERENT (exit %d, clean %d)" % (got[1], CLEAN[1]))
    if "LLVM ERROR" in got[2] or "Stack dump" in got[2]:
        line += "; crashed"
    print(line, flush=True)


LOCAL_FLAG = "--cache-dir=" + LOCAL
for name, fault in [("foreign", swap), ("tampered", tamper),
                    ("truncated", truncate), ("garbage", garbage),
                    ("endless", endless)]:
    fresh(LOCAL, LOCAL_FLAG)
    fault(LOCAL)
    cell("local " + name, LOCAL_FLAG)
    cell("local " + name + " again", LOCAL_FLAG)

SIGNED = {"SYSCALL_TIDY_CACHE_KEY": KEY}
fresh(LOCAL, LOCAL_FLAG, env=SIGNED)
tamper(LOCAL, redigest=True)
cell("local forged digest, signed run", LOCAL_FLAG, env=SIGNED)
fresh(LOCAL, LOCAL_FLAG)
cell("local unsigned entries, signed run", LOCAL_FLAG, env=SIGNED)
fresh(LOCAL, LOCAL_FLAG, env=SIGNED)
tamper(LOCAL, redigest=True, sign="another key")
cell("local signed with another key", LOCAL_FLAG, env=SIGNED)

with open(os.path.join(PROJECT, "file"), "w") as f:
    f.write("a regular file\n")
cell("directory under a file", "--cache-dir=" + os.path.join(
    PROJECT, "file", "cache"))
cell("directory not writable", "--cache-dir=/proc/syscall-tidy-cache")

REMOTE_FLAG = "--cache-url=" + URL
for name, fault in [("foreign", swap), ("tampered", tamper),
                    ("truncated", truncate), ("garbage", garbage)]:
    fresh(SHARED, REMOTE_FLAG)
    fault(SHARED)
    cell("shared " + name, REMOTE_FLAG)
fresh(SHARED, REMOTE_FLAG, env=SIGNED)
tamper(SHARED, redigest=True)
cell("shared forged digest, signed run", REMOTE_FLAG, env=SIGNED)
# nginx's fault locations (dav_server.py): an error status, a body sent a
# few bytes a second, and a body of a terabyte.
cell("shared server error 500", "--cache-url=" + BASE + "/fail")
cell("shared slow server", "--cache-url=" + BASE + "/slow")
cell("shared endless body", "--cache-url=" + BASE + "/endless")
cell("shared closed port", "--cache-url=http://127.0.0.1:9/results")
