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
/// The accelerated variants follow GJK++ Alg. 6 (Alg. 7 for NesterovNormalized) with the
/// paper's indexing: iteration k = 0 supports along x_0 = the caller's guess (d_{-1} = s_{-1} =
/// x_0, so d_0 = x_0), W_1 = {s_0}, x_1 = s_0; from k = 1 on, d_k = delta_k d_{k-1} +
/// (1 - delta_k) grad f(y_k) with delta_k = (k+1)/(k+3) (GjkMomentumSchedule::Paper; ::Coal
/// gives the constants of the authors' code). The iterate in y_k is x_k, the projection.
/// `iterations` counts supports of the main loop, the first included: coal's counter (number
/// of projections) is iterations - 1 for a separated result, iterations for an overlap.
///
/// Departures from the papers, all documented where they happen:
/// - x_0 is not required to lie in D (GJK++ asks x_0 in D; the OBB-centre guess c_A - c_B of
///   its benchmarks usually is, (1, 0, 0) usually is not); it only sets d_0 and the momentum.
/// - The gradient is that of f(x) = ||x||^2 / 2, i.e. grad f(y) = y (GJK++ uses f = ||x||^2;
///   coal drops the factor 2 as we do: only the direction matters, and both terms scale alike).
/// - The stopping test (GjkConvergence) is by default van den Bergen's relative one for every
///   variant: ||x|| - mu <= eps ||x||, mu the best lower bound <d_j, s_j> / ||d_j|| over all
///   iterations (valid for any direction d_j, so it may also stop an accelerated iteration).
///   GJK++'s duality gap g_FW(x) = 2 <x, x - s> <= eps, eq. (17)/(18), is the same test with mu
///   from the current vanilla iteration only, and with an absolute eps (m^2): at eps = 1e-8 it
///   stops ellipsoids 1 mm to 0.1 m apart with distance errors three orders of magnitude
///   larger than the relative test's (docs/gjk-acceleration.md), which is why it is an option
///   (DualityGap), not the default.
/// - The fixed-point switch (31)/(32) compares g(x_k) / 2 with eps R^2, R the size of D (the
///   paper's absolute eps, made unit-free), or g with eps under DualityGap (the paper's).
/// - The acceleration also stops after a quarter of maxIterations (accelerationBudgetSpent), or
///   when its support cannot improve W (stall). Without the budget, Alg. 6 as printed hits the
///   iteration cap (128) on ellipsoids: NesterovNormalized at -0.1 m with x_0 = (1, 0, 0) in 10
///   of 20 pairs (docs/gjk-acceleration.md).
/// - An accelerated run that ends Degenerate is redone by vanilla GJK (gjk() below).
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
#include "minkowski/narrowphase/detail/MinkowskiDifference.h"
#include "minkowski/narrowphase/detail/BarycodeSimplex.h"
#include "minkowski/narrowphase/detail/GjkMomentum.h"
#include "minkowski/narrowphase/detail/JohnsonSimplex.h"
#include "minkowski/narrowphase/Query.h"
#include "minkowski/narrowphase/detail/SignedVolumeSimplex.h"
#include "minkowski/narrowphase/detail/Simplex.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <type_traits>


namespace mk {


struct GjkSettings {
    GjkVariant variant = GjkVariant::Vanilla;
    /// The sub-distance algorithm that finds the point of conv(W) closest to the origin.
    SubAlgorithm subAlgorithm = SubAlgorithm::Johnson;
    /// The stopping test and the meaning of `tolerance`.
    GjkConvergence convergence = GjkConvergence::VanDenBergen;
    /// delta_k of the accelerated variants.
    GjkMomentumSchedule momentumSchedule = GjkMomentumSchedule::Paper;
    /// eps: relative (VanDenBergen: ||x|| - mu <= eps ||x||) or absolute (DualityGap:
    /// g_FW <= eps, unit of D squared).
    double tolerance = defaults::kGjkTolerance;
    /// ||x|| <= absoluteTolerance counts as touching (van den Bergen's omega) (unit: metre).
    double absoluteTolerance = defaults::kGjkAbsoluteTolerance;
    /// Cap on iterations (support evaluations of the main loop, the initial one included).
    int maxIterations = defaults::kGjkMaxIterations;
    /// Boolean task: stop as soon as a plane separates D from the origin by more than the margin.
    bool booleanEarlyExit = false;
    /// Margin of the early exit: stop when the lower bound mu > earlyExitMargin (unit of D).
    double earlyExitMargin = 0.0;
    /// Copy the terminal simplex into GjkOutput::simplex (only EPA reads it; false leaves it
    /// empty).
    bool exportSimplex = true;
    /// Vanilla only (the accelerated variants ignore it): start from these points of D instead
    /// of the support along initialGuess (SimplexSeed.h). They are added to W one by one as if
    /// they were support points; a point that is not finite, repeats or cannot be projected
    /// drops the seed and the run starts from initialGuess. Null or empty: no seed.
    const Simplex* startSimplex = nullptr;
    /// Initial direction x_0 (any non-zero vector; zero or non-finite means (1, 0, 0)). It is
    /// also d_0 of the momentum, so its length matters to Polyak and Nesterov (GJK++ Sec. IV:
    /// c_A - c_B, the OBB centres).
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
    int iterations = 0;      ///< main-loop iterations, the initial support included (coal: -1)
    int supportCalls = 0;    ///< support evaluations (one more than iterations per switch to vanilla)
    bool accelerationStopped = false; ///< an accelerated variant fell back to vanilla (eq. 31)
    Simplex simplex;         ///< terminal simplex W (for EPA)
};

namespace detail {

/// One run of the GJK loop over the support S with the sub-distance algorithm Sub; gjk() below
/// is its only user. Sub is JohnsonSimplex, SignedVolumeSimplex or BarycodeSimplex, each with:
/// - `bool full()`: W is a tetrahedron holding the origin (the loop ends: Overlapping);
/// - `bool contains(w)`: w is a point of W or the point added last (degeneracy test);
/// - `bool addAndProject(p, v, slack)`: adds p, writes the point of conv(W + {p}) closest to the
///   origin into v and shrinks W to the smallest subset holding it; false (W, v unchanged) when
///   rounding leaves no answer; `slack` (unit of D) is the tolerance of enclosure tests;
/// - `State state()`, `restore(State)`: W and its barycentric coordinates, to undo an update;
/// - `bool reproject(before, v, slack)`: redo a rejected update more robustly from `before`;
/// - `double maxNorm2()`, `witnesses(pa, pb)`, `exportTo(Simplex&)`.
template <class S, class Sub>
class GjkRun {
public:
    /// Writes into `out`, which must be default-constructed.
    GjkRun(S& support, const GjkSettings& settings, GjkOutput& out)
        : support_(support), settings_(settings),
          momentum_(settings.variant, settings.momentumSchedule, Vec3::UnitX(), Vec3::Zero()),
          out_(out) {}

    void solve() {
        if (start()) {
            return finish(GjkStatus::SeparatedEarlyExit);
        }
        for (int k = 1;; ++k) { // GJK++ indexing: k = 0 was the support along x_0 (start())
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
            if (const std::optional<GjkStatus> st = stopAfterSupport(s, d == v_)) {
                return finish(*st);
            }
        }
    }

private:
    /// Iteration k = 0 of GJK++ Alg. 6: x_0 = the guess, W_0 = {}, d_0 = x_0, s_0 = S(x_0),
    /// W_1 = {s_0}, x_1 = s_0. True on an early exit.
    bool start() {
        if (startFromSeed()) {
            return false;
        }
        Vec3 guess = settings_.initialGuess;
        if (!guess.allFinite() || !(guess.squaredNorm() > 0.0)) {
            guess = Vec3::UnitX();
        }
        if (!std::isfinite(guess.squaredNorm())) { // |x_0| ~ 1e300: keep the direction only
            guess /= guess.cwiseAbs().maxCoeff();
        }
        SupportPoint s;
        supportAlong(guess, s);
        out_.iterations = 1;
        addAndProject(s, v_);
        momentum_ = GjkMomentum(settings_.variant, settings_.momentumSchedule, guess, s.w);
        return earlyExit(guess, s);
    }

    /// x_1 from the seed's points (GjkSettings::startSimplex) instead of a first support; no
    /// support is evaluated, so the first iteration of the loop is the first support call and
    /// the lower bound mu starts from it. A point that is not finite ends the seeding, one
    /// already in W is skipped, and an update the sub-algorithm cannot make or that does not
    /// shorten x is undone and ends it: W and x stay a valid GJK state (points of D and the
    /// point of their hull closest to the origin). False (W still empty) when no point was usable.
    bool startFromSeed() {
        const Simplex* seed = settings_.startSimplex;
        if (seed == nullptr || settings_.variant != GjkVariant::Vanilla || seed->size < 1 ||
            seed->size > 4) {
            return false;
        }
        int added = 0;
        for (int i = 0; i < seed->size; ++i) {
            const SupportPoint& p = seed->points[static_cast<size_t>(i)];
            if (!p.w.allFinite()) {
                break;
            }
            if (added > 0 && simplex_.contains(p.w)) {
                continue;
            }
            Vec3 next;
            if (added == 0) {
                if (!addAndProject(p, next)) {
                    return false; // W unchanged: empty
                }
            } else {
                const typename Sub::State before = simplex_.state();
                if (!addAndProject(p, next)) {
                    break; // W unchanged
                }
                if (!(next.squaredNorm() < v_.squaredNorm())) {
                    simplex_.restore(before);
                    break;
                }
            }
            maxSupport2_ = std::max(maxSupport2_, p.w.squaredNorm());
            v_ = next;
            ++added;
        }
        if (added == 0) {
            return false;
        }
        out_.iterations = 0;
        return true;
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
        dirNorm2_ = d.squaredNorm();
        dirNorm_ = std::sqrt(dirNorm2_); // = d.norm(), reused as ||x_k|| when d = x_k
        const double delta = d.dot(s.w) / dirNorm_;
        lowerBound_ = std::max(lowerBound_, delta);
        return settings_.booleanEarlyExit && lowerBound_ > settings_.earlyExitMargin;
    }

    /// Fixed-point test (31)/(32) on g(x_k) = 2 <x_k, x_k - s_k>, or s_k already in W (the
    /// exact case g = 0 of eq. 31). DualityGap: g <= eps (GJK++ Alg. 6 line 5, absolute).
    /// VanDenBergen: g / 2 <= eps R^2, R = the largest support point seen (the size of D): the
    /// paper's absolute eps made unit-free. Not eps ||x_k||^2 (the relative stopping test's
    /// scale): it never holds on overlapping shapes (x* = 0), so Polyak's momentum kept adding
    /// supports 5e-9 m apart until the sliver tetrahedra they form were declared to hold the
    /// origin, with witnesses up to 0.107 m apart (ellipsoids 1 cm deep, x_0 = (1, 0, 0)). It
    /// would save Nesterov 20% of its iterations at 1 mm - 0.1 m on ellipsoids (11.3 instead of
    /// 14.1, vanilla 28.8) and nothing on YCB hulls (docs/gjk-acceleration.md).
    [[nodiscard]] bool isFixedPoint(const SupportPoint& s) const {
        const double vv = v_.squaredNorm();
        const double g = 2.0 * (vv - v_.dot(s.w));
        const double bound = settings_.convergence == GjkConvergence::DualityGap
                                 ? settings_.tolerance
                                 : 2.0 * settings_.tolerance * maxSupport2_;
        return g <= bound || simplex_.contains(s.w);
    }

    /// Safeguard (not in GJK++): the acceleration stops once a quarter of the iteration budget
    /// is spent, so vanilla GJK always keeps three quarters. It fires where the momentum
    /// direction converges sublinearly and eq. (31) never holds: NesterovNormalized on strictly
    /// convex shapes (its unit direction turns by at most 1 - delta_k per step; ellipsoids
    /// overlapping by 0.1 m from x_0 = (1, 0, 0): 10 of 20 pairs hit the 128-iteration cap
    /// without it), and Polyak's delta_k = (k+1)/(k+3), whose d_k is dominated by the first,
    /// long iterates (weights (j+2) / ((k+2)(k+3)) on x_j): 19.5 instead of 15.9 iterations on
    /// overlapping ellipsoids (docs/gjk-acceleration.md).
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
        // max ||y_i||^2 over W <= R^2 (W holds support points): the loop over W only when the
        // test with R^2 could pass
        const double zero2 = kSimplexZero * kSimplexZero;
        if (vv <= abs2 || (vv <= zero2 * maxSupport2_ && vv <= zero2 * simplex_.maxNorm2())) {
            return GjkStatus::Touching;
        }
        if (out_.iterations >= settings_.maxIterations) {
            return GjkStatus::MaxIterations;
        }
        return std::nullopt;
    }

    /// Convergence, degeneracy and the simplex update with the new support s.
    std::optional<GjkStatus> stopAfterSupport(const SupportPoint& s, bool alongX) {
        // along x_k, earlyExit() has computed both already (same operations, same bits)
        const double vv = alongX ? dirNorm2_ : v_.squaredNorm();
        const double vn = alongX ? dirNorm_ : std::sqrt(vv);
        const double gap = vn - lowerBound_;
        if (converged(s, alongX, vv, vn, gap)) {
            return GjkStatus::Separated;
        }
        if (simplex_.contains(s.w)) {
            return stall(s, gap, vn); // same or alternating support points (Sec. 5, Fig. 3)
        }
        momentum_.remember(s.w);
        const typename Sub::State previous = simplex_.state();
        Vec3 next;
        if (!addAndProject(s, next)) {
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

    /// The stopping test of settings_.convergence on x_k and s_k.
    [[nodiscard]] bool converged(const SupportPoint& s, bool alongX, double vv, double vn,
                                 double gap) const {
        if (settings_.convergence == GjkConvergence::DualityGap) {
            // GJK++ eq. (17): g_FW(x_k) = 2 <x_k, x_k - s_k>, valid only for s_k = S(x_k)
            return alongX && 2.0 * (vv - v_.dot(s.w)) <= settings_.tolerance;
        }
        return gap <= settings_.tolerance * vn; // ||x|| - mu <= eps ||x|| (van den Bergen Sec. 5)
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
    /// The floor is roundoff(), that of mu = <x, s> / ||x|| for an x known to a few ulps of R
    /// absolutely (R the size of the simplex). Below ||x|| ~ 1e-5 R mu carries no information
    /// and may come out <= 0 on separated shapes (boxes stacked 1e-10 to 1e-9 m apart). Within
    /// the floor ||x|| is the answer: Separated when it exceeds the rounding of x itself,
    /// Touching otherwise. A larger floor, 2e-11 R |s| / ||x||, was measured when Johnson's x on
    /// a face was the barycentric combination (off the face normal by 8e-12 m on boxes 1.2 m
    /// across at poses 1e5-1e6 m); x is now the plane projection there (projectTriangle), and
    /// dropping that floor changed no answer of the test suites, the YCB problems or stacked
    /// boxes at 1e-10 - 1e-2 m (docs/gjk-acceleration.md, "Contact near a large shape").
    [[nodiscard]] GjkStatus stuck(const SupportPoint& s, double gap, double vn) const {
        const double allowed = settings_.convergence == GjkConvergence::DualityGap
                                   ? settings_.tolerance / (2.0 * vn) // 2 ||x|| gap <= eps
                                   : settings_.tolerance * vn;
        // Only vanilla GJK answers from an iterate whose mu is not positive: an accelerated run
        // stuck there may hold an iterate far from x* (the momentum mixes directions), and its
        // Degenerate makes gjk() redo the query with vanilla GJK, which then answers.
        if (settings_.variant != GjkVariant::Vanilla) {
            const bool converged = lowerBound_ > 0.0 && gap <= allowed + roundoff(s, vn);
            return converged ? GjkStatus::Separated : GjkStatus::Degenerate;
        }
        if (!(gap <= allowed + roundoff(s, vn))) {
            return GjkStatus::Degenerate;
        }
        const bool certain = lowerBound_ > 0.0 || vn > enclosureSlack();
        return certain ? GjkStatus::Separated : GjkStatus::Touching;
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
        if (!(nn < vv)) {
            return false;
        }
        // the slack (a square root) only when the bound without it could reject: mu <= relaxed
        const double relaxed = lowerBound_ * (1.0 - 1e-6);
        if (!(relaxed > 0.0 && nn < relaxed * relaxed) && settings_.absoluteTolerance >= 0.0) {
            return true;
        }
        const double mu = relaxed - enclosureSlack();
        return !(mu > 0.0 && nn < mu * mu);
    }

    /// The sub-algorithm's update; Johnson's computes the enclosure slack only if it needs it.
    bool addAndProject(const SupportPoint& s, Vec3& next) {
        if constexpr (std::is_same_v<Sub, JohnsonSimplex>) {
            return simplex_.addAndProjectLazy(s, next, settings_.absoluteTolerance);
        } else {
            return simplex_.addAndProject(s, next, enclosureSlack());
        }
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
        if (settings_.exportSimplex) {
            simplex_.exportTo(out_.simplex);
        }
    }

    S& support_;
    const GjkSettings& settings_;
    Sub simplex_;
    GjkMomentum momentum_;
    Vec3 v_ = Vec3::Zero();
    double lowerBound_ = 0.0;
    double maxSupport2_ = 0.0; ///< R^2, the largest ||s||^2 seen (the scale of D)
    double dirNorm2_ = 0.0;    ///< ||d||^2 of the last earlyExit() (unit of D squared)
    double dirNorm_ = 0.0;     ///< ||d|| of the last earlyExit() (unit of D)
    GjkOutput& out_;
};

} // namespace detail

namespace detail {

/// One GjkRun with the sub-algorithm of `settings`.
template <class S>
void runGjk(S& support, const GjkSettings& settings, GjkOutput& out) {
    switch (settings.subAlgorithm) {
    case SubAlgorithm::SignedVolume:
        GjkRun<S, SignedVolumeSimplex>(support, settings, out).solve();
        break;
    case SubAlgorithm::Barycode:
        GjkRun<S, BarycodeSimplex>(support, settings, out).solve();
        break;
    case SubAlgorithm::Johnson:
        GjkRun<S, JohnsonSimplex>(support, settings, out).solve();
        break;
    }
}

} // namespace detail

/// Runs the GJK variant of `settings` on the convex set D behind `support` and returns the point
/// of D closest to the origin (or the early-exit / overlap verdict). Never allocates, never
/// throws, never returns NaN for finite supports.
///
/// Fallback (not in GJK++): an accelerated run that ends Degenerate is redone by vanilla GJK
/// from the guess; iterations and support calls add up, accelerationStopped is set. The
/// momentum can lead the sub-algorithm onto simplices it cannot project within rounding: a
/// 2 mm box 1e-6 m from a 2000 m box (points 1e3 m from the origin) gave x with the wrong sign
/// of z, 3e-6 m long, where vanilla GJK finds 1e-6 m (HardCase.ScaleDisparity1e3). No
/// accelerated run of the generated benchmark sets ends Degenerate (docs/gjk-acceleration.md).
template <class S>
[[nodiscard]] GjkOutput gjk(S& support, const GjkSettings& settings) {
    GjkOutput out;
    detail::runGjk(support, settings, out);
    if (out.status != GjkStatus::Degenerate || settings.variant == GjkVariant::Vanilla) {
        return out;
    }
    GjkSettings vanilla = settings;
    vanilla.variant = GjkVariant::Vanilla;
    GjkOutput retry;
    detail::runGjk(support, vanilla, retry);
    retry.iterations += out.iterations;
    retry.supportCalls += out.supportCalls;
    retry.accelerationStopped = true;
    return retry;
}

} // namespace mk