#pragma once
/// \file SignedVolumeCommon.h
/// What SignedVolumeSimplex and BarycodeSimplex share: the four slots of W with the contract
/// GjkRun needs (see the comment above `class GjkRun` in Gjk.h), the barycentric coordinates of
/// the origin's projection on a triangle from projected signed areas, the signed-volume S3D of
/// Montanari, Petrinic, Barbieri, "Improving the GJK algorithm for faster and more reliable
/// distance queries between convex objects", ACM TOG 36(3) 2017 (its routine S3D), and the
/// geometric backup behind reproject().
///
/// The two sub-algorithms differ only in S1D and S2D (`Derived::s1d`, `Derived::s2d`); S3D calls
/// the derived S2D on the faces it recurses into, as both papers do.
///
/// Departures from Montanari et al., measured with test_subalgorithms.cpp (3360 random GJK
/// states, error of ||x|| against a long-double brute force, R = max ||y_i||) and on the
/// ScaleDisparity1e3 geometry of test_hard_cases.cpp (a 2 mm box on a 2000 m box, gaps
/// +-1e-4 and +-1e-6 m, both orders, 16 random initial guesses each: 512 gjk() runs, answers
/// off the reference by more than 2e-9 m counted); none costs anything on the common path:
/// - Every signed area and volume is formed from edge vectors (differences of the points), not
///   from the absolute coordinates in the minors of M = [s_1 ... s_4; 1 ... 1]: the cofactors
///   C_j = n_j . s with a face normal n_j = e x e'. With the paper's absolute coordinates the
///   random states 1 km away with 1 mm features gave errors up to 9e-7 R (the wrong face: 0.7 mm
///   at R = 1 km) against 2e-12 R from edges (Johnson: 3e-10 R).
/// - x on a triangle is the projection p_0 = (n . y / n . n) n itself when it falls strictly
///   inside, not y_a + l_b e_b + l_c e_c: p_0's direction is exact to rounding, the barycentric
///   combination carries an absolute error eps R. Near contact on the box pair, x is 1e-6 m
///   long and R = 2e3 m: that error flips the signs of x's small lateral components, the box
///   support repeats a point of W and GJK stops Degenerate. Measured on the 512 runs: 0 wrong
///   answers and 0 degenerate stops with p_0; 33 wrong and 113 degenerate stops without it
///   (38 and 124 with the absolute coordinates too; JohnsonSimplex: 8 and 45).
/// - The normal of a triangle comes from its two shortest edges (the base vertex faces the
///   longest edge), as in JohnsonSimplex: the two long edges of a sliver are nearly parallel.
/// - Where the paper returns the newest vertex (S1D) or searches only the faces and edges holding
///   it (S2D, S3D), we take the endpoint or the faces the sign tests point to, the newest vertex's
///   or not. In GJK's exact arithmetic these are the same choices (the origin lies on the newest
///   point's side of the old simplex); under rounding, or on a point that does not satisfy
///   GJK's precondition <p, x_k> < ||x_k||^2, the paper's choice can be wrong.
/// - A degenerate face (zero area) or a flat tetrahedron (zero volume) falls back to the best of
///   its sub-simplices; the tetrahedron's enclosure test allows `slack`, as JohnsonSimplex does;
///   the barycentric coordinates of an enclosing tetrahedron come from its smallest face
///   (insideTetrahedron) and must give back the origin (tetrahedronOrFace).

#include "minkowski/narrowphase/detail/JohnsonSimplex.h" // kInside, kRoundoff, kSimplexZero
#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/detail/MinkowskiDifference.h"
#include "minkowski/narrowphase/detail/Simplex.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <utility>

namespace mk::detail {

/// An answer of a sub-distance routine: the support set X (slot bits), the barycentric
/// coordinates of x over the slots (>= 0, 0 outside X, sum 1) and x = sum lambda_i y_i.
struct SubResult {
    unsigned bits = 0;
    std::array<double, 4> lambda{};
    Vec3 v = Vec3::Zero();
    Vec3 normal = Vec3::Zero(); ///< plane normal of a triangle answer (0 otherwise)
};

/// Barycentric coordinates of the projection p_0 of the origin on the plane of a triangle,
/// in the order the vertices were given. `degenerate` when the triangle has no area.
struct TriangleCoordinates {
    std::array<int, 3> slot{};
    std::array<double, 3> lambda{};
    Vec3 normal = Vec3::Zero();     ///< e1 x e2 of the best-conditioned base
    Vec3 projection = Vec3::Zero(); ///< p_0
    bool degenerate = true;
};

/// Slots, contract and shared routines of the signed-volume family; Derived provides
/// `SubResult s1d(int newest, int other) const` and `SubResult s2d(int newest, int b, int c)
/// const`, and may override `solveTetrahedron(double slack)`.
template <class Derived> class SignedVolumeBase {
public:
    [[nodiscard]] bool full() const { return bits_ == 15u; }

    /// True when w equals a point of W_k or the point added last (degeneracy test).
    [[nodiscard]] bool contains(const Vec3& w) const { return slotsContain(y_, allBits_, w); }

    /// Adds p in a free slot and writes into v the point of conv(W + {p}) closest to the origin;
    /// W becomes its support set. False (W, v unchanged) when the answer is not finite.
    bool addAndProject(const SupportPoint& p, Vec3& v, double slack) {
        last_ = std::countr_one(bits_);
        lastBit_ = 1u << last_;
        y_[last_] = p;
        norm2_[last_] = p.w.squaredNorm();
        allBits_ = bits_ | lastBit_;
        return commit(solve(slack), v);
    }

    struct State {
        unsigned bits;
        std::array<double, 4> lambda;
        Vec3 v;
        Vec3 normal;
    };
    [[nodiscard]] State state() const { return {bits_, lambda_, v_, normal_}; }
    void restore(const State& s) {
        bits_ = s.bits;
        lambda_ = s.lambda;
        v_ = s.v;
        normal_ = s.normal;
    }
    /// After an implausible answer: back to W before the add, then the exhaustive geometric
    /// search over the subsets holding the new point (backup()).
    bool reproject(const State& before, Vec3& v, double slack) {
        restore(before);
        return commit(backup(slack), v);
    }

    /// Largest ||y_i||^2 over W (scale of the rounding error of v).
    [[nodiscard]] double maxNorm2() const {
        double m = 0.0;
        for (int i = 0; i < 4; ++i) {
            if ((bits_ & (1u << i)) != 0u) {
                m = std::max(m, norm2_[i]);
            }
        }
        return m;
    }

    /// Witnesses sum lambda_i a_i and sum lambda_i b_i with the barycentric coordinates of x.
    void witnesses(Vec3& pa, Vec3& pb) const { slotWitnesses(y_, bits_, lambda_, pa, pb); }

    void exportTo(Simplex& out) const { exportSlots(y_, bits_, out); }

protected:
    /// The sub-distance of W + {new point}, the new point first (the papers' s_1).
    [[nodiscard]] SubResult solve(double slack) const {
        int idx[3];
        const int n = others(idx);
        const Derived& d = static_cast<const Derived&>(*this);
        switch (n) {
        case 0:
            return vertex(last_);
        case 1:
            return d.s1d(last_, idx[0]);
        case 2:
            return d.s2d(last_, idx[0], idx[1]);
        default:
            return d.solveTetrahedron(slack);
        }
    }

    /// Slots of W (the points before the new one); returns their count.
    int others(int* idx) const {
        int n = 0;
        for (int i = 0; i < 4; ++i) {
            if ((bits_ & (1u << i)) != 0u) {
                idx[n++] = i;
            }
        }
        return n;
    }

    /// W, lambda and x from r; false (nothing changed) when r is not finite.
    bool commit(const SubResult& r, Vec3& v) {
        // one test for all: a NaN or an infinity anywhere makes the sum non-finite
        const double check = r.v.sum() + r.lambda[0] + r.lambda[1] + r.lambda[2] + r.lambda[3];
        if (r.bits == 0u || !std::isfinite(check)) {
            return false;
        }
        bits_ = r.bits;
        lambda_ = r.lambda;
        v_ = r.v;
        normal_ = r.normal;
        v = r.v;
        return true;
    }

    [[nodiscard]] SubResult vertex(int i) const {
        SubResult r;
        r.bits = 1u << i;
        r.lambda[static_cast<size_t>(i)] = 1.0;
        r.v = y_[i].w;
        return r;
    }

    /// x = y_i + t (y_j - y_i), t clamped to [0, 1].
    [[nodiscard]] SubResult onSegment(int i, int j, double t) const {
        const double tc = std::clamp(t, 0.0, 1.0);
        SubResult r;
        r.bits = (1u << i) | (1u << j);
        r.lambda[static_cast<size_t>(i)] = 1.0 - tc;
        r.lambda[static_cast<size_t>(j)] = tc;
        r.v = y_[i].w + tc * (y_[j].w - y_[i].w);
        return r;
    }

    /// The nearer of two answers (a when b is empty).
    [[nodiscard]] static const SubResult& nearer(const SubResult& a, const SubResult& b) {
        return b.bits != 0u && (a.bits == 0u || b.v.squaredNorm() < a.v.squaredNorm()) ? b : a;
    }

    /// Barycentric coordinates of p_0, the projection of the origin on the plane of (a, b, c),
    /// by the projected signed areas of Montanari et al.'s S2D: p_0 = (n . y / n . n) n,
    /// the coordinate plane with the largest projected area |n_J| is kept, and
    /// lambda_a = area(p_0, b, c) / n_J etc., the areas from differences y - p_0.
    [[nodiscard]] TriangleCoordinates triangleCoordinates(int a, int b, int c) const {
        TriangleCoordinates t;
        t.slot = {a, b, c};
        int i = a, j = b, k = c;
        const bool swapped = orderTriangle(i, j, k);
        const Vec3& yi = y_[i].w;
        const Vec3 e1 = y_[j].w - yi, e2 = y_[k].w - yi;
        t.normal = e1.cross(e2);
        const double nn = t.normal.squaredNorm();
        if (!(nn > 0.0) || !std::isfinite(nn)) {
            return t;
        }
        const Vec3 p0 = (t.normal.dot(yi) / nn) * t.normal;
        t.projection = p0;
        int axis = 0;
        t.normal.cwiseAbs().maxCoeff(&axis);
        const int x = (axis + 1) % 3, y = (axis + 2) % 3; // cyclic: area(e1, e2) = n_J
        const double mu = t.normal[axis];
        Vec3 q[3];
        for (int m = 0; m < 3; ++m) {
            q[m] = y_[t.slot[static_cast<size_t>(m)]].w - p0;
        }
        auto area = [&](const Vec3& u, const Vec3& w) { return u[x] * w[y] - u[y] * w[x]; };
        // (i, j, k) is (a, b, c) or one transposition of it, which flips the orientation.
        const double denom = swapped ? -mu : mu;
        t.lambda = {area(q[1], q[2]) / denom, area(q[2], q[0]) / denom, area(q[0], q[1]) / denom};
        t.degenerate = false;
        return t;
    }

    /// The triangle answer from coordinates inside up to kInside: clamped and renormalised; x is
    /// p_0 when strictly inside (exact direction, see the file comment), else
    /// x = y_a + l_b (y_b - y_a) + l_c (y_c - y_a) so that x stays in the triangle.
    [[nodiscard]] SubResult insideTriangle(const TriangleCoordinates& t) const {
        std::array<double, 3> l{};
        for (size_t m = 0; m < 3; ++m) {
            l[m] = std::max(t.lambda[m], 0.0);
        }
        const double sum = l[0] + l[1] + l[2];
        SubResult r;
        const Vec3& ya = y_[t.slot[0]].w;
        const bool interior = t.lambda[0] > 0.0 && t.lambda[1] > 0.0 && t.lambda[2] > 0.0;
        r.v = interior ? t.projection
                       : Vec3(ya + (l[1] / sum) * (y_[t.slot[1]].w - ya) +
                              (l[2] / sum) * (y_[t.slot[2]].w - ya));
        for (size_t m = 0; m < 3; ++m) {
            r.bits |= 1u << t.slot[m];
            r.lambda[static_cast<size_t>(t.slot[m])] = l[m] / sum;
        }
        r.normal = t.normal;
        return r;
    }

    [[nodiscard]] static bool isInside(const TriangleCoordinates& t) {
        return !t.degenerate && t.lambda[0] >= -kInside && t.lambda[1] >= -kInside &&
               t.lambda[2] >= -kInside;
    }

    /// The nearest of the three edges (degenerate triangles), the first vertex as the newest.
    [[nodiscard]] SubResult bestEdge(int a, int b, int c) const {
        const Derived& d = static_cast<const Derived&>(*this);
        return nearer(nearer(d.s1d(a, b), d.s1d(a, c)), d.s1d(b, c));
    }

    /// Signed volumes of the tetrahedron W + {new point} (Montanari et al.'s S3D).
    /// With s_1 the new point and e_m = s_{m+1} - s_1: D = det(e_1, e_2, e_3) = 6 vol, and for
    /// each face j the cofactor C_j = 6 vol of the tetrahedron with s_j replaced by the origin,
    /// C_j = -s_1 . n_j for the faces through s_1 (n_j the cross product of their two edges from
    /// s_1) and C_1 = s_2 . ((s_3 - s_2) x (s_4 - s_2)); lambda_j = C_j / D.
    struct Volumes {
        std::array<int, 4> slot{};
        std::array<Vec3, 4> normal{};
        std::array<double, 4> cofactor{};
        double det = 0.0;
    };

    [[nodiscard]] Volumes volumes() const {
        Volumes t;
        const int a = last_;
        t.slot = {a, (a + 1) & 3, (a + 2) & 3, (a + 3) & 3};
        const Vec3& s1 = y_[a].w;
        const Vec3& s2 = y_[t.slot[1]].w;
        const Vec3 e1 = s2 - s1, e2 = y_[t.slot[2]].w - s1, e3 = y_[t.slot[3]].w - s1;
        t.normal[1] = e2.cross(e3);
        t.normal[2] = e3.cross(e1);
        t.normal[3] = e1.cross(e2);
        t.normal[0] = (y_[t.slot[2]].w - s2).cross(y_[t.slot[3]].w - s2);
        t.det = e1.dot(t.normal[1]);
        t.cofactor[0] = s2.dot(t.normal[0]);
        for (size_t j = 1; j < 4; ++j) {
            t.cofactor[j] = -s1.dot(t.normal[j]);
        }
        return t;
    }

    /// The origin is on the inner side of face j, or within `slack` of its plane (unit of D).
    [[nodiscard]] static bool insideFace(const Volumes& t, size_t j, double slack) {
        const double c = t.det > 0.0 ? t.cofactor[j] : -t.cofactor[j];
        return c >= 0.0 || c >= -slack * t.normal[j].norm();
    }

    /// All four faces hold the origin (a flat tetrahedron encloses nothing).
    [[nodiscard]] static bool encloses(const Volumes& t, double slack) {
        if (!(t.det != 0.0) || !std::isfinite(t.det)) {
            return false;
        }
        for (size_t j = 0; j < 4; ++j) {
            if (!insideFace(t, j, slack)) {
                return false;
            }
        }
        return true;
    }

    /// x = 0 with lambda_j = C_j / D, clamped (rounding within the slack) and renormalised.
    [[nodiscard]] static SubResult volumeCoordinates(const Volumes& t) {
        SubResult r;
        r.bits = 15u;
        double sum = 0.0;
        for (size_t j = 0; j < 4; ++j) {
            const double l = std::max(t.cofactor[j] / t.det, 0.0);
            r.lambda[static_cast<size_t>(t.slot[j])] = l;
            sum += l;
        }
        for (double& l : r.lambda) {
            l /= sum;
        }
        return r;
    }

    /// x = 0 with the barycentric coordinates of the origin in an enclosing tetrahedron, through
    /// its smallest face F and the apex s_k facing it: lambda_k = C_k / D_k from F's normal
    /// (D_k = n_k . (s_k - a), a in F), then the origin's central projection from s_k onto F,
    /// q = -lambda_k s_k / (1 - lambda_k), in F's barycentric coordinates (projected areas).
    /// Departure, used when C_j / D (volumeCoordinates) do not give back the origin: C_j / D of
    /// the faces through s_k are differences of long edges' products; a 1 mm triangle 1 km away
    /// with the apex 2 km beyond the origin left sum lambda_j s_j 3e-6 m from the origin that
    /// way (witnesses apart by as much), 1e-12 m this way. The signed volumes still decide the
    /// enclosure; C_j / D are the answer when F has no area.
    [[nodiscard]] SubResult insideTetrahedron(const Volumes& t) const {
        size_t k = 0;
        for (size_t j = 1; j < 4; ++j) {
            k = t.normal[j].squaredNorm() < t.normal[k].squaredNorm() ? j : k;
        }
        const std::array<int, 3> f{t.slot[(k + 1) & 3], t.slot[(k + 2) & 3], t.slot[(k + 3) & 3]};
        const Vec3& apex = y_[t.slot[k]].w;
        const Vec3& a = y_[f[0]].w;
        const Vec3& n = t.normal[k];
        const double dk = n.dot(apex - a);
        const double lk = dk != 0.0 ? std::max(-n.dot(a) / dk, 0.0) : 1.0;
        int axis = 0;
        n.cwiseAbs().maxCoeff(&axis);
        const int x = (axis + 1) % 3, y = (axis + 2) % 3;
        auto area = [&](const Vec3& u, const Vec3& w) { return u[x] * w[y] - u[y] * w[x]; };
        const double whole = area(y_[f[1]].w - a, y_[f[2]].w - a);
        if (!(lk < 1.0) || !(whole != 0.0) || !std::isfinite(whole)) {
            return volumeCoordinates(t);
        }
        const Vec3 q = (-lk / (1.0 - lk)) * apex;
        const Vec3 q0 = a - q, q1 = y_[f[1]].w - q, q2 = y_[f[2]].w - q;
        std::array<double, 3> mu{area(q1, q2) / whole, area(q2, q0) / whole, area(q0, q1) / whole};
        double sum = 0.0;
        for (double& m : mu) {
            m = std::max(m, 0.0);
            sum += m;
        }
        SubResult r;
        r.bits = 15u;
        r.lambda[static_cast<size_t>(t.slot[k])] = lk;
        for (size_t m = 0; m < 3; ++m) {
            r.lambda[static_cast<size_t>(f[m])] = (1.0 - lk) * mu[m] / sum;
        }
        return r;
    }

    /// ||sum lambda_j s_j||: how far the witnesses of an enclosing answer (x = 0) are apart.
    [[nodiscard]] double residual(const SubResult& r) const {
        Vec3 sum = Vec3::Zero();
        for (int i = 0; i < 4; ++i) {
            sum += r.lambda[static_cast<size_t>(i)] * y_[i].w;
        }
        return sum.norm();
    }

    /// S3D: the tetrahedron when its volumes have the sign of D (up to slack); otherwise the
    /// nearest S2D answer over the faces whose cofactor has the other sign (all faces when the
    /// tetrahedron is flat).
    [[nodiscard]] SubResult s3d(double slack) const {
        const Volumes t = volumes();
        if (encloses(t, slack)) {
            return tetrahedronOrFace(t, slack);
        }
        const bool all = !(t.det != 0.0) || !std::isfinite(t.det);
        return nearestFace(t, [&](size_t j) {
            const double c = t.det > 0.0 ? t.cofactor[j] : -t.cofactor[j];
            return all || !(c >= 0.0);
        });
    }

    /// The nearest S2D answer over the faces j with pick(j) (the new point when none).
    template <class Pick> [[nodiscard]] SubResult nearestFace(const Volumes& t, Pick pick) const {
        const Derived& d = static_cast<const Derived&>(*this);
        const auto& s = t.slot;
        SubResult best;
        for (size_t j = 0; j < 4; ++j) {
            if (pick(j)) {
                const SubResult r = j == 0   ? d.s2d(s[1], s[2], s[3])
                                    : j == 1 ? d.s2d(s[0], s[2], s[3])
                                    : j == 2 ? d.s2d(s[0], s[1], s[3])
                                             : d.s2d(s[0], s[1], s[2]);
                best = nearer(best, r);
            }
        }
        return best.bits != 0u ? best : vertex(last_);
    }

    /// An enclosing tetrahedron (x = 0) with the coordinates C_j / D, or, when they do not give
    /// back the origin (residual ||sum lambda_j s_j|| above the slack), with insideTetrahedron()'s;
    /// when neither does and a face is nearer to the origin than the smaller residual, that face
    /// answers (x on it, with exact witnesses). Departure: a nearly flat tetrahedron (the new
    /// point 1e-12 m off the old face) passes the sign tests within the slack, but its
    /// coordinates are rounding noise: its witnesses were 1e-7 m apart while x = 0 claimed a
    /// common point (near-degenerate cases of test_subalgorithms.cpp).
    [[nodiscard]] SubResult tetrahedronOrFace(const Volumes& t, double slack) const {
        const SubResult quick = volumeCoordinates(t);
        const double eq = residual(quick);
        if (eq <= slack) {
            return quick;
        }
        const SubResult careful = insideTetrahedron(t);
        const double ec = residual(careful);
        if (ec <= slack) {
            return careful;
        }
        const SubResult& r = ec < eq ? careful : quick;
        const SubResult face = nearestFace(t, [](size_t) { return true; });
        return face.v.norm() < std::min(eq, ec) ? face : r;
    }

    /// The backup procedure (as JohnsonSimplex's): the tetrahedron if it encloses the origin,
    /// else the nearest of the sub-simplices holding the new point whose projection of the origin
    /// lands inside them (the closest point lies in the relative interior of such a face).
    [[nodiscard]] SubResult backup(double slack) const {
        if (allBits_ == 15u) {
            const Volumes t = volumes();
            if (encloses(t, slack)) {
                return tetrahedronOrFace(t, slack);
            }
        }
        int idx[3];
        const int n = others(idx);
        SubResult best = vertex(last_);
        for (int i = 0; i < n; ++i) {
            best = nearer(best, segmentIfInside(last_, idx[i]));
            for (int j = i + 1; j < n; ++j) {
                const TriangleCoordinates t = triangleCoordinates(last_, idx[i], idx[j]);
                if (isInside(t)) {
                    best = nearer(best, insideTriangle(t));
                }
            }
        }
        return best;
    }

    /// The projection of the origin on the line of y_i y_j when it lies on the segment.
    [[nodiscard]] SubResult segmentIfInside(int i, int j) const {
        const Vec3 e = y_[j].w - y_[i].w;
        const double ee = e.squaredNorm();
        const double t = ee > 0.0 ? -y_[i].w.dot(e) / ee : -1.0;
        return t >= -kInside && t <= 1.0 + kInside ? onSegment(i, j, t) : SubResult{};
    }

    /// Makes i the vertex facing the longest edge, so that e1 = y_j - y_i and e2 = y_k - y_i are
    /// the two shortest edges and e1 x e2 the best-conditioned normal (as JohnsonSimplex).
    /// True when two vertices were swapped (the orientation of (i, j, k) flipped).
    bool orderTriangle(int& i, int& j, int& k) const {
        const double ij = (y_[j].w - y_[i].w).squaredNorm();
        const double jk = (y_[k].w - y_[j].w).squaredNorm();
        const double ki = (y_[i].w - y_[k].w).squaredNorm();
        if (ij >= jk && ij >= ki) {
            std::swap(i, k);
            return true;
        }
        if (ki >= jk) {
            std::swap(i, j);
            return true;
        }
        return false;
    }

    std::array<SupportPoint, 4> y_{};
    std::array<double, 4> norm2_{};  ///< ||y_i||^2
    std::array<double, 4> lambda_{}; ///< barycentric coordinates of x in W
    Vec3 v_ = Vec3::Zero();          ///< x, the point of conv(W) closest to the origin
    Vec3 normal_ = Vec3::Zero();     ///< normal of W's plane when W is a triangle
    unsigned bits_ = 0;              ///< W
    unsigned allBits_ = 0;           ///< W + {new point}
    unsigned lastBit_ = 0;
    int last_ = 0;
};

} // namespace mk::detail
