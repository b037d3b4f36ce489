#pragma once
/// \file Gjk.h
/// The GJK family as header-only templates over any convex support `S`, i.e. any type with
/// `void support(const Vec3& dir, SupportPoint& out)` that maximises dot(out.w, dir) over a
/// compact convex set D (MinkowskiDifference, or a raw point set in tests).
///
/// - Vanilla: van den Bergen, "A Fast and Robust GJK Implementation", JGT 1999 (Alg. 1 and 2),
///   with the cached Johnson sub-algorithm of its Sec. 4 and the termination rules of its Sec. 5.
/// - Polyak / Nesterov: Montaut et al., "GJK++", T-RO 2024, Alg. 6, with the normalised direction
///   of Alg. 7 / eq. (33) for NesterovNormalized, the boolean early exit of Alg. 2 and the
///   fixed-point switch back to vanilla GJK of eqs. (31)/(32).
///
/// Sign convention. GJK++ writes S_D(d) = argmin_s <d, s>; our supports maximise, so the support
/// point in GJK++'s direction d is `support(-d)`. The iterate x (van den Bergen's v) is the point
/// of conv(W) closest to the origin; x = p_A - p_B for a Minkowski difference A - B.
///
/// Departures from the papers, all documented where they happen:
/// - x_0 = S(guess) is the support point in the guess direction (GJK++ requires x_0 in D; the
///   caller's guess is any non-zero vector), and W_0 = {x_0} rather than the empty set.
/// - The gradient is that of f(x) = ||x||^2 / 2, i.e. grad f(y) = y, so that d_{-1} = x_0 equals
///   grad f(x_0) (GJK++ uses f = ||x||^2 with d_{-1} = x_0; coal drops the factor 2 as we do).
/// - Every stopping test is relative, as van den Bergen's: ||x|| - mu <= eps ||x||, where mu is
///   the best lower bound <d_j, s_j> / ||d_j|| over all iterations (valid for any direction d_j).
///   The duality gap g(x) = 2 <x, x - s> <= eps of GJK++ (17)/(18) is the same test with mu taken
///   from the current iteration only (||x||^2 - <x, s> = g/2); we use the monotone mu of van den
///   Bergen for every variant so that all variants stop at the same relative accuracy.
/// - The fixed-point switch (32) compares g with eps R^2, R the size of D (see isFixedPoint), and
///   the acceleration also stops after a quarter of maxIterations (accelerationBudgetSpent), or
///   when its support cannot improve W (stall).
/// - NesterovNormalized uses coal's delta_k = (k+2)/(k+3) (Alg. 7 keeps (k+1)/(k+3)).
/// - Robustness of the sub-algorithm (JohnsonSimplex). Johnson's cached Delta_i choose the
///   subset as in the paper, but x and its barycentric coordinates come from edge vectors (the
///   best-conditioned edges of a triangle, signed volumes of a tetrahedron); a tetrahedron must
///   pass orientation tests; an implausible choice (x not shorter than x_k, or shorter than the
///   certified bound) goes to a geometric version of the 1988 backup procedure instead of van
///   den Bergen's stop. Measured on 16k random primitive pairs at eps = 1e-8: degenerate stops
///   1.8% -> 0, false overlaps of separated pairs 7 in 20k -> 0; a 2 mm box against a 2000 m
///   box (Johnson alone: wrong verdicts and distances off by 1e-4 m) is exact to 1e-13 m.
///
/// No heap allocation; all state lives in fixed arrays on the stack.

#include "minkowski/narrowphase/Defaults.h"
#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/MinkowskiDifference.h"
#include "minkowski/narrowphase/Simplex.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

namespace mk {

/// Which support direction d_k the GJK iteration uses (GJK++ Alg. 6 line 3).
enum class GjkVariant : unsigned char {
    Vanilla,            ///< d_k = x_k (van den Bergen 1999, Alg. 1)
    Polyak,             ///< d_k = delta_k d_{k-1} + (1 - delta_k) x_k, delta_k = (k+1)/(k+3)
    Nesterov,           ///< y_k = delta_k x_k + (1 - delta_k) s_{k-1}, d_k = delta_k d_{k-1} + (1 - delta_k) y_k
    /// Nesterov with both terms normalised, eq. (33), and delta_k = (k+2)/(k+3) as in coal.
    /// Meant for non-strictly convex sets (polytopes: fewest iterations of all variants); on
    /// strictly convex ones the unit direction turns by at most 1/(k+3) per step, so it is slow
    /// when the shapes are far apart (GJK++ Sec. III; coal enables it for mesh pairs only).
    NesterovNormalized,
};

struct GjkSettings {
    GjkVariant variant = GjkVariant::Vanilla;
    /// Relative tolerance eps: stop when ||x|| - mu <= eps ||x|| (van den Bergen Sec. 5).
    double tolerance = defaults::kGjkTolerance;
    /// ||x|| <= absoluteTolerance counts as touching (van den Bergen's omega) (unit: metre).
    double absoluteTolerance = defaults::kGjkAbsoluteTolerance;
    /// Cap on iterations (support evaluations of the main loop, the initial one included).
    int maxIterations = defaults::kGjkMaxIterations;
    /// Boolean task: stop as soon as a plane separates D from the origin by more than the margin.
    bool booleanEarlyExit = false;
    /// Margin of the early exit: stop when the lower bound mu > earlyExitMargin (unit of D).
    double earlyExitMargin = 0.0;
    /// Initial direction x_0 (any non-zero vector; zero or non-finite means (1, 0, 0)).
    Vec3 initialGuess = Vec3::UnitX();
};

enum class GjkStatus : unsigned char {
    /// Converged: ||x|| - mu <= eps ||x||. x is the point of D closest to the origin within
    /// tolerance, distance = ||x||, lowerBound = mu.
    Separated,
    /// booleanEarlyExit only: mu > earlyExitMargin, so D is farther than the margin from the
    /// origin. lowerBound = mu is a certified lower bound, x and the witnesses are the iterate's.
    SeparatedEarlyExit,
    /// The origin is inside the terminal simplex (a tetrahedron): x = 0, the sets overlap.
    /// pa = pb is a point common to both sets; `simplex` holds the four points (for EPA).
    Overlapping,
    /// ||x|| <= absoluteTolerance, or ||x|| is below the rounding error of the simplex points
    /// (||x|| <= 1e-12 max ||y_i||), on a simplex of at most three points: D holds a point
    /// within the tolerance of the origin. The origin may be on D's boundary (contact) or deep
    /// inside it (a segment of D through the origin): GJK cannot tell, EPA can.
    Touching,
    /// maxIterations reached: every field holds the best estimate so far (distance >= true one).
    MaxIterations,
    /// van den Bergen's degeneracy rule ended the loop (Sec. 5): the support point was already in
    /// W_k or the previous W, the Johnson sub-algorithm found no valid subset, or ||x|| stopped
    /// decreasing. x is the best approximation within machine precision (not certified by mu).
    Degenerate,
};

struct GjkOutput {
    GjkStatus status = GjkStatus::Degenerate;
    Vec3 v = Vec3::Zero();  ///< final iterate x, the point of D closest to the origin
    Vec3 pa = Vec3::Zero(); ///< witness on the first set: sum lambda_i a_i over the simplex
    Vec3 pb = Vec3::Zero(); ///< witness on the second set: sum lambda_i b_i (pa - pb = v)
    double distance = 0.0;   ///< ||v||, an upper bound on the distance from D to the origin
    double lowerBound = 0.0; ///< mu, a certified lower bound on that distance (<= distance)
    int iterations = 0;      ///< main-loop iterations, the initial support included
    int supportCalls = 0;    ///< support evaluations (one more than iterations per switch to vanilla)
    bool accelerationStopped = false; ///< an accelerated variant fell back to vanilla (eq. 31)
    Simplex simplex;         ///< terminal simplex W (for EPA)
};

namespace detail {

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
    [[nodiscard]] bool contains(const Vec3& w) const {
        for (int i = 0; i < 4; ++i) {
            if ((allBits_ & (1u << i)) != 0u && y_[i].w == w) {
                return true;
            }
        }
        return false;
    }

    /// Adds p to W and writes into v the point of conv(W + {p}) closest to the origin; W becomes
    /// the smallest subset whose hull holds it. Returns false when no subset passes Johnson's test
    /// (rounding); W and v are then unchanged (van den Bergen drops the backup procedure, Sec. 5).
    /// `slack` (unit of D) is the tolerance of the enclosure test of a tetrahedron.
    bool addAndProject(const SupportPoint& p, Vec3& v, double slack) {
        last_ = std::countr_one(bits_);
        lastBit_ = 1u << last_;
        y_[last_] = p;
        allBits_ = bits_ | lastBit_;
        updateDeterminants();
        return project(v, slack);
    }

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
        return backup(v, slack);
    }

    /// Checks a tetrahedron that Johnson's Delta_i declare to hold the origin with orientation
    /// tests on edge vectors: for each face (a, b, c), n = (b - a) x (c - a), the origin lies on
    /// the side of the opposite vertex, up to `slack` (unit of D). Their rounding error is about
    /// eps |n| |a|, where the Delta_i of the tetrahedron carry products of four dot products:
    /// with points 1e3 m from the origin and features of 1e-3 m, Johnson accepted tetrahedra
    /// the origin was 2e-5 m outside of. A flat tetrahedron encloses nothing.
    [[nodiscard]] bool enclosesOrigin(double slack) const {
        for (int i = 0; i < 4; ++i) {
            const Vec3& a = y_[(i + 1) & 3].w;
            const Vec3 n = (y_[(i + 2) & 3].w - a).cross(y_[(i + 3) & 3].w - a);
            const double opposite = n.dot(y_[i].w - a);
            const double origin = -n.dot(a);
            if (opposite == 0.0 || !((opposite > 0.0 ? origin : -origin) >= -slack * n.norm())) {
                return false;
            }
        }
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
    void witnesses(Vec3& pa, Vec3& pb) const {
        pa.setZero();
        pb.setZero();
        for (int i = 0; i < 4; ++i) {
            if ((bits_ & (1u << i)) != 0u) {
                pa += lambda_[i] * y_[i].a;
                pb += lambda_[i] * y_[i].b;
            }
        }
    }

    void exportTo(Simplex& out) const {
        out.size = 0;
        for (int i = 0; i < 4; ++i) {
            if ((bits_ & (1u << i)) != 0u) {
                out.points[static_cast<size_t>(out.size++)] = y_[i];
            }
        }
    }

private:
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
    bool project(Vec3& v, double slack) {
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
    bool backup(Vec3& v, double slack) {
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
        const double vn = std::sqrt(vv);
        for (int j = 0; j < 4; ++j) {
            const unsigned bit = 1u << j;
            if ((allBits_ & bit) != 0u && (bits_ & bit) == 0u &&
                v.dot(y_[j].w) < vv - kRoundoff * vn * y_[j].w.norm()) {
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
    Projection projectTriangle(int i, int j, int k, Vec3& v) {
        orderTriangle(i, j, k);
        const Vec3 e1 = y_[j].w - y_[i].w, e2 = y_[k].w - y_[i].w;
        const Vec3 nrm = e1.cross(e2);
        const double nn = nrm.squaredNorm();
        if (!(nn > 0.0)) {
            return Projection::Degenerate;
        }
        const Vec3 x = (nrm.dot(y_[i].w) / nn) * nrm;
        const Vec3 q = x - y_[i].w;
        double lj = nrm.dot(q.cross(e2)) / nn, lk = nrm.dot(e1.cross(q)) / nn;
        double li = 1.0 - lj - lk;
        if (!(li >= -kInside && lj >= -kInside && lk >= -kInside)) {
            return Projection::Outside;
        }
        li = std::max(li, 0.0); // within rounding of an edge: onto it, x stays in the triangle
        lj = std::max(lj, 0.0);
        lk = std::max(lk, 0.0);
        const double sum = li + lj + lk;
        lj /= sum;
        lk /= sum;
        lambda_.fill(0.0);
        lambda_[i] = 1.0 - lj - lk;
        lambda_[j] = lj;
        lambda_[k] = lk;
        v = y_[i].w + lj * e1 + lk * e2;
        return Projection::Inside;
    }

    // dp_ and det_ are left uninitialised: an entry is read only for subsets of W + {new point},
    // all of which addAndProject has written (the invariant of Sec. 4's caching).
    std::array<SupportPoint, 4> y_;
    double dp_[4][4];   ///< dp[i][j] = y_i . y_j
    double det_[16][4]; ///< det[X][i] = Delta_i(X)
    std::array<double, 4> lambda_{}; ///< barycentric coordinates of x in W
    unsigned bits_ = 0;    ///< W
    unsigned allBits_ = 0; ///< W + {new point}
    unsigned lastBit_ = 0;
    int last_ = 0;
};

/// The support direction d_k of GJK++ Alg. 6 (lines 1-3) and Alg. 7 / eq. (33).
class GjkMomentum {
public:
    GjkMomentum(GjkVariant variant, const Vec3& x0)
        : variant_(variant), active_(variant != GjkVariant::Vanilla), d_(x0), sPrev_(x0) {}

    [[nodiscard]] bool active() const { return active_; }
    /// Switch back to vanilla GJK for good (eqs. (31)/(32)).
    void stop() { active_ = false; }
    /// Remembers s_k for Nesterov's y_{k+1}.
    void remember(const Vec3& s) { sPrev_ = s; }

    /// d_k for iteration k and iterate x_k; x_k itself once stopped, or when the momentum
    /// direction is numerically zero (then the acceleration stops).
    [[nodiscard]] Vec3 direction(int k, const Vec3& x) {
        if (!active_) {
            return x;
        }
        const double kk = k;
        const double scale2 = x.squaredNorm() + sPrev_.squaredNorm();
        if (variant_ == GjkVariant::Polyak) {
            const double delta = (kk + 1.0) / (kk + 3.0);
            d_ = delta * d_ + (1.0 - delta) * x;
        } else if (variant_ == GjkVariant::Nesterov) {
            const double delta = (kk + 1.0) / (kk + 3.0);
            const Vec3 y = delta * x + (1.0 - delta) * sPrev_;
            d_ = delta * d_ + (1.0 - delta) * y;
        } else {
            // coal's delta = (k+2)/(k+3) (Alg. 7: (k+1)/(k+3)). Measured on 200-point hulls at
            // 1e-4 m: 7.4 iterations against 9.2 with (k+1)/(k+3) and 10.5 for vanilla.
            const double delta = (kk + 2.0) / (kk + 3.0);
            const Vec3 y = delta * x + (1.0 - delta) * sPrev_;
            const double yn2 = y.squaredNorm(), dn2 = d_.squaredNorm();
            if (!(yn2 > kTiny2 * scale2) || !(dn2 > 0.0)) {
                active_ = false;
                return x;
            }
            d_ = (delta / std::sqrt(dn2)) * d_ + ((1.0 - delta) / std::sqrt(yn2)) * y;
            return d_;
        }
        if (!(d_.squaredNorm() > kTiny2 * scale2)) {
            active_ = false;
            return x;
        }
        return d_;
    }

private:
    /// A momentum direction shorter than 1e-12 times the scale of the points is meaningless.
    static constexpr double kTiny2 = 1e-24;
    GjkVariant variant_;
    bool active_;
    Vec3 d_;     ///< d_{k-1}
    Vec3 sPrev_; ///< s_{k-1}
};

/// One run of the GJK loop; gjk() below is its only user.
template <class S>
class GjkRun {
public:
    /// Writes into `out`, which must be default-constructed.
    GjkRun(S& support, const GjkSettings& settings, GjkOutput& out)
        : support_(support), settings_(settings), momentum_(settings.variant, Vec3::Zero()),
          out_(out) {}

    void solve() {
        if (start()) {
            return finish(GjkStatus::SeparatedEarlyExit);
        }
        for (int k = 0;; ++k) {
            if (const std::optional<GjkStatus> st = stopBeforeSupport()) {
                return finish(*st);
            }
            Vec3 d = momentum_.direction(k, v_);
            SupportPoint s;
            supportAlong(d, s);
            ++out_.iterations;
            if (earlyExit(d, s)) {
                return finish(GjkStatus::SeparatedEarlyExit);
            }
            if (momentum_.active() && (isFixedPoint(s) || accelerationBudgetSpent())) {
                // eq. (31): s_k adds nothing to W_k; back to vanilla GJK for good (Alg. 6, l. 5-7).
                momentum_.stop();
                out_.accelerationStopped = true;
                if (d != v_) {
                    d = v_;
                    supportAlong(d, s);
                    if (earlyExit(d, s)) {
                        return finish(GjkStatus::SeparatedEarlyExit);
                    }
                }
            }
            if (const std::optional<GjkStatus> st = stopAfterSupport(s)) {
                return finish(*st);
            }
        }
    }

private:
    /// x_0 = S(guess), W_0 = {x_0}, d_{-1} = s_{-1} = x_0. True on an early exit.
    bool start() {
        Vec3 guess = settings_.initialGuess;
        if (!guess.allFinite() || !(guess.squaredNorm() > 0.0)) {
            guess = Vec3::UnitX();
        }
        SupportPoint s;
        supportAlong(guess, s);
        out_.iterations = 1;
        simplex_.addAndProject(s, v_, enclosureSlack());
        momentum_ = GjkMomentum(settings_.variant, v_);
        return earlyExit(guess, s);
    }

    /// support in GJK++'s direction d: argmin <d, s> = our support(-d).
    void supportAlong(const Vec3& d, SupportPoint& s) {
        support_.support(-d, s);
        maxSupport2_ = std::max(maxSupport2_, s.w.squaredNorm());
        ++out_.supportCalls;
    }

    /// mu = max(mu, <d, s> / ||d||) (van den Bergen's delta, GJK++ Alg. 2); true when the boolean
    /// task may stop (mu > margin).
    bool earlyExit(const Vec3& d, const SupportPoint& s) {
        const double delta = d.dot(s.w) / d.norm();
        lowerBound_ = std::max(lowerBound_, delta);
        return settings_.booleanEarlyExit && lowerBound_ > settings_.earlyExitMargin;
    }

    /// Fixed-point test (31)/(32): g(x_k) / 2 = ||x||^2 - <x, s_k> <= eps R^2, or s_k in W.
    /// Departure: GJK++ compares g with its absolute tolerance (m^2, shapes of about a metre); we
    /// scale eps by R^2, R = the largest support point seen (the size of D). Comparing with
    /// eps ||x||^2 instead (our relative termination) lets Polyak's unnormalised momentum, which
    /// is dominated by the first, large iterates, crawl at an angle of 1e-4 rad to x for hundreds
    /// of iterations when the shapes are close (measured on ellipsoids, Gjk tests).
    [[nodiscard]] bool isFixedPoint(const SupportPoint& s) const {
        const double vv = v_.squaredNorm();
        return vv - v_.dot(s.w) <= settings_.tolerance * maxSupport2_ || simplex_.contains(s.w);
    }

    /// Safeguard (not in GJK++): the acceleration stops once a quarter of the iteration budget
    /// is spent, so vanilla GJK always keeps three quarters. It fires where the momentum
    /// direction converges sublinearly: NesterovNormalized on strictly convex, distant shapes
    /// (57 -> 36 iterations at 1 m on ellipsoids), and Polyak's unnormalised momentum when x_0 is
    /// 10x longer than the later iterates (a warm start from a moved pair: 128 -> 90 at 1e-10).
    [[nodiscard]] bool accelerationBudgetSpent() const {
        return out_.iterations >= settings_.maxIterations / 4;
    }

    /// Tests on x_k before a new support: origin enclosed, touching, iteration cap.
    [[nodiscard]] std::optional<GjkStatus> stopBeforeSupport() const {
        if (simplex_.full()) {
            return GjkStatus::Overlapping;
        }
        const double vv = v_.squaredNorm();
        const double abs2 = settings_.absoluteTolerance * settings_.absoluteTolerance;
        if (vv <= abs2 || vv <= kSimplexZero * kSimplexZero * simplex_.maxNorm2()) {
            return GjkStatus::Touching;
        }
        if (out_.iterations >= settings_.maxIterations) {
            return GjkStatus::MaxIterations;
        }
        return std::nullopt;
    }

    /// Convergence, degeneracy and the simplex update with the new support s.
    std::optional<GjkStatus> stopAfterSupport(const SupportPoint& s) {
        const double vv = v_.squaredNorm();
        const double vn = std::sqrt(vv);
        const double gap = vn - lowerBound_;
        if (gap <= settings_.tolerance * vn) {
            return GjkStatus::Separated; // ||x|| - mu <= eps ||x|| (van den Bergen Sec. 5)
        }
        if (simplex_.contains(s.w)) {
            return stall(s, gap, vn); // same or alternating support points (Sec. 5, Fig. 3)
        }
        momentum_.remember(s.w);
        const JohnsonSimplex::State previous = simplex_.state();
        Vec3 next;
        if (!simplex_.addAndProject(s, next, enclosureSlack())) {
            simplex_.restore(previous);
            return stall(s, gap, vn); // not even the backup found a subset: keep x_k
        }
        if (!isPlausible(next, vv)) {
            simplex_.reproject(previous, next, enclosureSlack()); // Johnson's choice was rounding
        }
        if (!isPlausible(next, vv)) {
            simplex_.restore(previous);
            return stall(s, gap, vn); // keep x_k and W_k
        }
        v_ = next;
        return std::nullopt;
    }

    /// A degeneracy (below) met while the momentum is active: the momentum direction's support
    /// could not improve W, which is the fixed point of eq. (31) in another guise. Like it, the
    /// acceleration stops for good and the iteration is redone by vanilla GJK from x_k, W_k.
    std::optional<GjkStatus> stall(const SupportPoint& s, double gap, double vn) {
        if (momentum_.active()) {
            momentum_.stop();
            out_.accelerationStopped = true;
            return std::nullopt;
        }
        return stuck(s, gap, vn);
    }

    /// van den Bergen's degeneracy rule (Sec. 5) ended the loop at x_k: converged within
    /// machine precision when the gap is below the rounding floor, a genuine degeneracy otherwise.
    /// Without a positive lower bound there is no evidence of separation at all: Degenerate.
    [[nodiscard]] GjkStatus stuck(const SupportPoint& s, double gap, double vn) const {
        const bool converged = lowerBound_ > 0.0 && gap <= settings_.tolerance * vn + roundoff(s, vn);
        return converged ? GjkStatus::Separated : GjkStatus::Degenerate;
    }

    /// A new iterate must be shorter than x_k (Sec. 4, Theorem 2) and not shorter than the
    /// certified lower bound mu <= ||x*|| <= ||x_{k+1}||. The second test catches a tetrahedron
    /// that Johnson's rounded Delta_i declare to hold the origin while a plane separates D from
    /// it (seen on a box-cylinder pair 9 mm apart: a nearly flat tetrahedron, x = 0 claimed);
    /// the first, a subset chosen by rounded signs (a 1e3 m box against a 1e-3 m box).
    /// The bound carries rounding: it is relaxed by 1e-6 relative (an optimum reached exactly
    /// lands at mu within rounding; the spurious tetrahedra give x = 0) and by the slack of the
    /// enclosure test (touching shapes have mu ~ 1e-17 > 0 and a tetrahedron around the origin).
    [[nodiscard]] bool isPlausible(const Vec3& next, double vv) const {
        const double nn = next.squaredNorm();
        const double mu = lowerBound_ * (1.0 - 1e-6) - enclosureSlack();
        return nn < vv && !(mu > 0.0 && nn < mu * mu);
    }

    /// Slack of the enclosure test: the absolute tolerance (within it the origin counts as
    /// touching anyway) plus the rounding of the orientation tests, 16 ulps of the largest point.
    [[nodiscard]] double enclosureSlack() const {
        return settings_.absoluteTolerance + kRoundoff * std::sqrt(simplex_.maxNorm2());
    }

    /// Rounding error of mu = <x, s> / ||x||: x carries an absolute error of a few ulps of the
    /// largest simplex point, which <x, s> / ||x|| amplifies by ||s|| / ||x||. When the
    /// degeneracy rule stops the loop with a gap below this floor, the relative test could not
    /// pass in floating point (Sec. 5, "Ill-conditioned error bounds"): x counts as converged.
    [[nodiscard]] double roundoff(const SupportPoint& s, double vn) const {
        return kRoundoff * std::sqrt(simplex_.maxNorm2() * s.w.squaredNorm()) / vn;
    }

    void finish(GjkStatus status) {
        out_.status = status;
        out_.v = v_;
        simplex_.witnesses(out_.pa, out_.pb);
        out_.distance = v_.norm();
        out_.lowerBound = std::min(lowerBound_, out_.distance);
        if (status == GjkStatus::Overlapping) {
            out_.lowerBound = 0.0;
        }
        simplex_.exportTo(out_.simplex);
    }

    S& support_;
    const GjkSettings& settings_;
    JohnsonSimplex simplex_;
    GjkMomentum momentum_;
    Vec3 v_ = Vec3::Zero();
    double lowerBound_ = 0.0;
    double maxSupport2_ = 0.0; ///< R^2, the largest ||s||^2 seen (scale of D)
    GjkOutput& out_;
};

} // namespace detail

/// Runs the GJK variant of `settings` on the convex set D behind `support` and returns the point
/// of D closest to the origin (or the early-exit / overlap verdict). Never allocates, never
/// throws, never returns NaN for finite supports.
template <class S>
[[nodiscard]] GjkOutput gjk(S& support, const GjkSettings& settings) {
    GjkOutput out;
    detail::GjkRun<S> run(support, settings, out);
    run.solve();
    return out;
}

} // namespace mk
