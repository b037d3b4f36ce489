#pragma once
/// \file JohnsonSimplex.h
/// Johnson's distance sub-algorithm of GJK with van den Bergen's caching (1999, Sec. 4), one of
/// the sub-distance algorithms GjkRun is templated over (see SubDistance in Gjk.h).

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

/// Rounding floor of the Touching test: ||x|| <= kSimplexZero * max ||y_i|| is zero at the
/// precision the simplex points carry (van den Bergen's "approximately zero" test).
inline constexpr double kSimplexZero = 1e-12;
/// Relative rounding error of the iterate x with respect to the simplex points: 16 ulps.
inline constexpr double kRoundoff = 16.0 * 2.220446049250313e-16;
/// Barycentric coordinates down to -kInside count as inside (rounding), and are clamped to 0.
inline constexpr double kInside = 1e-12;

/// Johnson's distance sub-algorithm with the caching of van den Bergen 1999 Sec. 4: four slots,
/// the bit mask `bits` of the slots in W, dot products dp[i][j] = y_i . y_j and sub-determinants
/// det[X][i] = Delta_i(X) for the 16 subsets X, computed only for subsets containing the new point.
class JohnsonSimplex {
public:
    [[nodiscard]] bool full() const { return bits_ == 15u; }

    /// True when w equals a point of W_k or the point added last (degeneracy test of Sec. 5).
    [[nodiscard]] bool contains(const Vec3& w) const { return slotsContain(y_, allBits_, w); }

    /// Adds p to W and writes into v the point of conv(W + {p}) closest to the origin; W becomes
    /// the smallest subset whose hull holds it. Returns false when no subset passes Johnson's test
    /// (rounding); W and v are then unchanged (van den Bergen drops the backup procedure, Sec. 5).
    /// `slack` (unit of D) is the tolerance of the enclosure test of a tetrahedron.
    bool addAndProject(const SupportPoint& p, Vec3& v, double slack) {
        return add(p, v, Slack{nullptr, slack});
    }

    /// addAndProject() with the slack absoluteTolerance + kRoundoff sqrt(max ||y_i||^2 over W)
    /// (GjkRun::enclosureSlack(), the same operations) computed only when a test needs it: only
    /// a tetrahedron or the backup procedure does, so most iterations save a square root.
    bool addAndProjectLazy(const SupportPoint& p, Vec3& v, double absoluteTolerance) {
        return add(p, v, Slack{this, absoluteTolerance});
    }

private:
    /// The enclosure slack, given (owner null) or computed on first use from W as it was when
    /// the update began (every use sees that W: bits_ changes only once a subset is chosen).
    struct Slack {
        const JohnsonSimplex* owner;
        double value; ///< the slack, or the absolute tolerance until computed (unit of D)
        [[nodiscard]] double operator()() {
            if (owner != nullptr) {
                value += kRoundoff * std::sqrt(owner->maxNorm2());
                owner = nullptr;
            }
            return value;
        }
    };

    bool add(const SupportPoint& p, Vec3& v, Slack slack) {
        if (bits_ == 0u) {
            return addFirst(p, v); // x_1 = s_0, without the subset search
        }
        last_ = std::countr_one(bits_);
        lastBit_ = 1u << last_;
        y_[last_] = {p.w, p.a, p.b};
        allBits_ = bits_ | lastBit_;
        if (allBits_ == 15u && p.w.dot(x_) < 0.0 && enclosesStrictly(p.w, slack)) {
            bits_ = 15u; // Delta_i of the tetrahedron skipped: reproject() computes them if needed
            dp_[last_][last_] = y_[last_].w.squaredNorm(); // for maxNorm2()
            v.setZero();
            x_.setZero();
            stale_ = true;
            return true;
        }
        stale_ = false;
        updateDeterminants();
        if (!project(v, slack)) {
            return false;
        }
        x_ = v;
        return true;
    }

public:

    /// W and the barycentric coordinates of x, to restore() them when an update is rejected
    /// (the cached products and determinants of W's subsets are untouched by addAndProject).
    struct State {
        unsigned bits;
        std::array<double, 4> lambda;
    };
    [[nodiscard]] State state() const { return {bits_, lambda_}; }
    void restore(const State& s) {
        bits_ = s.bits;
        lambda_ = s.lambda;
    }
    /// After addAndProject made an implausible choice: back to W before the add, then the
    /// geometric backup procedure on W + {new point}.
    bool reproject(const State& before, Vec3& v, double slack) {
        restore(before);
        if (stale_) {
            stale_ = false;
            updateDeterminants(); // the early enclosure skipped them
        }
        Slack given{nullptr, slack};
        return backup(v, given);
    }

    /// Checks a tetrahedron that Johnson's Delta_i declare to hold the origin with orientation
    /// tests on edge vectors: for each face (a, b, c), n = (b - a) x (c - a), the origin lies on
    /// the side of the opposite vertex, up to `slack` (unit of D). Their rounding error is about
    /// eps |n| |a|, where the Delta_i of the tetrahedron carry products of four dot products:
    /// with points 1e3 m from the origin and features of 1e-3 m, Johnson accepted tetrahedra
    /// the origin was 2e-5 m outside of. A flat tetrahedron encloses nothing.
    [[nodiscard]] bool enclosesOrigin(double slack) const {
        Slack given{nullptr, slack};
        return enclosesOrigin(given);
    }

    [[nodiscard]] bool enclosesOrigin(Slack& slack) const {
        for (int i = 0; i < 4; ++i) {
            const Vec3& a = y_[(i + 1) & 3].w;
            const Vec3 n = (y_[(i + 2) & 3].w - a).cross(y_[(i + 3) & 3].w - a);
            const double opposite = n.dot(y_[i].w - a);
            const double origin = -n.dot(a);
            const double side = opposite > 0.0 ? origin : -origin;
            // the norm (a square root) only for an origin on the wrong side of the plane
            if (opposite == 0.0 || !(side >= 0.0 || side >= -slack() * n.norm())) {
                return false;
            }
        }
        return true;
    }

    /// The early enclosure test of a tetrahedron, before Johnson's Delta_i (the barycode GJK of
    /// Zhang et al. tests the tetrahedron first in the same way, BarycodeSimplex.h): the
    /// signed-volume coordinates of projectTetrahedron() all positive, and the origin strictly on
    /// the inner side of the face opposite y_0 (lambda_0 = 1 - the others loses its sign near that
    /// face). Once the origin is enclosed only the verdict and the coordinates matter, and they
    /// are those of projectTetrahedron(), so the Delta_i, Johnson's test and enclosesOrigin()
    /// add nothing. The caller tries it only for a new point w with w . x_k < 0, which any
    /// tetrahedron conv(W + {w}) holding the origin needs (W a triangle with x_k inside it, so
    /// x_k is normal to W's plane). As in S3D (SignedVolumeCommon.h), the coordinates must give
    /// back the origin within `slack`: those of a nearly flat tetrahedron are rounding noise, and
    /// their witnesses would not meet (test_subalgorithms.cpp: 4 such tetrahedra in 3360 states
    /// passed the signs where Johnson's Delta_i had refused them). Anything short of a strict
    /// pass goes the usual way. `w` is the new point, read from the caller's copy: y_[last_] was
    /// just stored, and loading it back with other widths stalls on store forwarding.
    [[nodiscard]] bool enclosesStrictly(const Vec3& w, Slack& slack) {
        const Vec3& y0 = last_ == 0 ? w : y_[0].w;
        const Vec3& y1 = last_ == 1 ? w : y_[1].w;
        const Vec3& y2 = last_ == 2 ? w : y_[2].w;
        const Vec3& y3 = last_ == 3 ? w : y_[3].w;
        const Vec3 e1 = y1 - y0, e2 = y2 - y0, e3 = y3 - y0;
        const double volume = e1.dot(e2.cross(e3));
        if (!(volume != 0.0) || !std::isfinite(volume)) {
            return false;
        }
        const double l1 = -y0.dot(e2.cross(e3)) / volume;
        const double l2 = -e1.dot(y0.cross(e3)) / volume;
        const double l3 = -e1.dot(e2.cross(y0)) / volume;
        if (!(l1 > 0.0 && l2 > 0.0 && l3 > 0.0)) {
            return false;
        }
        // orientation of (y1, y2, y3, 0): the sign of that of (y1, y2, y3, y0), i.e. of -volume (a
        // cyclic shift of four points is an odd permutation), when the origin is on y0's side
        const double face0 = -y1.dot((y2 - y1).cross(y3 - y1));
        if (!(volume > 0.0 ? face0 < 0.0 : face0 > 0.0)) {
            return false;
        }
        const double l0 = 1.0 - l1 - l2 - l3;
        const double sl = slack();
        if (!((l0 * y0 + l1 * y1 + l2 * y2 + l3 * y3).squaredNorm() <= sl * sl)) {
            return false;
        }
        lambda_ = {l0, l1, l2, l3};
        return true;
    }

    /// Largest ||y_i||^2 over W (scale of the rounding error of v).
    [[nodiscard]] double maxNorm2() const {
        double m = 0.0;
        for (int i = 0; i < 4; ++i) {
            if ((bits_ & (1u << i)) != 0u) {
                m = std::max(m, dp_[i][i]);
            }
        }
        return m;
    }

    /// Witnesses sum lambda_i a_i and sum lambda_i b_i with the barycentric coordinates of x.
    void witnesses(Vec3& pa, Vec3& pb) const { slotWitnesses(y_, bits_, lambda_, pa, pb); }

    void exportTo(Simplex& out) const { exportSlots(y_, bits_, out); }

private:
    /// The first point into an empty W: what updateDeterminants(), project() and select() make
    /// of it (Delta_0({y_0}) = 1 passes Johnson's test, x = y_0, lambda = (1, 0, 0, 0)).
    bool addFirst(const SupportPoint& p, Vec3& v) {
        last_ = 0;
        lastBit_ = 1u;
        allBits_ = 1u;
        bits_ = 1u;
        y_[0] = {p.w, p.a, p.b};
        dp_[0][0] = p.w.squaredNorm();
        det_[1][0] = 1.0;
        lambda_ = {1.0, 0.0, 0.0, 0.0};
        stale_ = false;
        v = p.w;
        x_ = v;
        return true;
    }

    /// Dot products with the new point and Delta_i(X) for every X containing it (Sec. 4):
    /// Delta_j(X + {y_j}) = sum_{i in X} Delta_i(X) (y_i . y_k - y_i . y_j), k = a fixed member of X.
    void updateDeterminants() {
        const int n = last_;
        for (int i = 0; i < 4; ++i) {
            if ((bits_ & (1u << i)) != 0u) {
                dp_[i][n] = dp_[n][i] = y_[i].w.dot(y_[n].w);
            }
        }
        dp_[n][n] = y_[n].w.squaredNorm();
        det_[lastBit_][n] = 1.0;
        for (int j = 0; j < 4; ++j) {
            const unsigned bj = 1u << j;
            if ((bits_ & bj) == 0u) {
                continue;
            }
            const unsigned s2 = bj | lastBit_;
            det_[s2][j] = dp_[n][n] - dp_[n][j];
            det_[s2][n] = dp_[j][j] - dp_[j][n];
            for (int k = 0; k < j; ++k) {
                const unsigned bk = 1u << k;
                if ((bits_ & bk) != 0u) {
                    updateTriangle(k, j);
                }
            }
        }
        if (allBits_ == 15u) {
            updateTetrahedron();
        }
    }

    /// Delta_i of the triangle {y_k, y_j, y_new} from its three edges.
    void updateTriangle(int k, int j) {
        const int n = last_;
        const unsigned bk = 1u << k, bj = 1u << j;
        const unsigned s3 = bk | bj | lastBit_;
        const unsigned sjn = bj | lastBit_, skn = bk | lastBit_, skj = bk | bj;
        det_[s3][k] = det_[sjn][j] * (dp_[j][j] - dp_[j][k]) + det_[sjn][n] * (dp_[n][j] - dp_[n][k]);
        det_[s3][j] = det_[skn][k] * (dp_[k][k] - dp_[k][j]) + det_[skn][n] * (dp_[n][k] - dp_[n][j]);
        det_[s3][n] = det_[skj][k] * (dp_[k][k] - dp_[k][n]) + det_[skj][j] * (dp_[j][k] - dp_[j][n]);
    }

    /// Delta_i of the tetrahedron from its four triangles (each taken with its lowest member as k).
    void updateTetrahedron() {
        for (int i = 0; i < 4; ++i) {
            const unsigned face = 15u & ~(1u << i);
            const int k = std::countr_zero(face);
            double sum = 0.0;
            for (int m = 0; m < 4; ++m) {
                if (m != i) {
                    sum += det_[face][m] * (dp_[m][k] - dp_[m][i]);
                }
            }
            det_[15][i] = sum;
        }
    }

    /// Johnson's test: Delta_i(X) > 0 for i in X and Delta_j(X + {y_j}) <= 0 for j not in X.
    [[nodiscard]] bool isValid(unsigned s) const {
        for (int i = 0; i < 4; ++i) {
            const unsigned bit = 1u << i;
            if ((allBits_ & bit) == 0u) {
                continue;
            }
            if ((s & bit) != 0u) {
                if (!(det_[s][i] > 0.0)) {
                    return false;
                }
            } else if (det_[s | bit][i] > 0.0) {
                return false;
            }
        }
        return true;
    }

    /// Tests only the subsets holding the new point (Theorem 2), the new point alone last. A
    /// tetrahedron must also pass enclosesOrigin(); the backup procedure runs when rounding
    /// leaves no subset passing.
    bool project(Vec3& v, Slack& slack) {
        const unsigned entry = bits_;
        for (unsigned s = entry; s != 0u; --s) {
            const unsigned x = s | lastBit_;
            if ((s & entry) == s && isValid(x) && (x != 15u || enclosesOrigin(slack))) {
                if (select(x, v) && (x == 15u || isOptimal(v))) {
                    return true;
                }
                bits_ = entry; // x outside X, or below a dropped point: rounded Delta_i signs
                return backup(v, slack);
            }
        }
        if (isValid(lastBit_)) {
            return select(lastBit_, v);
        }
        return backup(v, slack);
    }

    /// The backup procedure (the original GJK's, Gilbert, Johnson, Keerthi 1988), made
    /// geometric: the tetrahedron if enclosesOrigin(), else, among the subsets holding the new
    /// point, the edge-based projection that lands inside its own sub-simplex and is nearest to
    /// the origin (the closest point of conv(Y) lies in the relative interior of such a face).
    /// The 1988 procedure ranks subsets by the signs of the Delta_i, which are noise when the
    /// points are 1e6 times farther than the features are large. van den Bergen drops the backup
    /// and stops at x_k (Sec. 5); on cone and cylinder rims that stop left relative gaps up to
    /// 4e-4 (1% of separated queries at eps = 1e-8), so we keep it. Runs only on failures.
    bool backup(Vec3& v, Slack& slack) {
        const unsigned entry = bits_;
        if (allBits_ == 15u && enclosesOrigin(slack)) {
            return select(15u, v);
        }
        unsigned best = 0;
        double bestNorm2 = std::numeric_limits<double>::infinity();
        Vec3 candidate;
        for (unsigned s = entry;; --s) {
            const unsigned x = (s & entry) | lastBit_;
            if ((s & entry) == s && x != 15u && selectIfInside(x, candidate) &&
                candidate.squaredNorm() < bestNorm2) {
                bestNorm2 = candidate.squaredNorm();
                best = x;
            }
            if (s == 0u) {
                break;
            }
        }
        bits_ = entry;
        if (best == 0u) {
            return false;
        }
        return selectIfInside(best, v);
    }

    /// Johnson's criterion (ii) checked on x itself: no dropped point of W + {new} lies below the
    /// plane through x normal to x, i.e. x . y_j >= x . x up to rounding. With (i), x inside X,
    /// this is the optimality condition of x over conv(W + {new}).
    [[nodiscard]] bool isOptimal(const Vec3& v) const {
        const double vv = v.squaredNorm();
        for (int j = 0; j < 4; ++j) {
            const unsigned bit = 1u << j;
            if ((allBits_ & bit) == 0u || (bits_ & bit) != 0u) {
                continue;
            }
            const double vy = v.dot(y_[j].w);
            // the rounding allowance (two square roots) only for a point below the plane
            if (vy < vv && vy < vv - kRoundoff * std::sqrt(vv * dp_[j][j])) {
                return false;
            }
        }
        return true;
    }

    /// select() restricted to the edge-based projections that land inside the sub-simplex.
    bool selectIfInside(unsigned s, Vec3& v) {
        int idx[3];
        const int n = members(s, idx);
        bits_ = s;
        if (n == 1) {
            lambda_.fill(0.0);
            lambda_[idx[0]] = 1.0;
            v = y_[idx[0]].w;
            return true;
        }
        const Projection p = n == 2 ? projectSegment(idx[0], idx[1], v)
                                    : projectTriangle(idx[0], idx[1], idx[2], v);
        return p == Projection::Inside;
    }

    /// Indices of the members of s (at most 3 written; returns the count).
    static int members(unsigned s, int* idx) {
        int n = 0;
        for (int i = 0; i < 4; ++i) {
            if ((s & (1u << i)) != 0u) {
                if (n < 3) {
                    idx[n] = i;
                }
                ++n;
            }
        }
        return n;
    }

    /// Makes s the simplex and writes x into v. Johnson's Delta_i(X) choose X (Sec. 4), but x and
    /// its barycentric coordinates come from the edges of X (projection of the origin onto the line
    /// or plane of X): the Delta_i are differences of products y_i . y_j that cancel when the
    /// points are far from the origin compared with the edges, which is the case near convergence.
    /// Departure from the paper. Returns false when the projection falls outside X (beyond
    /// rounding): Johnson's Delta_i chose X by rounded signs, and the caller takes the backup.
    /// A zero-length, zero-area or zero-volume X keeps Johnson's x.
    bool select(unsigned s, Vec3& v) {
        bits_ = s;
        int idx[4];
        int n = 0;
        for (int i = 0; i < 4; ++i) {
            if ((s & (1u << i)) != 0u) {
                idx[n++] = i;
            }
        }
        Projection p = Projection::Degenerate;
        if (n == 1) {
            lambda_.fill(0.0);
            lambda_[idx[0]] = 1.0;
            v = y_[idx[0]].w;
            return true;
        }
        if (n == 2) {
            p = projectSegment(idx[0], idx[1], v);
        } else if (n == 3) {
            p = projectTriangle(idx[0], idx[1], idx[2], v);
        } else if (projectTetrahedron(v)) {
            p = Projection::Inside;
        }
        if (p == Projection::Degenerate) {
            projectJohnson(s, v);
        }
        return p != Projection::Outside;
    }

    /// Origin inside the tetrahedron: x = 0, barycentric coordinates from signed volumes of edge
    /// vectors (Johnson's Delta_i(Y) lose every digit when the points are far from the origin).
    bool projectTetrahedron(Vec3& v) {
        const Vec3& y0 = y_[0].w;
        const Vec3 e1 = y_[1].w - y0, e2 = y_[2].w - y0, e3 = y_[3].w - y0;
        const double volume = e1.dot(e2.cross(e3));
        if (!(volume != 0.0) || !std::isfinite(volume)) {
            return false;
        }
        lambda_[1] = -y0.dot(e2.cross(e3)) / volume;
        lambda_[2] = -e1.dot(y0.cross(e3)) / volume;
        lambda_[3] = -e1.dot(e2.cross(y0)) / volume;
        lambda_[0] = 1.0 - lambda_[1] - lambda_[2] - lambda_[3];
        v.setZero();
        return true;
    }

    /// Makes i the vertex facing the longest edge, so that e1 and e2 are the two shortest edges
    /// and e1 x e2 is the best-conditioned cross product of the triangle (a sliver 2000 m long
    /// and 2e-3 m wide has two nearly parallel long edges: their cross product loses the normal).
    void orderTriangle(int& i, int& j, int& k) const {
        const double ij = (y_[j].w - y_[i].w).squaredNorm();
        const double jk = (y_[k].w - y_[j].w).squaredNorm();
        const double ki = (y_[i].w - y_[k].w).squaredNorm();
        if (ij >= jk && ij >= ki) {
            std::swap(i, k); // longest edge ij: base k
        } else if (ki >= jk) {
            std::swap(i, j); // longest edge ki: base j
        }
    }

    /// x = sum Delta_i(X) y_i / Delta(X) (van den Bergen Sec. 2); x = 0 for a tetrahedron.
    void projectJohnson(unsigned s, Vec3& v) {
        double sum = 0.0;
        for (int i = 0; i < 4; ++i) {
            sum += (s & (1u << i)) != 0u ? det_[s][i] : 0.0;
        }
        v.setZero();
        for (int i = 0; i < 4; ++i) {
            lambda_[i] = (s & (1u << i)) != 0u ? det_[s][i] / sum : 0.0;
            v += lambda_[i] * y_[i].w;
        }
        if (s == 15u) {
            v.setZero();
        }
    }

    enum class Projection : unsigned char { Inside, Outside, Degenerate };

    /// Origin projected on the line of y_i y_j: x = y_i + t e, e = y_j - y_i, t = -y_i . e / e . e;
    /// t within kInside of [0, 1] is clamped to it (x stays in the segment).
    Projection projectSegment(int i, int j, Vec3& v) {
        const Vec3 e = y_[j].w - y_[i].w;
        const double ee = e.squaredNorm();
        if (!(ee > 0.0)) {
            return Projection::Degenerate;
        }
        const double t = -y_[i].w.dot(e) / ee;
        if (!(t >= -kInside && t <= 1.0 + kInside)) {
            return Projection::Outside;
        }
        const double tc = std::clamp(t, 0.0, 1.0);
        lambda_.fill(0.0);
        lambda_[i] = 1.0 - tc;
        lambda_[j] = tc;
        v = y_[i].w + tc * e;
        return Projection::Inside;
    }

    /// Origin projected on the plane of the triangle, p = (n . y_i / n . n) n, n = e1 x e2, and
    /// its barycentric coordinates from the sub-triangle areas; x = y_i + l_j e1 + l_k e2 is then
    /// formed from them, so that x lies in conv(W) up to rounding even when n is inaccurate (a
    /// sliver 2000 m long and 2e-3 m wide tilts n by 2e-10 rad, p by 1e-7 m out of the triangle,
    /// and ||p|| could undercut the distance: the certificate mu <= ||x*|| <= ||x|| would break).
    /// x is p itself when p is strictly inside and within that rounding of the combination
    /// (kRoundoff of the largest vertex): the combination carries an absolute error of ulps of
    /// the vertices, p's direction is n's, exact to the rounding of the edges. With vertices 70 m
    /// from the origin (a body on a 100 m ground box) the combination's 1e-14 m tilted a 1e-9 m x
    /// by 1e-5 rad: mu = <x, s> / ||x|| came out 1e-6 m off, GJK stalled and its degeneracy rule
    /// accepted distances 6e-7 m off (docs/gjk-acceleration.md, "Contact near a large shape").
    Projection projectTriangle(int i, int j, int k, Vec3& v) {
        orderTriangle(i, j, k);
        const Vec3 e1 = y_[j].w - y_[i].w, e2 = y_[k].w - y_[i].w;
        const Vec3 nrm = e1.cross(e2);
        const double nn = nrm.squaredNorm();
        if (!(nn > 0.0)) {
            return Projection::Degenerate;
        }
        // one division shared by the three quotients (they are rounding-level anyway)
        const double inn = 1.0 / nn;
        const Vec3 x = (nrm.dot(y_[i].w) * inn) * nrm;
        const Vec3 q = x - y_[i].w;
        double lj = nrm.dot(q.cross(e2)) * inn, lk = nrm.dot(e1.cross(q)) * inn;
        const double li = 1.0 - lj - lk;
        if (!(li >= -kInside && lj >= -kInside && lk >= -kInside)) {
            return Projection::Outside;
        }
        if (li < 0.0 || lj < 0.0 || lk < 0.0) {
            // within rounding of an edge: onto it (x stays in the triangle), renormalised;
            // otherwise the coordinates sum to 1 already and dividing by their sum is noise
            const double ci = std::max(li, 0.0);
            lj = std::max(lj, 0.0);
            lk = std::max(lk, 0.0);
            const double sum = ci + lj + lk;
            lj /= sum;
            lk /= sum;
        }
        lambda_.fill(0.0);
        lambda_[i] = 1.0 - lj - lk;
        lambda_[j] = lj;
        lambda_[k] = lk;
        if (li > 0.0 && lj > 0.0 && lk > 0.0) {
            // x - (y_i + l_j e1 + l_k e2): within rounding when the normal is well-conditioned
            const double r2 = std::max({dp_[i][i], dp_[j][j], dp_[k][k]});
            if ((q - lj * e1 - lk * e2).squaredNorm() <= kRoundoff * kRoundoff * r2) {
                v = x;
                return Projection::Inside;
            }
        }
        v = y_[i].w + lj * e1 + lk * e2;
        return Projection::Inside;
    }

    // dp_ and det_ are left uninitialised: an entry is read only for subsets of W + {new point},
    // all of which addAndProject has written (the invariant of Sec. 4's caching).
    /// SupportPoint without its zero initialisers: a slot is read only after it was written
    struct Point {
        Vec3 w, a, b;
    };
    std::array<Point, 4> y_;
    double dp_[4][4];   ///< dp[i][j] = y_i . y_j
    double det_[16][4]; ///< det[X][i] = Delta_i(X)
    std::array<double, 4> lambda_{}; ///< barycentric coordinates of x in W
    unsigned bits_ = 0;    ///< W
    unsigned allBits_ = 0; ///< W + {new point}
    unsigned lastBit_ = 0;
    int last_ = 0;
    /// x of the last accepted projection: x_k, unless GJK rejected it (restore()), which only
    /// makes the w . x_k < 0 filter of the early enclosure test miss or waste a test
    Vec3 x_ = Vec3::Zero();
    bool stale_ = false;    ///< the Delta_i of the new point were skipped (early enclosure)
};

} // namespace mk::detail
