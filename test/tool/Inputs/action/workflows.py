"""Writes what actionlint and shellcheck read, from the action and the docs.

Usage: workflows.py ACTION_YML DOC_MD... OUT_DIR
- OUT_DIR/action-as-workflow.json: the composite action's steps as a job of
  a reusable workflow whose inputs are the action's (actionlint lints
  workflows; JSON is YAML).
- OUT_DIR/doc-N.yml: each workflow (a yaml block with `jobs:`) of the
  DOC_MDs, numbered across them in order.
- OUT_DIR/step-N.sh: each `run:` script of the action, for shellcheck.
Prints one line per file written.
"""
import json
import os
import re
import sys

import yaml


def main():
    action_path, doc_paths, out = sys.argv[1], sys.argv[2:-1], sys.argv[-1]
    os.makedirs(out, exist_ok=True)
    action = yaml.safe_load(open(action_path))
    inputs = {name: {"type": "string", "required": False,
                     "default": str(spec.get("default", ""))}
              for name, spec in action.get("inputs", {}).items()}
    workflow = {
        "name": action["name"],
        "on": {"workflow_call": {"inputs": inputs}},
        "jobs": {"action": {"runs-on": "ubuntu-latest",
                            "steps": action["runs"]["steps"]}},
    }
    written = [os.path.join(out, "action-as-workflow.json")]
    json.dump(workflow, open(written[-1], "w"), indent=1)
    for index, step in enumerate(action["runs"]["steps"]):
        if "run" in step:
            written.append(os.path.join(out, "step-%d.sh" % index))
            with open(written[-1], "w") as script:
                script.write("#!/bin/bash\nset -eo pipefail\n" + step["run"])
    blocks = [b for path in doc_paths
              for b in re.findall(r"```yaml\n(.*?)```", open(path).read(), re.S)]
    for index, block in enumerate(b for b in blocks if re.search(r"^jobs:", b, re.M)):
        written.append(os.path.join(out, "doc-%d.yml" % index))
        open(written[-1], "w").write(block)
    for path in written:
        print(os.path.basename(path))


if __name__ == "__main__":
    main()
