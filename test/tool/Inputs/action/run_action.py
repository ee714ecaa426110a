"""Runs a composite action's shell steps here, as a GitHub runner would.

Usage: run_action.py ACTION_YML WORKSPACE TEMP [name=value ...]
Each name=value sets an input (inputs.NAME) or, for github.NAME, a field of
the github context. Steps run in order in WORKSPACE with bash, their env and
conditions evaluated over the inputs, the github context, and earlier
steps' outputs (GITHUB_OUTPUT) and PATH additions (GITHUB_PATH). A `uses:`
step is not run: one line names it and its inputs. Prints one line per step
and exits with the status of the first failing step that is not skipped.
"""
import os
import re
import subprocess
import sys

import yaml


class Context:
    def __init__(self, action, assignments):
        self.inputs = {name: str(spec.get("default", ""))
                       for name, spec in action.get("inputs", {}).items()}
        self.github = {"event_name": "push", "base_ref": "", "action_ref": "",
                       "action_repository": "", "server_url": "https://github.com"}
        for assignment in assignments:
            name, value = assignment.split("=", 1)
            if name.startswith("github."):
                self.github[name[len("github."):]] = value
            else:
                self.inputs[name] = value
        self.steps = {}
        self.failed = False

    def lookup(self, path):
        parts = path.split(".")
        if parts[0] == "inputs":
            return self.inputs.get(parts[1], "")
        if parts[0] == "github":
            return self.github.get(".".join(parts[1:]), "")
        if parts[0] == "steps" and len(parts) == 4 and parts[2] == "outputs":
            return self.steps.get(parts[1], {}).get(parts[3], "")
        raise ValueError("unsupported context: " + path)

    def evaluate(self, expression):
        """GitHub's expression language, the part the action uses."""
        tokens = re.findall(r"'[^']*'|&&|\|\||==|!=|!|\(|\)|[\w.()-]+",
                            expression)
        python = []
        for token in tokens:
            if token.startswith("'"):
                python.append(repr(token[1:-1]))
            elif token in ("&&", "||", "!"):
                python.append({"&&": "and", "||": "or", "!": "not"}[token])
            elif token in ("==", "!=", "(", ")"):
                python.append(token)
            elif token == "always()":
                python.append("True")
            elif token == "success()":
                python.append(repr(not self.failed))
            elif token == "failure()":
                python.append(repr(self.failed))
            else:
                python.append(repr(self.lookup(token)))
        return eval(" ".join(python), {"__builtins__": {}})

    def substitute(self, text):
        def value(match):
            result = self.evaluate(match.group(1))
            return "" if result is None else str(result)
        return re.sub(r"\$\{\{\s*(.*?)\s*\}\}", value, str(text))


def truthy(value):
    return value not in ("", None, False, 0)


def read_pairs(path):
    pairs = {}
    if os.path.exists(path):
        for line in open(path):
            if "=" in line:
                name, value = line.rstrip("\n").split("=", 1)
                pairs[name] = value
    return pairs


def main():
    sys.stdout.reconfigure(line_buffering=True)  # in order with the steps'
    action_path, workspace, temp = sys.argv[1:4]
    action = yaml.safe_load(open(action_path))
    context = Context(action, sys.argv[4:])
    path_additions = []
    status = 0
    for index, step in enumerate(action["runs"]["steps"]):
        name = step.get("name", "step %d" % index)
        condition = step.get("if")
        if condition is None:
            run_it = not context.failed
        else:
            condition = re.sub(r"^\$\{\{\s*(.*?)\s*\}\}$", r"\1", str(condition))
            run_it = truthy(context.evaluate(condition))
            if "always()" not in condition and context.failed:
                run_it = False
        if not run_it:
            print("SKIP %s" % name)
            continue
        if "uses" in step:
            given = ", ".join("%s=%s" % (k, context.substitute(v))
                              for k, v in step.get("with", {}).items())
            print("USES %s (%s)" % (step["uses"], given))
            continue
        outputs = os.path.join(temp, "output-%d" % index)
        paths = os.path.join(temp, "path-%d" % index)
        env = dict(os.environ)
        env.update({
            "GITHUB_ACTION_PATH": os.path.dirname(os.path.abspath(action_path)),
            "GITHUB_OUTPUT": outputs, "GITHUB_PATH": paths,
            "GITHUB_WORKSPACE": workspace, "GITHUB_SERVER_URL":
                context.github["server_url"], "RUNNER_TEMP": temp,
            "GITHUB_EVENT_NAME": context.github["event_name"]})
        env["PATH"] = os.pathsep.join(path_additions + [env["PATH"]])
        for key, value in step.get("env", {}).items():
            env[key] = context.substitute(value)
        done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c",
                               step["run"]], cwd=workspace, env=env)
        print("RUN %s: exit %d" % (name, done.returncode))
        if "id" in step:
            context.steps[step["id"]] = read_pairs(outputs)
        if os.path.exists(paths):
            path_additions = [line.strip() for line in open(paths)
                              if line.strip()] + path_additions
        if done.returncode != 0:
            context.failed = True
            status = status or done.returncode
    return status


if __name__ == "__main__":
    sys.exit(main())
