#!/usr/bin/env bash
# Pinned determinism: the final state hash of short runs of the funnel and the box stack with
# every built-in solver and 1 or 2 step threads, against the table tests/scenes/pinned-hashes.txt.
# The step's threads split pairs, never a pair's work, so both thread counts pin the same hash.
# The funnel with the contact cache on (`funnel+contact-cache`, default solver) runs 2.5 s: the
# cache answers nothing while the bodies fall, and two calls in three once the pile has formed.
#
#   scripts/pin-hashes.sh write [BUILD_DIR]   rewrite the table from BUILD_DIR (build/release)
#   scripts/pin-hashes.sh check BUILD_DIR     compare (the test cli_pinned_state_hashes)
#
# A hash is that of one toolchain: another compiler, version or standard library may evaluate
# the same source to other bits (libm's transcendental functions, inlining, vectorised
# reductions), so the table names the compiler it was made with and `check` skips (exit 77) on
# another one. Floating-point contraction is off project-wide (-ffp-contract=off), so FMA
# availability does not move a hash. Run `write` after a change that moves hashes on purpose
# and say so in the commit message.
set -euo pipefail
mode="${1:-}"
build="${2:-build/release}"
root="$(cd "$(dirname "$0")/.." && pwd)"
table="$root/tests/scenes/pinned-hashes.txt"
cli="$build/apps/minkowski"
seconds=0.5
scenes="funnel box-stack"
thread_counts="1 2"
cached_scene=funnel
cached_seconds=2.5

if [ "$mode" != write ] && [ "$mode" != check ]; then
  echo "usage: $0 write|check [BUILD_DIR]" >&2
  exit 2
fi
[ -x "$cli" ] || { echo "error: no $cli (build first)" >&2; exit 2; }
cxx="$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")"
toolchain="$(basename "$cxx") $("$cxx" -dumpfullversion) $("$cxx" -dumpmachine)"

# The built-in solvers: the first word of the indented lines of the `solvers (--solver):` block
# of `minkowski list solvers` (the block ends at the next unindented line).
listing="$("$cli" list solvers)"
solvers="$(echo "$listing" |
  awk '/^solvers/ {on = 1; next} /^[^ ]/ {on = 0} on && /^  [a-z]/ {print $1}')"
# The one of them marked [default] at the end of its line.
default_solver="$(echo "$listing" | awk '/^  [a-z].*\[default\]$/ {print $1; exit}')"
hash_of() { # scene[+contact-cache] solver threads
  local scene="$1" options=(--seconds "$seconds")
  if [ "${scene%+contact-cache}" != "$scene" ]; then
    scene="${scene%+contact-cache}"
    options=(--seconds "$cached_seconds" --contact-cache)
  fi
  "$cli" -q run "$scene" --headless "${options[@]}" --solver "$2" --threads "$3" |
    sed -n 's/^state hash: \([0-9a-f]\{16\}\)$/\1/p'
}

pin_lines() { # scene solver: one table line per thread count
  local h t
  for t in $thread_counts; do
    h="$(hash_of "$1" "$2" "$t")" || { echo "error: $1/$2/$t failed" >&2; return 1; }
    [ -n "$h" ] || { echo "error: $1/$2/$t printed no hash" >&2; return 1; }
    echo "$1 $2 $t $h"
  done
}

if [ "$mode" = write ]; then
  tmp="$(mktemp)"
  {
    echo "# Pinned state hashes (scripts/pin-hashes.sh): \`minkowski run SCENE --headless"
    echo "# --seconds $seconds --solver SOLVER --threads THREADS\`, one line per SCENE SOLVER"
    echo "# THREADS. SCENE+contact-cache: --contact-cache --seconds $cached_seconds."
    echo "# Regenerate with \`scripts/pin-hashes.sh write\`."
    echo "toolchain: $toolchain"
    for scene in $scenes; do
      for solver in $solvers; do
        pin_lines "$scene" "$solver" || exit 1
      done
    done
    pin_lines "$cached_scene+contact-cache" "$default_solver" || exit 1
  } >"$tmp"
  mv "$tmp" "$table"
  echo "wrote $table"
  exit 0
fi

pinned="$(sed -n 's/^toolchain: //p' "$table")"
if [ "$pinned" != "$toolchain" ]; then
  echo "SKIP: the hashes were pinned with '$pinned', this build uses '$toolchain'"
  exit 77
fi
fail=0
while read -r scene solver threads expected; do
  case "$scene" in ''|'#'*|toolchain:) continue ;; esac
  got="$(hash_of "$scene" "$solver" "$threads" || true)"
  if [ "$got" = "$expected" ]; then
    echo "ok   $scene $solver $threads $got"
  else
    echo "FAIL $scene $solver $threads: expected $expected, got ${got:-nothing}"
    fail=1
  fi
done <"$table"
for scene in $scenes; do
  for solver in $solvers; do
    for t in $thread_counts; do
      if ! grep -q "^$scene $solver $t " "$table"; then
        echo "FAIL $scene $solver $t: not pinned"
        fail=1
      fi
    done
  done
done
if [ "$fail" = 1 ]; then
  echo "A hash moved. If on purpose: scripts/pin-hashes.sh write, and say so in the commit."
fi
exit "$fail"
