"""Checks the GitLab CI template and runs its script here.

Usage: check_template.py TEMPLATE WORKDIR [NAME=VALUE ...]
Checks that every key of the hidden job is a keyword of GitLab's CI/CD YAML
syntax, that the Code Quality artifact is the file the script writes, and
runs the job's `script` lines with sh in WORKDIR (the `before_script`, which
installs the release package, is not run: syscall-tidy must be on PATH),
with the job's variables and the NAME=VALUE pairs in the environment
(NAME+=VALUE puts VALUE in front of the list NAME, as PATH+=DIR).
Prints the report's path and exits with the first failing line's status.
"""
import os
import subprocess
import sys

import yaml

# https://docs.gitlab.com/ee/ci/yaml/ : the keywords of a job.
JOB_KEYWORDS = {
    "after_script", "allow_failure", "artifacts", "before_script", "cache",
    "coverage", "dast_configuration", "dependencies", "environment",
    "extends", "hooks", "identity", "id_tokens", "image", "inherit",
    "interruptible", "manual_confirmation", "needs", "pages", "parallel",
    "release", "resource_group", "retry", "rules", "script", "secrets",
    "services", "stage", "tags", "timeout", "trigger", "variables", "when",
}
ARTIFACT_KEYWORDS = {"paths", "exclude", "expire_in", "expose_as", "name",
                     "public", "access", "reports", "untracked", "when"}


def main():
    template, workdir = sys.argv[1], sys.argv[2]
    jobs = yaml.safe_load(open(template))
    job = jobs[".syscall-tidy"]
    unknown = sorted(set(job) - JOB_KEYWORDS) + sorted(
        set(job["artifacts"]) - ARTIFACT_KEYWORDS)
    if unknown:
        sys.exit("not GitLab job keywords: " + ", ".join(unknown))
    if job["artifacts"]["when"] not in ("on_success", "on_failure", "always"):
        sys.exit("artifacts:when must be on_success, on_failure or always")
    report = job["artifacts"]["reports"]["codequality"]
    env = dict(os.environ)
    env.update({k: str(v) for k, v in job["variables"].items()})
    for assignment in sys.argv[3:]:
        name, value = assignment.split("=", 1)
        if name.endswith("+"):  # PATH+=DIR puts DIR first on PATH
            name = name[:-1]
            value = value + os.pathsep + env.get(name, "")
        env[name] = value
    if env["SYSCALL_TIDY_REPORT"] != report:
        sys.exit("the script writes %s, the artifact is %s" %
                 (env["SYSCALL_TIDY_REPORT"], report))
    for line in job["script"]:
        done = subprocess.run(["sh", "-c", line], cwd=workdir, env=env)
        if done.returncode:
            return done.returncode
    print(os.path.join(workdir, report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
