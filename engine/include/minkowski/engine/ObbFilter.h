#pragma once
/// \file ObbFilter.h
/// Second filter after the broadphase: the separating-axis test between two oriented boxes
/// (Gottschalk, Lin, Manocha, "OBBTree", SIGGRAPH 1996; the 15-axis form of Ericson,
/// "Real-Time Collision Detection", 2005, Sec. 4.4.1).

#include "minkowski/narrowphase/Math.h"

namespace mk {

/// True unless one of the 15 candidate axes separates `a` grown by `margin` on every half
/// extent from `b` (both in the world frame). Conservative: two shapes closer than `margin`
/// whose boxes contain them always pass. Near-parallel edge pairs are handled with a 1e-9
/// inflation of |R| (Ericson's epsilon), so the test never rejects because of round-off.
/// Boxes whose bounding balls are apart are rejected first (exact, and most broadphase pairs).
[[nodiscard]] bool obbOverlap(const Obb& a, const Obb& b, double margin);

} // namespace mk
