#pragma once
/// \file SignedVolumeSimplex.h
/// The signed-volume sub-distance algorithm of Montanari, Petrinic, Barbieri, "Improving the GJK
/// algorithm for faster and more reliable distance queries between convex objects", ACM TOG
/// 36(3) 2017 (the algorithm of openGJK), one of the sub-distance algorithms GjkRun is templated
/// over (see the comment above `class GjkRun` in Gjk.h).
///
/// The paper's idea: barycentric coordinates are invariant under affine maps, so the
/// origin's projection p_0 on the affine hull of a k-simplex is located by k-dimensional signed
/// volumes after projecting onto the coordinate axis (S1D) or plane (S2D) where the simplex is
/// largest, and, for a tetrahedron, by the 3-D signed volumes themselves (S3D). When every
/// volume has the sign of the whole, p_0 is inside; otherwise the routine recurses into the
/// faces (edges) whose volume has the other sign and keeps the nearest answer. The search is
/// top-down: the full simplex first, unlike Johnson's bottom-up enumeration of subsets.
///
/// Based on: Montanari et al. 2017, routines S1D, S2D and S3D, as MuJoCo's
/// engine_collision_gjk.c adapts them ("adapted from Montanari et al, ToG 2017") and as the
/// barycode paper (Zhang et al., Sec. II-B) summarises them; section and equation numbers are
/// not cited because that adaptation, not the paper's text, is what was followed.
///
/// S3D and the coordinates of S2D live in SignedVolumeCommon.h (shared with BarycodeSimplex);
/// the departures from the paper are listed there.

#include "minkowski/narrowphase/detail/SignedVolumeCommon.h"

namespace mk::detail {

class SignedVolumeSimplex : public SignedVolumeBase<SignedVolumeSimplex> {
    friend class SignedVolumeBase<SignedVolumeSimplex>;

    /// S1D: p_0 = projection of the origin on the line, the axis I of the largest
    /// |(s_2 - s_1)_I| (mu), 1-D signed volumes C_1 = (s_2 - p_0)_I, C_2 = (p_0 - s_1)_I and
    /// lambda = C / mu when both have the sign of mu. Otherwise the endpoint p_0 lies beyond
    /// (the paper returns s_1, the newest point, which is the same answer in GJK's exact
    /// arithmetic). A zero-length segment is its newest point.
    [[nodiscard]] SubResult s1d(int newest, int other) const {
        const Vec3& s1 = y_[newest].w;
        const Vec3 e = y_[other].w - s1;
        const double ee = e.squaredNorm();
        if (!(ee > 0.0)) {
            return vertex(newest);
        }
        const Vec3 q = (-s1.dot(e) / ee) * e; // p_0 - s_1
        int axis = 0;
        e.cwiseAbs().maxCoeff(&axis);
        const double mu = e[axis];
        const double l1 = (mu - q[axis]) / mu, l2 = q[axis] / mu;
        if (l1 >= -kInside && l2 >= -kInside) {
            return onSegment(newest, other, l2);
        }
        return l2 < 0.0 ? vertex(newest) : vertex(other);
    }

    /// S2D: lambda from the projected signed areas (triangleCoordinates); inside when
    /// all have the sign of the full area, else the nearest S1D over the edges facing a negative
    /// coordinate (the paper: those through s_1). A triangle without area takes its best edge.
    [[nodiscard]] SubResult s2d(int a, int b, int c) const {
        const TriangleCoordinates t = triangleCoordinates(a, b, c);
        if (t.degenerate) {
            return bestEdge(a, b, c);
        }
        if (isInside(t)) {
            return insideTriangle(t);
        }
        SubResult best;
        if (t.lambda[2] < 0.0) {
            best = nearer(best, s1d(a, b));
        }
        if (t.lambda[1] < 0.0) {
            best = nearer(best, s1d(a, c));
        }
        if (t.lambda[0] < 0.0) {
            best = nearer(best, s1d(b, c));
        }
        return best.bits != 0u ? best : bestEdge(a, b, c); // NaN coordinates
    }

    /// S3D as in SignedVolumeCommon.h.
    [[nodiscard]] SubResult solveTetrahedron(double slack) const { return s3d(slack); }
};

} // namespace mk::detail
