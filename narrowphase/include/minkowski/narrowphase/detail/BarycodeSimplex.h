#pragma once
/// \file BarycodeSimplex.h
/// The barycode sub-distance algorithm of Zhang, Wu, Wang, Zhou, "Barycode-based GJK Algorithm"
/// (papers/004), one of the sub-distance algorithms GjkRun is templated over (see the comment
/// above `class GjkRun` in Gjk.h). The paper is 2-D; as its Sec. II-C suggests ("integrated to
/// 3D SV-based GJK"), we use its S1D and S2D inside 3-D GJK with the signed-volume S3D of
/// Montanari et al. (SignedVolumeCommon.h, shared with SignedVolumeSimplex).
///
/// - S1D (Alg. 5): the Voronoi regions of a segment from two dot products, reused as the
///   barycentric coordinates of the projection.
/// - S2D (Alg. 2-4): the barycode of the origin's projection p_0 on the triangle's plane is the
///   3-bit code of the signs of its barycentric coordinates (bit set: coordinate positive; the
///   newest vertex A is bit 4). 7: inside; two bits: the edge of those two vertices (S1D); one
///   bit V: ConeRegion(V) (Alg. 4), which is V unless the angle at V is obtuse and p_0 projects
///   onto one of V's edges. When A is the newest point, GJK leaves only the codes 4 to 7 (text
///   after Alg. 3: the origin is on A's side of the old edge BC); the codes 1 to 3 are reached
///   only through rounding or on a face without the newest point (S3D's fallback).
/// - The early exit for overlaps (Sec. III end, Fig. 2(b)) in 3-D: when W is a triangle and the
///   new point w lies beyond the plane through the origin normal to x_k (<w, x_k> < 0), the
///   tetrahedron W + {w} is first tested for enclosing the origin with the orientation tests of
///   its three faces through w and W's plane kept from S2D (3 cross products instead of S3D's 4,
///   no recursion); on success the sub-distance stops there (x = 0), otherwise S3D runs.
///   Measured (scratch timing on YCB hulls and on boxes and 8-point hulls, reported with this
///   change): it fires on 75% of the tetrahedra of overlapping pairs, yet saves no measurable
///   time over S3D's own enclosure test, which costs one cross product more.
///
/// Departures: the coordinates come from the signed areas of SignedVolumeCommon.h (edge
/// vectors, best-conditioned normal), a barycentric coordinate within kInside of 0 counts as
/// positive (its edge is the answer, clamped), a degenerate triangle takes its best edge, and
/// the early exit allows the same `slack` as S3D's enclosure test and hands tetrahedra whose
/// coordinates do not give back the origin to S3D.

#include "minkowski/narrowphase/detail/SignedVolumeCommon.h"

namespace mk::detail {

class BarycodeSimplex : public SignedVolumeBase<BarycodeSimplex> {
    friend class SignedVolumeBase<BarycodeSimplex>;

    /// S1D (Alg. 5) on the segment AB, A the newest point: A when <A, AB> >= 0, B when
    /// <B, AB> <= 0, else lambda = (-<B, AB>, <A, AB>) / (<A, AB> - <B, AB>).
    [[nodiscard]] SubResult s1d(int a, int b) const {
        const Vec3& pa = y_[a].w;
        const Vec3& pb = y_[b].w;
        const Vec3 ab = pb - pa;
        const double da = pa.dot(ab);
        if (!(da < 0.0)) {
            return vertex(a);
        }
        const double db = pb.dot(ab);
        if (db <= 0.0) {
            return vertex(b);
        }
        return onSegment(a, b, da / (da - db));
    }

    /// S2D (Alg. 3) by the barycode of p_0, A = the first vertex (the newest point).
    [[nodiscard]] SubResult s2d(int a, int b, int c) const {
        const TriangleCoordinates t = triangleCoordinates(a, b, c);
        if (t.degenerate) {
            return bestEdge(a, b, c);
        }
        const unsigned code = (t.lambda[0] >= -kInside ? 4u : 0u) |
                              (t.lambda[1] >= -kInside ? 2u : 0u) |
                              (t.lambda[2] >= -kInside ? 1u : 0u);
        switch (code) {
        case 7u:
            return insideTriangle(t);
        case 6u:
            return s1d(a, b); // beyond edge AB
        case 5u:
            return s1d(a, c); // beyond edge AC
        case 4u:
            return coneRegion(a, b, c);
        case 3u:
            return s1d(b, c); // codes 1-3: rounding, or a face without the newest point
        case 2u:
            return coneRegion(b, a, c);
        case 1u:
            return coneRegion(c, a, b);
        default:
            return bestEdge(a, b, c); // NaN coordinates
        }
    }

    /// ConeRegion(V) (Alg. 4): p_0 in the vertical angle at V. With an acute angle at V that
    /// angle lies in V's normal cone: V. With an obtuse one, p_0 may project onto edge VM or VN:
    /// <V, V - M> > 0 means the origin's projection on line VM lies on M's side of V.
    [[nodiscard]] SubResult coneRegion(int vi, int mi, int ni) const {
        const Vec3& v = y_[vi].w;
        const Vec3 mv = v - y_[mi].w, nv = v - y_[ni].w;
        if (mv.dot(nv) < 0.0) {
            if (v.dot(mv) > 0.0) {
                return s1d(vi, mi);
            }
            if (v.dot(nv) > 0.0) {
                return s1d(vi, ni);
            }
        }
        return vertex(vi);
    }

    /// The early enclosure test of Fig. 2(b), then S3D.
    [[nodiscard]] SubResult solveTetrahedron(double slack) const {
        SubResult r;
        if (enclosesEarly(slack, r)) {
            return r;
        }
        return s3d(slack);
    }

    /// W = {B, C, D} a triangle with x_k = v_ and its plane normal normal_, w the new point with
    /// <w, x_k> < 0. The origin is inside W + {w} iff it is on w's side of W's plane (one dot
    /// product with the kept normal) and on the inner side of the three faces through w, whose
    /// signed volumes C_j = -w . n_j against D give the barycentric coordinates C_j / D (and
    /// 1 - their sum for w). Coordinates that do not give back the origin (a nearly flat or
    /// spiky tetrahedron) leave the decision to S3D.
    bool enclosesEarly(double slack, SubResult& r) const {
        const Vec3& w = y_[last_].w;
        if (!(w.dot(v_) < 0.0) || !(normal_.squaredNorm() > 0.0)) {
            return false;
        }
        Volumes t;
        t.slot = {last_, (last_ + 1) & 3, (last_ + 2) & 3, (last_ + 3) & 3};
        const Vec3& b = y_[t.slot[1]].w;
        const double sideW = normal_.dot(w - b), sideO = -normal_.dot(b);
        const double origin = sideW > 0.0 ? sideO : -sideO;
        if (sideW == 0.0 || !(origin >= -slack * normal_.norm())) {
            return false;
        }
        const Vec3 e1 = b - w, e2 = y_[t.slot[2]].w - w, e3 = y_[t.slot[3]].w - w;
        t.normal[1] = e2.cross(e3);
        t.normal[2] = e3.cross(e1);
        t.normal[3] = e1.cross(e2);
        t.det = e1.dot(t.normal[1]);
        if (!(t.det != 0.0) || !std::isfinite(t.det)) {
            return false;
        }
        double sum = 0.0;
        for (size_t j = 1; j < 4; ++j) {
            t.cofactor[j] = -w.dot(t.normal[j]);
            if (!insideFace(t, j, slack)) {
                return false;
            }
            sum += t.cofactor[j];
        }
        t.cofactor[0] = t.det - sum; // lambda_w = 1 - the others
        r = volumeCoordinates(t);
        return residual(r) <= slack;
    }
};

} // namespace mk::detail
