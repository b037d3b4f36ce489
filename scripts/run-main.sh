#!/usr/bin/env bash
# The main job of `make run`: the crowded funnel drop (GJK++ Sec. IV-E, Fig. 14): 300 everyday
# objects fall together into a funnel, 5 s at 120 Hz, then the summary (narrow-phase calls and
# times, iterations, contacts, real-time factor, state hash). In the viewer when a display is
# available, headless otherwise. Extra arguments go to `minkowski run` (e.g. ARGS="--solver mpr").
# The narrow-phase benchmark is `make bench`.
set -euo pipefail
build="$1"; shift
if [ -z "${DISPLAY:-}" ]; then
  exec "$build/apps/minkowski" run funnel --headless "$@"
fi
exec "$build/apps/minkowski" run funnel "$@"
