#!/bin/sh
# make_project.sh DIR INPUTS: a git repository whose main branch has clean.c
# and old.c (a finding the pull request does not touch), and a branch "pr"
# that adds changed.c (a finding), with a compile database in build/.
set -eu
dir=$1 inputs=$2
rm -rf "$dir"
mkdir -p "$dir/build"
cd "$dir"
git_() { git -c user.email=t@example.com -c user.name=t "$@"; }
git_ init -q -b main
cp "$inputs/clean.c" "$inputs/old.c" .
git_ add clean.c old.c
git_ commit -qm base
git_ checkout -q -b pr
cp "$inputs/changed.c" .
git_ add changed.c
git_ commit -qm change
# The pull request's base as actions/checkout leaves it for --diff.
git_ update-ref refs/remotes/origin/main main
for f in clean.c old.c changed.c; do
  printf '{"directory": "%s", "file": "%s", "arguments": ["cc", "-c", "%s"]}\n' "$PWD" "$f" "$f"
done | sed '1s/^/[/; $!s/$/,/; $s/$/]/' > build/compile_commands.json
