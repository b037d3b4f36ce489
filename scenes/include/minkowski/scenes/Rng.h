#pragma once
/// \file Rng.h
/// The scenes' random numbers: a counter-based SplitMix64 stream (Steele, Lea & Flood, "Fast
/// splittable pseudorandom number generators", OOPSLA 2014) whose child streams are derived from
/// (parent seed, key) by hashing. Trajectory i of a scene uses Rng(seed).derive(i), so any
/// trajectory is regenerated alone, in any order and on any thread, with the same numbers.
/// Every distribution is written here (no std:: distribution, whose output the standard leaves to
/// the library), so scenes do not change with the C++ standard library.

#include "minkowski/narrowphase/Math.h"

#include <cstdint>

namespace mk::scenes {

class Rng {
public:
    explicit Rng(std::uint64_t seed) : seed_(mix(seed)) {}

    /// An independent stream for `key` (a trajectory, generator or body index). Does not advance
    /// this stream: derive(k) depends on the seed and k only.
    [[nodiscard]] Rng derive(std::uint64_t key) const {
        Rng child(0);
        child.seed_ = mix(seed_ ^ mix(key + kGolden));
        return child;
    }

    /// Next 64 random bits.
    std::uint64_t next() {
        counter_ += kGolden;
        return mix(seed_ + counter_);
    }
    /// Uniform in [0, 1), 53 random bits.
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    /// Uniform in [lo, hi).
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    /// Uniform index in [0, n) (n > 0; the bias of the modulo is below 2^-40 for n < 2^24).
    std::uint64_t index(std::uint64_t n) { return next() % n; }
    /// Each component uniform in [lo_i, hi_i).
    Vec3 uniform(const Vec3& lo, const Vec3& hi) {
        const double x = uniform(lo.x(), hi.x());
        const double y = uniform(lo.y(), hi.y());
        const double z = uniform(lo.z(), hi.z());
        return {x, y, z};
    }
    /// Uniformly distributed rotation (Shoemake, "Uniform random rotations", Graphics Gems III).
    Quat rotation();

private:
    static constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;
    /// SplitMix64's finaliser (Stafford's variant 13).
    static constexpr std::uint64_t mix(std::uint64_t z) {
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    std::uint64_t seed_;
    std::uint64_t counter_ = 0;
};

} // namespace mk::scenes
