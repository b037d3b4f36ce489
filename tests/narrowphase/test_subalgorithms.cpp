/// \file test_subalgorithms.cpp
/// The three sub-distance algorithms of GJK (JohnsonSimplex, SignedVolumeSimplex,
/// BarycodeSimplex; Gjk.h) against brute force and against each other.
///
/// (a) Each sub-algorithm alone on seeded random GJK states: W of 0-3 points whose closest
///     point to the origin lies in W's relative interior, plus a new point p with
///     <p, x_W> < ||x_W||^2 (GJK's precondition), at sizes s and distances d from 1e-12 m to
///     1e3 m, and near-degenerate new points (1e-12 s to 1e-6 s from W's line or plane: nearly
///     collinear triangles, nearly flat tetrahedra, tiny segments). Reference: the closest point
///     of conv(W + p) by enumeration of all sub-simplices in long double (project the origin on
///     the affine hull, keep the feasible minimum). R = max ||y_i||; checks:
///     - addAndProject succeeds, x finite, ||x|| within tol R of the reference distance d*
///       (0 allowed when the sub-algorithm reports an enclosing tetrahedron and d* <= slack,
///       GjkRun's enclosure slack 1e-10 m + 16 ulps of R). tol = kDistTol = 1e-9 for
///       signed-volume and barycode (measured max over 5 x 16800 states: 2.7e-12);
///       kJohnsonDistTol = 1e-8 for JohnsonSimplex, whose nearly flat tetrahedra 1e-12 m from
///       the origin give ||x|| up to 3.7e-9 R (measured, same states; a finding, not asserted
///       tighter here);
///     - x is near the unique closest point x*: ||x - x*||^2 <= (||x|| - d* + tol R)(||x|| + d*)
///       + (tol R)^2 (any point of the hull satisfies ||x||^2 >= d*^2 + ||x - x*||^2);
///     - witnesses consistent with barycentric coordinates: with a_i = M y_i + c (random affine
///       map) and b_i = a_i - y_i, pa = M x + c and pa - pb = x within tol R (1 + ||M||).
///       JohnsonSimplex's enclosing, nearly flat tetrahedra give witnesses up to 1e-7 m apart
///       (x = 0 claims a common point): counted and printed, not asserted;
///     - the support set equals the reference's when the case is clear: every reference
///       coordinate >= 1e-6, every dropped point at least 1e-6 R^2 above x*'s plane and, for an
///       enclosing tetrahedron, the origin farther than the slack from each face plane.
/// (b) gjk() with each sub-algorithm and each GjkVariant on random boxes, spheres, capsules and
///     hulls of 8-16 points at reference signed distances in [-0.1, 1] m (Reference.h placeAt):
///     separated cores within 1e-6 scale of the reference, overlapping cores reported as such,
///     lower bound <= distance, boolean verdicts (early exit) equal to the sign of the reference
///     outside a 1e-9 m band, never MaxIterations.
/// (c) The three sub-algorithms agree with each other: in (a) on ||x|| within the sum of their
///     tolerances, in (b) on
///     the distance within 1e-6 scale and on the boolean verdict.

#include "Reference.h"
#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/detail/Gjk.h"
#include "minkowski/narrowphase/detail/MinkowskiDifference.h"
#include "minkowski/narrowphase/Shape.h"

#include <Eigen/Dense>
#include <array>
#include <cmath>
#include <gtest/gtest.h>
#include <iostream>
#include <limits>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace mk;

namespace {

constexpr double kDistTol = 1e-9;        ///< relative to R = max ||y_i||, sub-algorithms alone
constexpr double kJohnsonDistTol = 1e-8; ///< the same for JohnsonSimplex (see the file comment)
constexpr double kGjkTol = 1e-6;         ///< relative to the scale, gjk() distances
constexpr double kBooleanBand = 1e-9;    ///< metre, boolean undecided within this of contact

constexpr std::array kSubs{SubAlgorithm::Johnson, SubAlgorithm::SignedVolume,
                           SubAlgorithm::Barycode};
constexpr std::array kVariants{GjkVariant::Vanilla, GjkVariant::Polyak, GjkVariant::Nesterov,
                               GjkVariant::NesterovNormalized};

// ---------------------------------------------------------------------------------------------
// (a) the sub-algorithms alone
// ---------------------------------------------------------------------------------------------

/// The closest point of conv(y) to the origin by enumeration of the sub-simplices.
struct HullPoint {
    Vec3 x = Vec3::Zero();
    double distance = std::numeric_limits<double>::infinity();
    unsigned support = 0;   ///< bits of the points of the minimal feasible sub-simplex
    double minLambda = 0.0; ///< its smallest barycentric coordinate
};

HullPoint bruteForce(const std::vector<Vec3>& y) {
    using LD = long double;
    using VecL = Eigen::Matrix<LD, 3, 1>;
    using MatL = Eigen::Matrix<LD, Eigen::Dynamic, Eigen::Dynamic>;
    const int n = static_cast<int>(y.size());
    double scale = 0.0;
    for (const Vec3& p : y) {
        scale = std::max(scale, p.norm());
    }
    HullPoint best;
    int bestCount = 5;
    for (unsigned mask = 1; mask < (1u << n); ++mask) {
        std::array<int, 4> idx{};
        int m = 0;
        for (int i = 0; i < n; ++i) {
            if ((mask & (1u << i)) != 0u) {
                idx[static_cast<size_t>(m++)] = i;
            }
        }
        const VecL base = y[static_cast<size_t>(idx[0])].cast<LD>();
        std::vector<LD> lambda(static_cast<size_t>(m), 1.0L);
        if (m > 1) {
            MatL e(3, m - 1);
            for (int k = 1; k < m; ++k) {
                e.col(k - 1) =
                    y[static_cast<size_t>(idx[static_cast<size_t>(k)])].cast<LD>() - base;
            }
            const MatL g = e.transpose() * e;
            const Eigen::FullPivLU<MatL> lu(g);
            if (!lu.isInvertible()) {
                continue;
            }
            const MatL mu = lu.solve(-(e.transpose() * base));
            LD sum = 0.0L;
            for (int k = 1; k < m; ++k) {
                lambda[static_cast<size_t>(k)] = mu(k - 1, 0);
                sum += mu(k - 1, 0);
            }
            lambda[0] = 1.0L - sum;
        }
        LD minL = 1.0L;
        for (LD l : lambda) {
            minL = std::min(minL, l);
        }
        if (minL < -1e-12L) {
            continue;
        }
        VecL x = VecL::Zero();
        LD sum = 0.0L;
        for (int k = 0; k < m; ++k) {
            sum += std::max(lambda[static_cast<size_t>(k)], 0.0L);
        }
        for (int k = 0; k < m; ++k) {
            x += (std::max(lambda[static_cast<size_t>(k)], 0.0L) / sum) *
                 y[static_cast<size_t>(idx[static_cast<size_t>(k)])].cast<LD>();
        }
        const double d = static_cast<double>(x.norm());
        const double tie = 1e-14 * scale;
        if (d < best.distance - tie || (d <= best.distance + tie && m < bestCount)) {
            best.x = x.cast<double>();
            best.distance = d;
            best.support = mask;
            best.minLambda = static_cast<double>(minL);
            bestCount = m;
        }
    }
    return best;
}

/// One random GJK state: W (the first points) and the new point (the last one).
struct SimplexCase {
    std::vector<Vec3> points;
    std::string kind;
    [[nodiscard]] std::string describe() const {
        std::ostringstream os;
        os << kind << ":";
        for (const Vec3& p : points) {
            os << " " << ref::str(p);
        }
        return os.str();
    }
};

/// Three points of the unit disc whose triangle holds 0, ordered so that 0's foot on the line
/// of the first two lies on that edge (the edge nearest to 0).
std::array<Eigen::Vector2d, 3> triangleAroundZero(std::mt19937_64& rng) {
    for (;;) {
        std::array<Eigen::Vector2d, 3> t;
        for (auto& p : t) {
            p = Eigen::Vector2d(ref::uniform(rng, -1.0, 1.0), ref::uniform(rng, -1.0, 1.0));
        }
        auto cross = [](const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
            return a.x() * b.y() - a.y() * b.x();
        };
        const double c0 = cross(t[1], t[2]), c1 = cross(t[2], t[0]), c2 = cross(t[0], t[1]);
        if (!((c0 > 0 && c1 > 0 && c2 > 0) || (c0 < 0 && c1 < 0 && c2 < 0))) {
            continue;
        }
        // distance of 0 to the line of edge (i, j): |cross(p_i, p_j)| / |p_j - p_i|
        auto dist = [&](int i, int j) {
            return std::abs(cross(t[static_cast<size_t>(i)], t[static_cast<size_t>(j)])) /
                   (t[static_cast<size_t>(j)] - t[static_cast<size_t>(i)]).norm();
        };
        const double d01 = dist(0, 1), d12 = dist(1, 2), d20 = dist(2, 0);
        if (d12 <= d01 && d12 <= d20) {
            std::swap(t[0], t[2]); // edge 12 -> 10
        } else if (d20 <= d01) {
            std::swap(t[1], t[2]); // edge 20 -> 01
        }
        return t;
    }
}

/// A GJK state with n points: W = the first n - 1 (x_W in its relative interior), the new point
/// p last with <p, x_W> < ||x_W||^2. Size s, distance d of W's closest point, near-degenerate p.
SimplexCase makeSimplex(std::mt19937_64& rng, int n, double s, double d, bool degenerate) {
    const Vec3 u = ref::randomUnit(rng);
    const Vec3 x = d * u;
    const Vec3 e1 = u.unitOrthogonal(), e2 = u.cross(e1);
    const auto t = triangleAroundZero(rng);
    auto inPlane = [&](const Eigen::Vector2d& q) {
        return Vec3(x + s * (q.x() * e1 + q.y() * e2));
    };
    const double delta = s * std::pow(10.0, ref::uniform(rng, -12.0, -6.0));
    SimplexCase c;
    std::ostringstream kind;
    kind << "n=" << n << " s=" << s << " d=" << d << (degenerate ? " near-degenerate" : "");
    c.kind = kind.str();
    auto beyond = [&](const Vec3& xw, double len) { // a point p with <p, x_W> < ||x_W||^2
        Vec3 r = ref::randomUnit(rng);
        if (xw.squaredNorm() > 0.0 && r.dot(xw) > 0.0) {
            r = -r;
        }
        return Vec3(xw + len * r);
    };
    switch (n) {
    case 1:
        c.points = {inPlane(t[0])};
        break;
    case 2: {
        const Vec3 p0 = inPlane(t[0]);
        c.points = {p0, beyond(p0, degenerate ? delta : s * ref::uniform(rng, 0.1, 2.0))};
        break;
    }
    case 3: {
        const Vec3 p0 = inPlane(t[0]), p1 = inPlane(t[1]);
        const Vec3 e = p1 - p0;
        const Vec3 v1 = p0 + (-p0.dot(e) / e.squaredNorm()) * e; // on the segment by construction
        Vec3 p2;
        if (degenerate) {
            const double toward = v1.norm() > 0.0 ? 1.0 / v1.norm() : 0.0;
            p2 = p0 + ref::uniform(rng, -1.0, 2.0) * e - (delta * toward) * v1;
        } else {
            p2 = beyond(v1, s * ref::uniform(rng, 0.1, 2.0));
        }
        c.points = {p0, p1, p2};
        break;
    }
    default: {
        const Vec3 lateral = s * ref::uniform(rng, 0.0, 1.0) *
                             (ref::uniform(rng, -1, 1) * e1 + ref::uniform(rng, -1, 1) * e2);
        double h = 0.0; // how far below W's plane (towards and past the origin)
        if (degenerate) {
            h = delta;
        } else if (ref::uniform(rng, 0.0, 1.0) < 0.5) {
            h = s * ref::uniform(rng, 0.01, 1.0);
        } else {
            h = d * ref::uniform(rng, 0.5, 3.0) + s * ref::uniform(rng, 0.0, 1.0);
        }
        c.points = {inPlane(t[0]), inPlane(t[1]), inPlane(t[2]), Vec3(x + lateral - h * u)};
        break;
    }
    }
    return c;
}

/// What one sub-algorithm made of a case.
struct SubAnswer {
    bool ok = true;
    Vec3 v = Vec3::Zero();
    Vec3 pa = Vec3::Zero();
    Vec3 pb = Vec3::Zero();
    bool full = false;
    unsigned support = 0; ///< bits of the case's points in the terminal simplex
    unsigned entry = 0;   ///< bits of W before the last point (all of them unless rounding)
};

template <class Sub> SubAnswer runSub(const std::vector<SupportPoint>& pts, double slack) {
    Sub sub;
    SubAnswer out;
    Vec3 v = Vec3::Zero();
    Simplex before;
    for (size_t i = 0; i < pts.size(); ++i) {
        if (i + 1 == pts.size()) {
            sub.exportTo(before);
        }
        out.ok = sub.addAndProject(pts[i], v, slack) && out.ok;
    }
    out.v = v;
    out.full = sub.full();
    sub.witnesses(out.pa, out.pb);
    Simplex s;
    sub.exportTo(s);
    auto bitsOf = [&](const Simplex& simplex) {
        unsigned bits = 0;
        for (int k = 0; k < simplex.size; ++k) {
            for (size_t i = 0; i < pts.size(); ++i) {
                if (simplex.points[static_cast<size_t>(k)].w == pts[i].w) {
                    bits |= 1u << i;
                }
            }
        }
        return bits;
    };
    out.support = bitsOf(s);
    out.entry = bitsOf(before);
    return out;
}

SubAnswer runSub(SubAlgorithm sub, const std::vector<SupportPoint>& pts, double slack) {
    switch (sub) {
    case SubAlgorithm::SignedVolume:
        return runSub<detail::SignedVolumeSimplex>(pts, slack);
    case SubAlgorithm::Barycode:
        return runSub<detail::BarycodeSimplex>(pts, slack);
    case SubAlgorithm::Johnson:
        break;
    }
    return runSub<detail::JohnsonSimplex>(pts, slack);
}

/// Failures grouped by key with a count and the first message.
class Failures {
public:
    void add(const std::string& key, const std::string& message) {
        auto& [count, first] = entries_[key];
        if (count++ == 0) {
            first = message;
        }
    }
    void report() const {
        for (const auto& [key, e] : entries_) {
            ADD_FAILURE() << key << ": " << e.first << " failing; first: " << e.second;
        }
    }

private:
    std::map<std::string, std::pair<int, std::string>> entries_;
};

std::string fmt(double x) {
    std::ostringstream os;
    os.precision(17);
    os << x;
    return os.str();
}

double distTol(SubAlgorithm sub) {
    return sub == SubAlgorithm::Johnson ? kJohnsonDistTol : kDistTol;
}

struct SubStats {
    double maxDistanceError = 0.0; ///< max | ||x|| - d* | / R
    int johnsonFlatWitnesses = 0;
};

/// Checks one sub-algorithm's answer on a case against the brute force over conv(W + p).
void checkSub(SubAlgorithm sub, const SimplexCase& c, const SubAnswer& a,
              const std::vector<SupportPoint>& pts, const Mat3& m, const Vec3& shift, double slack,
              Failures& failures, SubStats& stats) {
    const std::string key = std::string(name(sub)) + " " + c.kind.substr(0, 3);
    auto fail = [&](const std::string& what, const std::string& detail) {
        failures.add(key + ": " + what, detail + " | " + c.describe());
    };
    std::vector<Vec3> hull;
    double r = 0.0;
    for (size_t i = 0; i < pts.size(); ++i) {
        if ((a.entry & (1u << i)) != 0u || i + 1 == pts.size()) {
            hull.push_back(pts[i].w);
        }
        r = std::max(r, pts[i].w.norm());
    }
    if (!a.ok || !a.v.allFinite() || !a.pa.allFinite() || !a.pb.allFinite()) {
        return fail("no finite answer", "");
    }
    const HullPoint ref = bruteForce(hull);
    const double tol = distTol(sub) * r;
    const double vn = a.v.norm();
    stats.maxDistanceError = std::max(stats.maxDistanceError, std::abs(vn - ref.distance) / r);
    if (a.full) {
        if (!(ref.distance <= slack + tol) || vn != 0.0) {
            fail("enclosure", "reference distance " + fmt(ref.distance));
        }
    } else if (std::abs(vn - ref.distance) > tol) {
        fail("distance", "|x| " + fmt(vn) + " reference " + fmt(ref.distance));
    }
    if (!a.full && (a.v - ref.x).squaredNorm() >
                       std::max(vn - ref.distance + tol, 0.0) * (vn + ref.distance) + tol * tol) {
        fail("closest point", "x " + ref::str(a.v) + " reference " + ref::str(ref.x));
    }
    const double wtol = tol * (1.0 + m.norm());
    if ((a.pa - (m * a.v + shift)).norm() > wtol || (a.pa - a.pb - a.v).norm() > wtol) {
        // JohnsonSimplex's enclosing, nearly flat tetrahedra: reported, not asserted (see top)
        if (sub == SubAlgorithm::Johnson && a.full) {
            ++stats.johnsonFlatWitnesses;
        } else {
            fail("witnesses", "pa " + ref::str(a.pa) + " pb " + ref::str(a.pb));
        }
    }
    // the reference support set, in the bits of the case's points, when the case is clear
    unsigned refBits = 0;
    bool clear = ref.minLambda >= 1e-6;
    int k = 0;
    for (size_t i = 0; i < pts.size(); ++i) {
        if ((a.entry & (1u << i)) == 0u && i + 1 != pts.size()) {
            continue;
        }
        if ((ref.support & (1u << k)) != 0u) {
            refBits |= 1u << i;
        } else {
            clear = clear && pts[i].w.dot(ref.x) - ref.x.squaredNorm() >= 1e-6 * r * r;
        }
        ++k;
    }
    if (clear && refBits == 15u) { // the origin farther than the slack from every face plane
        for (int j = 0; j < 4; ++j) {
            const Vec3& p0 = pts[static_cast<size_t>((j + 1) & 3)].w;
            const Vec3 n = (pts[static_cast<size_t>((j + 2) & 3)].w - p0)
                               .cross(pts[static_cast<size_t>((j + 3) & 3)].w - p0);
            clear = clear && std::abs(n.dot(p0)) > (slack + tol) * n.norm();
        }
    }
    if (clear && a.support != refBits) {
        fail("support set",
             "got bits " + std::to_string(a.support) + " reference " + std::to_string(refBits));
    }
}

TEST(SubAlgorithms, AloneMatchBruteForceOnRandomSimplices) {
    std::mt19937_64 rng(20240511);
    // (size s, distance d of W's closest point): generic, tiny, touching, far, far and tiny
    const std::array<std::pair<double, double>, 7> scales{
        {{1.0, 0.5}, {1.0, 5.0}, {1e-3, 1e-3}, {1.0, 1e-12}, {1.0, 1e3}, {1e-3, 1e3}, {1e-3, 1.0}}};
    Failures failures;
    std::array<SubStats, kSubs.size()> stats;
    int cases = 0, enclosed = 0;
    for (int rep = 0; rep < 60; ++rep) {
        for (const auto& [s, d] : scales) {
            for (int n = 1; n <= 4; ++n) {
                for (const bool degenerate : {false, true}) {
                    const SimplexCase c = makeSimplex(rng, n, s, d, degenerate && n > 1);
                    Mat3 m;
                    for (int i = 0; i < 9; ++i) {
                        m(i / 3, i % 3) = ref::uniform(rng, -1.0, 1.0);
                    }
                    const Vec3 shift = ref::randomVec(rng, -1.0, 1.0);
                    std::vector<SupportPoint> pts;
                    double r = 0.0;
                    for (const Vec3& p : c.points) {
                        SupportPoint sp;
                        sp.w = p;
                        sp.a = m * p + shift;
                        sp.b = sp.a - p;
                        pts.push_back(sp);
                        r = std::max(r, p.norm());
                    }
                    // GjkRun's enclosure slack: absolute tolerance + 16 ulps of R
                    const double slack = defaults::kGjkAbsoluteTolerance + detail::kRoundoff * r;
                    std::array<Vec3, kSubs.size()> xs;
                    for (size_t i = 0; i < kSubs.size(); ++i) {
                        const SubAnswer a = runSub(kSubs[i], pts, slack);
                        checkSub(kSubs[i], c, a, pts, m, shift, slack, failures, stats[i]);
                        xs[i] = a.v;
                        enclosed += a.full && i == 0;
                    }
                    for (size_t i = 1; i < kSubs.size(); ++i) {
                        if (std::abs(xs[i].norm() - xs[0].norm()) >
                            (distTol(kSubs[i]) + distTol(kSubs[0])) * r) {
                            failures.add(std::string("agreement ") + std::string(name(kSubs[i])),
                                         ref::str(xs[i]) + " johnson " + ref::str(xs[0]) + " | " +
                                             c.describe());
                        }
                    }
                    ++cases;
                }
            }
        }
    }
    failures.report();
    EXPECT_GE(enclosed, cases / 20) << "tetrahedra holding the origin";
    std::cout << "[ sub-algorithms ] " << cases << " simplices, " << enclosed
              << " enclosing the origin; max | |x| - d* | / R:";
    for (size_t i = 0; i < kSubs.size(); ++i) {
        std::cout << " " << name(kSubs[i]) << " " << stats[i].maxDistanceError;
    }
    std::cout << "; johnson flat-tetrahedron witnesses off: " << stats[0].johnsonFlatWitnesses
              << "\n";
}

// ---------------------------------------------------------------------------------------------
// (b), (c) gjk() with each sub-algorithm on shapes
// ---------------------------------------------------------------------------------------------

struct RefShape {
    Shape shape;
    ref::Polytope localCore;
    double radius = 0.0;
};

RefShape randomShape(std::mt19937_64& rng, int kind) {
    switch (kind) {
    case 0: {
        const double r = ref::uniform(rng, 0.05, 0.5);
        return {Shape::sphere(r), ref::pointPolytope(Vec3::Zero()), r};
    }
    case 1: {
        const Vec3 he = ref::randomVec(rng, 0.05, 0.5);
        return {Shape::box(he), ref::boxPolytope(he), 0.0};
    }
    case 2: {
        const double r = ref::uniform(rng, 0.05, 0.3), hh = ref::uniform(rng, 0.05, 0.5);
        return {Shape::capsule(r, hh), ref::segmentPolytope(Vec3(0, 0, -hh), Vec3(0, 0, hh)), r};
    }
    default: {
        const int n = std::uniform_int_distribution<int>(8, 16)(rng);
        const Vec3 he = ref::randomVec(rng, 0.1, 0.5);
        std::vector<Vec3> pts;
        for (int i = 0; i < n; ++i) {
            pts.push_back(he.cwiseProduct(ref::randomVec(rng, -1.0, 1.0)));
        }
        const Shape s = Shape::mesh(ConvexMesh::fromPoints(pts));
        return {s, ref::hull(s.convexMesh()->vertices()), 0.0};
    }
    }
}

/// Target signed distance: 40% in [-0.1, 0), 10% log-uniform in [1e-5, 1e-2), 50% in [0.01, 1).
double sampleTarget(std::mt19937_64& rng) {
    const double bucket = ref::uniform(rng, 0.0, 1.0);
    if (bucket < 0.4) {
        return ref::uniform(rng, -0.1, 0.0);
    }
    if (bucket < 0.5) {
        return std::pow(10.0, ref::uniform(rng, -5.0, -2.0));
    }
    return ref::uniform(rng, 0.01, 1.0);
}

struct GjkAnswer {
    GjkOutput out;
    bool collide = false; ///< boolean task's verdict
};

TEST(SubAlgorithms, GjkMatchesReferencesWithEverySubAlgorithmAndVariant) {
    std::mt19937_64 rng(77031);
    Failures failures;
    int total = 0, overlapping = 0;
    std::array<long, kSubs.size()> iterations{};
    for (int kindA = 0; kindA < 4; ++kindA) {
        for (int kindB = 0; kindB < 4; ++kindB) {
            for (int rep = 0; rep < 12; ++rep) {
                const RefShape a = randomShape(rng, kindA), b = randomShape(rng, kindB);
                const Pose poseA(ref::randomRotation(rng), ref::randomVec(rng, -0.5, 0.5));
                const ref::Body bodyA{ref::transformed(a.localCore, poseA), a.radius};
                const Quat rotB = ref::randomRotation(rng);
                const ref::Placement placed =
                    ref::placeAt(bodyA, b.localCore, b.radius, rotB, ref::randomUnit(rng),
                                 ref::randomVec(rng, -0.05, 0.05), sampleTarget(rng));
                const Pose poseB(rotB, placed.translation);
                const double sd = placed.expected.value;
                const double scale = std::max(
                    {1.0, a.localCore.scale() + 2 * a.radius, b.localCore.scale() + 2 * b.radius});
                ++total;
                overlapping += sd <= 0.0;
                const std::string where = "A at " + ref::str(poseA) + ", B at " + ref::str(poseB) +
                                          ", reference sd " + fmt(sd);
                for (const GjkVariant variant : kVariants) {
                    std::array<GjkAnswer, kSubs.size()> answers;
                    for (size_t i = 0; i < kSubs.size(); ++i) {
                        MinkowskiDifference diff(a.shape, b.shape, poseA.inverse() * poseB, {0, 0},
                                                 true);
                        GjkSettings settings;
                        settings.variant = variant;
                        settings.subAlgorithm = kSubs[i];
                        const double rsum = diff.radiusSum();
                        const GjkOutput g = gjk(diff, settings);
                        settings.booleanEarlyExit = true;
                        settings.earlyExitMargin = rsum + settings.absoluteTolerance;
                        MinkowskiDifference diff2(a.shape, b.shape, poseA.inverse() * poseB, {0, 0},
                                                  true);
                        const GjkOutput gb = gjk(diff2, settings);
                        const bool coresTouch =
                            gb.status == GjkStatus::Overlapping || gb.status == GjkStatus::Touching;
                        answers[i].out = g;
                        answers[i].collide =
                            coresTouch || (gb.status != GjkStatus::SeparatedEarlyExit &&
                                           gb.distance <= settings.earlyExitMargin);
                        iterations[i] += g.iterations;
                        const std::string key = std::string(name(kSubs[i])) + "/" +
                                                std::to_string(static_cast<int>(variant));
                        auto fail = [&](const std::string& what, const GjkOutput& o) {
                            failures.add(key + ": " + what,
                                         "status " + std::to_string(static_cast<int>(o.status)) +
                                             " distance " + fmt(o.distance) + " | " + where);
                        };
                        if (g.status == GjkStatus::MaxIterations ||
                            gb.status == GjkStatus::MaxIterations) {
                            fail("MaxIterations", g);
                        }
                        const double core = sd + rsum; // signed distance of the cores
                        const double tol = kGjkTol * scale;
                        const bool gTouch =
                            g.status == GjkStatus::Overlapping || g.status == GjkStatus::Touching;
                        if (core > tol) {
                            if (gTouch || std::abs(g.distance - core) > tol) {
                                fail("separated distance", g);
                            }
                            if (g.lowerBound > core + tol || (g.pa - g.pb - g.v).norm() > tol) {
                                fail("certificate or witnesses", g);
                            }
                        } else if (core < -tol && !(gTouch || g.distance <= tol)) {
                            fail("overlapping cores", g);
                        }
                        if (std::abs(sd) > kBooleanBand && answers[i].collide != (sd <= 0.0)) {
                            fail("boolean verdict", gb);
                        }
                    }
                    for (size_t i = 1; i < kSubs.size(); ++i) {
                        const double d0 = answers[0].out.distance, di = answers[i].out.distance;
                        if (std::abs(d0 - di) > kGjkTol * scale ||
                            (std::abs(sd) > kBooleanBand &&
                             answers[0].collide != answers[i].collide)) {
                            failures.add(std::string("agreement ") + std::string(name(kSubs[i])),
                                         fmt(di) + " johnson " + fmt(d0) + " | " + where);
                        }
                    }
                }
            }
        }
    }
    failures.report();
    EXPECT_GE(overlapping, total / 5);
    EXPECT_GE(total - overlapping, total / 5);
    std::cout << "[ sub-algorithms ] " << total << " pairs x 4 variants; mean iterations:";
    for (size_t i = 0; i < kSubs.size(); ++i) {
        std::cout << " " << name(kSubs[i]) << " "
                  << static_cast<double>(iterations[i]) / (4.0 * total);
    }
    std::cout << "\n";
}

} // namespace
