#pragma once
/// \file Mpr.h
/// Minkowski Portal Refinement (G. Snethen, "XenoCollide: Complex Collision Made Simple", Game
/// Programming Gems 7, 2008), with the penetration phase of libccd (ccdMPRPenetration): the portal
/// is refined toward the boundary point of A - B on the ray from an interior point through the
/// origin. Our own implementation of the published logic.
///
/// Header-only template over any support type `S` with
/// `void support(const Vec3& dir, SupportPoint& out)` maximising dot(out.w, dir), w = a - b.
///
/// Conventions as in Epa.h: normal is the outward normal of A - B at the final portal (move B by
/// depth * normal to separate); when separated, normal is a separating direction (B lies along
/// +normal from A). The depth is a *direction-specific* estimate: the distance from the origin to
/// the final portal plane, which is within the tolerance of a supporting plane of A - B; hence
/// depth >= true penetration depth - tolerance, with equality when the ray from the interior point
/// through the origin meets A - B's boundary where its normal is parallel to the ray (symmetric
/// configurations). Where the ray meets a vertex of A - B instead (two cubes offset along their
/// diagonal, FCL #545), the depth is the one along the ray, sqrt(3) times the minimum translation
/// distance for cubes: that is MPR's definition, not a failure; EPA gives the minimum. Measured
/// overshoots (docs/solvers-optimization.md): 3x for coincident boxes or ellipsoids (the ray's
/// direction is arbitrary), 1.41x for a 1 mm sphere 3 cm off the centre of a 100 m box, 9x for a
/// sphere through a 0.2 mm plate.

#include "minkowski/narrowphase/Defaults.h"
#include "minkowski/narrowphase/detail/Epa.h"
#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/detail/MinkowskiDifference.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

namespace mk {

struct MprSettings {
    /// Refinement stops when the support along the portal normal is within this of the portal
    /// plane (unit: metre); also the depth below which the result counts as Touching.
    double tolerance = defaults::kEpaTolerance;
    /// Cap of each phase: portal discovery, boolean refinement, penetration refinement.
    int maxIterations = defaults::kMprMaxIterations;
    /// false: stop once the origin is inside the portal (boolean query, status Overlapping).
    bool wantPenetration = true;
};

/// How MPR ended. Every value leaves the fields finite.
enum class MprStatus : unsigned char {
    Separated,     ///< a support value h(n) < 0 proved a separating plane, or the portal reached
                   ///< the boundary with the origin beyond it by more than the tolerance;
                   ///< depth = 0, normal = n (B lies along +n from A)
    Overlapping,   ///< wantPenetration == false and the origin is inside the portal: the shapes
                   ///< overlap (or touch); depth = 0, normal = current portal normal (a hint)
    Penetrating,   ///< depth along the final portal normal, converged to the tolerance
    Touching,      ///< the origin is within the tolerance of the boundary of A - B: it is a
                   ///< support point, or on (either side of) a converged portal; depth = 0
    MaxIterations, ///< a phase hit settings.maxIterations; fields hold the current portal's
                   ///< estimate
    Degenerate,    ///< the portal collapsed (zero-area) or a support was non-finite, or A - B is
                   ///< flat at the interior point; fields hold the last valid estimate
    InvalidInput,  ///< non-finite interior point: nothing computed
};

[[nodiscard]] constexpr std::string_view name(MprStatus s) {
    switch (s) {
    case MprStatus::Separated:
        return "separated";
    case MprStatus::Overlapping:
        return "overlapping";
    case MprStatus::Penetrating:
        return "penetrating";
    case MprStatus::Touching:
        return "touching";
    case MprStatus::MaxIterations:
        return "max-iterations";
    case MprStatus::Degenerate:
        return "degenerate";
    case MprStatus::InvalidInput:
        return "invalid-input";
    }
    return "?";
}

struct MprOutput {
    MprStatus status = MprStatus::InvalidInput;
    double depth = 0.0;           ///< >= 0 (unit: metre), see the file comment
    Vec3 normal = Vec3::UnitX();  ///< unit
    Vec3 pa = Vec3::Zero();       ///< witness of A (support's frame), on the portal
    Vec3 pb = Vec3::Zero();       ///< witness of B; dot(pa - pb, normal) = depth on a portal
    int iterations = 0;           ///< support calls of discovery and boolean refinement
    int refinementIterations = 0; ///< support calls of the penetration refinement
};

namespace mpr_detail {

/// Below this |v0| / |v1| the origin is taken to be at the interior point (the orientation tests
/// would be decided by rounding); the interior point is then moved (see nudge()).
inline constexpr double kNearInterior = 1e-6;
/// Fraction of the way from the interior point to a support point that nudge() moves it.
inline constexpr double kNudge = 1e-2;
/// |v0 x v1| below this times |v0| |v1|: the origin is on the line through v0 and v1.
inline constexpr double kCollinear = 1e-12;

/// v[0] is the interior point (only its w is meaningful); v[1..3] is the portal triangle.
struct Portal {
    std::array<SupportPoint, 4> v;
};

enum class Phase : unsigned char { Continue, Done };

/// Fills out.depth, normal, witnesses with the portal plane (unit normal n): the projection of
/// the origin onto it, clamped to the triangle.
inline void portalEstimate(const Portal& p, const Vec3& n, MprOutput& out) {
    const Vec3 &w1 = p.v[1].w, &w2 = p.v[2].w, &w3 = p.v[3].w;
    const double d = n.dot((w1 + w2 + w3) / 3.0);
    const auto l = epa_detail::closestOnTriangle(w1, w2, w3, d * n);
    out.normal = n;
    out.depth = std::max(d, 0.0);
    out.pa = l[0] * p.v[1].a + l[1] * p.v[2].a + l[2] * p.v[3].a;
    out.pb = l[0] * p.v[1].b + l[1] * p.v[2].b + l[2] * p.v[3].b;
}

/// Unit normal of the portal (v1, v2, v3), oriented away from the interior point.
inline bool portalNormal(const Portal& p, Vec3& n) {
    if (!epa_detail::triangleNormal(p.v[1].w, p.v[2].w, p.v[3].w, n))
        return false;
    if (n.dot(p.v[1].w - p.v[0].w) < 0)
        n = -n;
    return true;
}

/// Replaces one portal vertex by v4 so that the ray from v0 through the origin still crosses
/// the portal (libccd expandPortal; XenoCollide phase 2).
inline void expandPortal(Portal& p, const SupportPoint& v4) {
    const Vec3 v4v0 = v4.w.cross(p.v[0].w);
    if (p.v[1].w.dot(v4v0) > 0) {
        p.v[p.v[2].w.dot(v4v0) > 0 ? 1 : 3] = v4;
    } else {
        p.v[p.v[3].w.dot(v4v0) > 0 ? 2 : 1] = v4;
    }
}

/// Ends a phase with `status`.
inline Phase stop(MprStatus status, MprOutput& out) {
    out.status = status;
    return Phase::Done;
}

/// Ends with Separated: h(n) = dot(s.w, n) < 0, so n separates (B lies along +n from A).
inline Phase separated(const Vec3& n, const SupportPoint& s, MprOutput& out) {
    out.depth = 0.0;
    out.normal = n;
    out.pa = s.a;
    out.pb = s.b;
    return stop(MprStatus::Separated, out);
}

/// First support along the ray from the interior point through the origin. When the origin is
/// (nearly) the interior point, the interior point is moved a little toward the support point
/// on the other side (still interior: a convex combination), as libccd nudges v0.
template <class S>
Phase firstSupport(S& support, const MprSettings& settings, Portal& p, Vec3& dir, MprOutput& out) {
    for (int attempt = 0; attempt < 2; ++attempt) {
        const double len = p.v[0].w.norm();
        dir = len > 0 ? Vec3(-p.v[0].w / len) : Vec3(-Vec3::UnitX());
        support.support(dir, p.v[1]);
        ++out.iterations;
        if (!p.v[1].w.allFinite())
            return stop(MprStatus::Degenerate, out);
        if (p.v[1].w.dot(dir) < 0)
            return separated(dir, p.v[1], out);
        if (p.v[1].w.norm() <= settings.tolerance) {
            out.status = MprStatus::Touching;
            out.depth = 0.0;
            out.normal = dir;
            out.pa = p.v[1].a;
            out.pb = p.v[1].b;
            return Phase::Done;
        }
        if (len > kNearInterior * p.v[1].w.norm())
            return Phase::Continue;
        SupportPoint back;
        support.support(-dir, back);
        ++out.iterations;
        if (!back.w.allFinite() || (back.w - p.v[0].w).norm() <= kNearInterior * p.v[1].w.norm()) {
            return stop(MprStatus::Degenerate, out);
        }
        p.v[0].w += kNudge * (back.w - p.v[0].w);
    }
    return Phase::Continue;
}

/// Origin on the line through v0 and v1 (libccd findPenetrSegment): v1 is where the ray leaves
/// A - B and the plane through v1 normal to the ray supports A - B, so the depth along the ray
/// is exact.
inline void segmentResult(const Portal& p, const Vec3& dir, const MprSettings& settings,
                          MprOutput& out) {
    out.normal = dir;
    out.depth = std::max(p.v[1].w.dot(dir), 0.0);
    out.pa = p.v[1].a;
    out.pb = p.v[1].b;
    if (out.depth <= settings.tolerance) {
        out.status = MprStatus::Touching;
        out.depth = 0.0;
    } else {
        out.status = settings.wantPenetration ? MprStatus::Penetrating : MprStatus::Overlapping;
        if (!settings.wantPenetration)
            out.depth = 0.0;
    }
}

/// Portal discovery (XenoCollide phase 1): finds v1, v2, v3 such that the ray from v0 through
/// the origin crosses the triangle (v1, v2, v3).
template <class S>
Phase discoverPortal(S& support, const MprSettings& settings, Portal& p, MprOutput& out) {
    Vec3 dir;
    if (firstSupport(support, settings, p, dir, out) == Phase::Done)
        return Phase::Done;
    const Vec3& v0 = p.v[0].w;
    const Vec3 c = v0.cross(p.v[1].w);
    if (c.norm() <= kCollinear * v0.norm() * p.v[1].w.norm()) {
        segmentResult(p, dir, settings, out);
        return Phase::Done;
    }
    dir = c.normalized();
    support.support(dir, p.v[2]);
    ++out.iterations;
    if (!p.v[2].w.allFinite())
        return stop(MprStatus::Degenerate, out);
    if (p.v[2].w.dot(dir) < 0)
        return separated(dir, p.v[2], out);
    Vec3 n = (p.v[1].w - v0).cross(p.v[2].w - v0);
    if (n.dot(v0) > 0) {
        std::swap(p.v[1], p.v[2]);
        n = -n;
    }
    for (int it = 0; it < settings.maxIterations; ++it) {
        if (!(n.norm() > 0) || !n.allFinite())
            return stop(MprStatus::Degenerate, out);
        n.normalize();
        support.support(n, p.v[3]);
        ++out.iterations;
        if (!p.v[3].w.allFinite())
            return stop(MprStatus::Degenerate, out);
        if (p.v[3].w.dot(n) < 0)
            return separated(n, p.v[3], out);
        if (p.v[1].w.cross(p.v[3].w).dot(v0) < 0) {
            p.v[2] = p.v[3]; // origin outside (v0, v1, v3): drop v2
        } else if (p.v[3].w.cross(p.v[2].w).dot(v0) < 0) {
            p.v[1] = p.v[3]; // origin outside (v0, v3, v2): drop v1
        } else {
            return Phase::Continue;
        }
        n = (p.v[1].w - v0).cross(p.v[2].w - v0);
    }
    out.status = MprStatus::MaxIterations;
    return Phase::Done;
}

/// Boolean refinement (XenoCollide phase 2): moves the portal toward the boundary until the
/// origin is behind it (overlap) or beyond a supporting plane (separation).
template <class S>
Phase refineBoolean(S& support, const MprSettings& settings, Portal& p, MprOutput& out) {
    for (int it = 0; it < settings.maxIterations; ++it) {
        Vec3 n;
        if (!portalNormal(p, n))
            return stop(MprStatus::Degenerate, out);
        const double offset = n.dot(p.v[1].w); // > 0: origin behind the portal, inside A - B
        if (offset >= 0)
            return Phase::Continue;
        SupportPoint v4;
        support.support(n, v4);
        ++out.iterations;
        if (!v4.w.allFinite())
            return stop(MprStatus::Degenerate, out);
        if (v4.w.dot(n) < 0)
            return separated(n, v4, out);
        if (v4.w.dot(n) - offset <= settings.tolerance) {
            // The portal is on the boundary (to the tolerance) and the origin is -offset beyond.
            portalEstimate(p, n, out);
            out.depth = 0.0;
            out.status = -offset <= settings.tolerance ? MprStatus::Touching : MprStatus::Separated;
            return Phase::Done;
        }
        expandPortal(p, v4);
    }
    Vec3 n;
    if (portalNormal(p, n))
        portalEstimate(p, n, out);
    out.depth = 0.0;
    out.status = MprStatus::MaxIterations;
    return Phase::Done;
}

/// True if w is one of the portal's vertices (the support cannot move the portal any more).
inline bool isPortalVertex(const Portal& p, const Vec3& w) {
    return w == p.v[1].w || w == p.v[2].w || w == p.v[3].w;
}

/// Penetration refinement (libccd findPenetr): pushes the portal out to the boundary along the
/// ray until the support along its normal is within the tolerance of it.
template <class S>
void refinePenetration(S& support, const MprSettings& settings, Portal& p, MprOutput& out) {
    Vec3 n;
    if (!portalNormal(p, n)) {
        out.status = MprStatus::Degenerate;
        return;
    }
    for (int it = 0; it < settings.maxIterations; ++it) {
        SupportPoint v4;
        support.support(n, v4);
        ++out.refinementIterations;
        portalEstimate(p, n, out);
        if (!v4.w.allFinite()) {
            out.status = MprStatus::Degenerate;
            return;
        }
        if (v4.w.dot(n) - n.dot(p.v[1].w) <= settings.tolerance || isPortalVertex(p, v4.w)) {
            out.status =
                out.depth <= settings.tolerance ? MprStatus::Touching : MprStatus::Penetrating;
            if (out.status == MprStatus::Touching)
                out.depth = 0.0;
            return;
        }
        const Portal before = p;
        expandPortal(p, v4);
        if (!portalNormal(p, n)) {
            p = before;
            out.status = MprStatus::Degenerate;
            return;
        }
    }
    portalEstimate(p, n, out);
    out.status = MprStatus::MaxIterations;
}

} // namespace mpr_detail

/// MPR on A - B from `interiorPoint`, a point strictly inside A - B (centreA - centreB for shapes
/// with a centre). Boolean answer (Separated / Overlapping / Touching) and, with
/// settings.wantPenetration, the depth along the portal direction. Never allocates; each phase
/// is bounded by settings.maxIterations.
template <class S>
MprOutput mpr(S& support, const Vec3& interiorPoint, const MprSettings& settings = {}) {
    MprOutput out;
    if (!interiorPoint.allFinite())
        return out;
    mpr_detail::Portal portal;
    portal.v[0].w = interiorPoint;
    if (mpr_detail::discoverPortal(support, settings, portal, out) == mpr_detail::Phase::Done) {
        return out;
    }
    if (mpr_detail::refineBoolean(support, settings, portal, out) == mpr_detail::Phase::Done) {
        return out;
    }
    if (!settings.wantPenetration) {
        Vec3 n;
        if (mpr_detail::portalNormal(portal, n))
            mpr_detail::portalEstimate(portal, n, out);
        out.depth = 0.0;
        out.status = MprStatus::Overlapping;
        return out;
    }
    mpr_detail::refinePenetration(support, settings, portal, out);
    return out;
}

} // namespace mk
