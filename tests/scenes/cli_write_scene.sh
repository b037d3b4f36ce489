#!/usr/bin/env bash
# `minkowski run SCENE --write-scene FILE` writes a file (to another folder, so mesh paths must be
# rewritten) that runs to the same state hash as the built-in scene.
# Usage: cli_write_scene.sh MINKOWSKI SCENE WORK_FOLDER
set -u
cli="$1"; scene="$2"; work="$3"
rm -rf "$work" && mkdir -p "$work/elsewhere"
file="$work/elsewhere/$scene.toml"
"$cli" run "$scene" --seconds 0.25 --write-scene "$file" || { echo "FAIL: --write-scene"; exit 1; }
builtin="$("$cli" -q run "$scene" --headless --seconds 0.25 | grep '^state hash:')"
copy="$("$cli" -q run "$file" --headless | grep '^state hash:')"
echo "built-in: $builtin"
echo "file:     $copy"
if [ -z "$builtin" ] || [ "$builtin" != "$copy" ]; then
  echo "FAIL: the written scene does not run like the built-in one"
  exit 1
fi
