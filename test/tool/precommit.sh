#!/bin/sh
# precommit.sh WORKDIR REPO_ROOT BIN_DIR INPUTS: a git repository with a
# small project, syscall-tidy installed as a hook with Debian's pre-commit
# (from this repository's .pre-commit-hooks.yaml) and as a plain git hook;
# a commit with a finding is refused, the fixed one accepted.
set -eu
work=$1 root=$2 bin=$3 inputs=$4
rm -rf "$work"
mkdir -p "$work/hooks" "$work/project/build"
export PATH="$bin:$PATH" PRE_COMMIT_HOME="$work/cache"
git_() { git -c user.email=t@example.com -c user.name=t "$@"; }

# The hook repository: this repository's .pre-commit-hooks.yaml.
cp "$root/.pre-commit-hooks.yaml" "$work/hooks/"
git_ -C "$work/hooks" init -q
git_ -C "$work/hooks" add -A
git_ -C "$work/hooks" commit -qm hooks
rev=$(git -C "$work/hooks" rev-parse HEAD)

cd "$work/project"
git_ init -q
cp "$inputs/util.c" .
printf '[{"directory": "%s", "file": "%s/util.c", "arguments": ["cc", "-c", "util.c"]}]\n' \
  "$PWD" "$PWD" > build/compile_commands.json
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $work/hooks
    rev: $rev
    hooks:
      - id: syscall-tidy
YAML
git_ add util.c .pre-commit-config.yaml
pre-commit install >/dev/null
git_ commit -qm base && echo "COMMIT base: accepted"

# log.c is not in the database: analysed with default flags, and refused.
cp "$inputs/log.c" log.c
git_ add log.c
if git_ commit -qm finding > "$work/refused.log" 2>&1; then
  echo "COMMIT finding: accepted"
else
  echo "COMMIT finding: refused"
fi
cat "$work/refused.log"
cp "$inputs/log_fixed.c" log.c
git_ add log.c
git_ commit -qm fixed && echo "COMMIT fixed: accepted"

# The plain git hook, for users without the framework.
rm -f .git/hooks/pre-commit
ln -s "$bin/syscall-tidy-hook" .git/hooks/pre-commit
cp "$inputs/log.c" log.c
git_ add log.c
if git_ commit -qm again > "$work/plain.log" 2>&1; then
  echo "PLAIN finding: accepted"
else
  echo "PLAIN finding: refused"
fi
cat "$work/plain.log"
