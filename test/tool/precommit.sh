#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
try() { # label: commit, say whether the hook accepted it, show its output
  if git_ commit -qm "$1" > "$work/hook.log" 2>&1; then
    echo "$1: accepted"
  else
    echo "$1: refused"
  fi
  cat "$work/hook.log"
}
cp "$inputs/log.c" log.c
git_ add log.c
try "PLAIN finding"

# What is staged is analysed, not the working tree.
{ cat "$inputs/log_fixed.c"; echo "/* staged */"; } > log.c
git_ add log.c
cp "$inputs/log.c" log.c
try "STAGED fixed, tree with finding"
cp "$inputs/log.c" log.c
git_ add log.c
cp "$inputs/log_fixed.c" log.c
try "STAGED finding, tree fixed"
git_ add log.c
try "STAGED fixed"

# A header-only change is analysed through the file that includes it; the
# database names it relative to its directory.
cp "$inputs/main.c" main.c
cp "$inputs/opener_fixed.h" opener.h
printf '[{"directory": "%s", "file": "%s/util.c", "arguments": ["cc", "-c", "util.c"]},
{"directory": "%s", "file": "main.c", "arguments": ["cc", "-I.", "-c", "main.c"]}]\n' \
  "$PWD" "$PWD" "$PWD" > build/compile_commands.json
git_ add main.c opener.h
try "HEADER clean"
cp "$inputs/opener.h" opener.h
git_ add opener.h
try "HEADER finding"

# An old finding in a file the commit touches elsewhere: only the changed
# lines count, so a comment-only edit is accepted; with whole files (the
# pre-commit framework's args: [--whole-files]) the old finding refuses it.
git_ reset -q
cp "$inputs/opener_fixed.h" opener.h
cp "$inputs/log.c" log.c
git_ add log.c opener.h
git_ commit -q --no-verify -m "old finding"
echo "/* a comment */" >> log.c
git_ add log.c
try "OLD finding, comment edit"
echo "/* another comment */" >> log.c
git_ add log.c
SYSCALL_TIDY_HOOK_WHOLE_FILES=1
export SYSCALL_TIDY_HOOK_WHOLE_FILES
try "OLD finding, whole files"
unset SYSCALL_TIDY_HOOK_WHOLE_FILES
git_ commit -q --no-verify -m "comment"

# A project .clang-tidy whose Checks start with -*: the hook passes its
# --flag=value arguments (pre-commit's args) to the tool.
printf "Checks: '-*,bugprone-*'\n" > .clang-tidy
if syscall-tidy-hook --whole-files --checks='syscall-*' log.c > "$work/flags.log" 2>&1; then
  echo "FLAGS: accepted"
else
  echo "FLAGS: refused"
fi
cat "$work/flags.log"
rm .clang-tidy

# No compile database: one line that says how to make one.
echo "/* staged */" >> log.c
git_ add log.c
mv build/compile_commands.json build/moved.json
try "NODB"
