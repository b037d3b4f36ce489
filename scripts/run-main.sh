#!/usr/bin/env bash
# The main job of `make run`. Until the engine and scenes exist (later issues), the main job is the
# narrow-phase benchmark on generated shapes: every solver x warm start, in close proximity and
# overlapping, against the analytic or brute-force reference.
set -euo pipefail
build="$1"; shift
exec "$build/apps/minkowski" bench --generated "$@"
