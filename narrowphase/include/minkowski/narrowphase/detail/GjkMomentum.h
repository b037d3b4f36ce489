#pragma once
/// \file GjkMomentum.h
/// The support direction of the accelerated GJK variants (GJK++, Montaut et al. 2024, Alg. 6/7).

#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/Query.h"

#include <cmath>

namespace mk {

/// Which support direction d_k the GJK iteration uses (GJK++ Alg. 6 line 3).
enum class GjkVariant : unsigned char {
    Vanilla, ///< d_k = x_k (van den Bergen 1999, Alg. 1)
    Polyak,  ///< d_k = delta_k d_{k-1} + (1 - delta_k) x_k (eq. 28a/b, y_k = x_k)
    /// y_k = delta_k x_k + (1 - delta_k) s_{k-1}, d_k = delta_k d_{k-1} + (1 - delta_k) y_k
    Nesterov,
    /// Nesterov with both terms normalised, eq. (33) / Alg. 7. Meant for non-strictly convex sets
    /// (polytopes); on strictly convex ones the unit direction turns by at most 1 - delta_k per
    /// step, so it is slow when the shapes are far apart (GJK++ Sec. III; coal enables it for
    /// mesh pairs only).
    NesterovNormalized,
};

namespace detail {

/// The support direction d_k of GJK++ Alg. 6 (lines 1-3) and Alg. 7 / eq. (33), with the
/// paper's indexing: k = 0 is the first support, taken along x_0 = the caller's guess
/// (d_{-1} = s_{-1} = x_0 gives d_0 = x_0); x_1 = s_0 is the first point of W.
class GjkMomentum {
public:
    /// After iteration k = 0: d_0 = x_0 = `guess`, s_0 = `s0` (the first support point).
    GjkMomentum(GjkVariant variant, GjkMomentumSchedule schedule, const Vec3& guess, const Vec3& s0)
        : variant_(variant), schedule_(schedule), active_(variant != GjkVariant::Vanilla),
          d_(guess), sPrev_(s0) {}

    [[nodiscard]] bool active() const { return active_; }
    /// Switch back to vanilla GJK for good (eqs. (31)/(32)).
    void stop() { active_ = false; }
    /// Remembers s_k for Nesterov's y_{k+1}.
    void remember(const Vec3& s) { sPrev_ = s; }

    /// delta_k of the schedule (k >= 1).
    [[nodiscard]] double delta(int k) const {
        const double kk = k;
        if (schedule_ == GjkMomentumSchedule::Coal) {
            if (variant_ == GjkVariant::Polyak) {
                return 1.0 / (kk + 1.0);
            }
            if (variant_ == GjkVariant::NesterovNormalized) {
                return (kk + 2.0) / (kk + 3.0);
            }
        }
        return (kk + 1.0) / (kk + 3.0);
    }

    /// d_k for iteration k >= 1 and iterate x_k; x_k itself once stopped, or when the momentum
    /// direction is numerically zero (then the acceleration stops).
    [[nodiscard]] Vec3 direction(int k, const Vec3& x) {
        if (!active_) {
            return x;
        }
        const double delta = this->delta(k);
        const Vec3 y =
            variant_ == GjkVariant::Polyak ? x : Vec3(delta * x + (1.0 - delta) * sPrev_);
        const double scale2 = x.squaredNorm() + sPrev_.squaredNorm();
        if (variant_ == GjkVariant::NesterovNormalized) { // eq. (33)
            const double yn2 = y.squaredNorm();
            const double dn2 = d_.squaredNorm();
            if (!(yn2 > kTiny2 * scale2) || !(dn2 > 0.0) || !std::isfinite(dn2)) {
                active_ = false;
                return x;
            }
            d_ = (delta / std::sqrt(dn2)) * d_ + ((1.0 - delta) / std::sqrt(yn2)) * y;
        } else { // eq. (28b), grad f(y) = y
            d_ = delta * d_ + (1.0 - delta) * y;
        }
        if (!(d_.squaredNorm() > kTiny2 * scale2) || !d_.allFinite()) {
            active_ = false;
            return x;
        }
        return d_;
    }

private:
    /// A momentum direction shorter than 1e-12 times the scale of the points is meaningless.
    static constexpr double kTiny2 = 1e-24;
    GjkVariant variant_;
    GjkMomentumSchedule schedule_;
    bool active_;
    Vec3 d_;     ///< d_{k-1}
    Vec3 sPrev_; ///< s_{k-1}
};

} // namespace detail
} // namespace mk
