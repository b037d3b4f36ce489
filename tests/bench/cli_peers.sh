#!/usr/bin/env bash
# `minkowski bench --problems ... --peers all`: libccd and Bullet each appear twice, on our support
# and as shipped, under names a reader cannot confuse, and the footnotes say what each kind runs
# on, the hint and guess asymmetries and Bullet's boolean; a bare library name selects both kinds.
# Usage: cli_peers.sh MINKOWSKI PROBLEMS.csv WORKDIR
set -euo pipefail
cli="$1"
problems="$2"
dir="$3"
rm -rf "$dir" && mkdir -p "$dir"
fail() { echo "FAIL: $*"; exit 1; }

"$cli" bench --problems "$problems" --peers all --solvers gjk --warm-starts obb --repeats 2 \
    --task boolean --quiet >"$dir/all.txt"
cat "$dir/all.txt"
for peer in "libccd-gjk (our support)" "libccd-gjk (shipped)" "libccd-mpr (our support)" \
    "libccd-mpr (shipped)" "bullet-gjk-epa (our support)" "bullet-gjk-epa (shipped)" \
    "bullet-gjk-pair (our support)" "bullet-gjk-pair (shipped)"; do
  grep -qF -- "$peer" "$dir/all.txt" || fail "no row for '$peer'"
done
for note in "peers '(our support)': libccd and Bullet on our Shape::support" \
    "keep their support hint across the R repeats" \
    "peers '(shipped)': the library as users get it" "linear scan over the hull vertices" \
    "guesses: our solvers start from their warm start" \
    "Bullet has no boolean query: both Bullet peers answer 'boolean' with a full distance"; do
  grep -qF -- "$note" "$dir/all.txt" || fail "footnote missing: '$note'"
done

# a library name without its '(...)' selects both supports, and nothing else
"$cli" bench --problems "$problems" --peers libccd-gjk --solvers gjk --warm-starts obb \
    --repeats 2 --task boolean --quiet >"$dir/one.txt"
grep -qF "libccd-gjk (our support)" "$dir/one.txt" || fail "--peers libccd-gjk: no our-support row"
grep -qF "libccd-gjk (shipped)" "$dir/one.txt" || fail "--peers libccd-gjk: no shipped row"
if grep -qiF "bullet" "$dir/one.txt"; then fail "--peers libccd-gjk: Bullet rows or notes"; fi
if grep -qF "Bullet has no boolean query" "$dir/one.txt"; then fail "Bullet footnote without Bullet"; fi
echo "ok"
