#pragma once
/// \file MinkowskiDifference.h
/// The support mapping of A - B that GJK, EPA and MPR consume. The algorithms are templates over
/// any type with the same `support(dir, out)` member (a "convex support", as in Jolt's
/// ConvexSupport.h), so tests can feed them raw point sets.
///
/// Computations happen in A's local frame: B's pose is expressed relative to A once per query,
/// which saves a rotation per support call.

#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/Shape.h"

#include <array>

namespace mk {

/// One support point of A - B with the points of A and B it comes from (all in A's frame).
struct SupportPoint {
    Vec3 w = Vec3::Zero(); ///< a - b
    Vec3 a = Vec3::Zero(); ///< support point of A along dir
    Vec3 b = Vec3::Zero(); ///< support point of B along -dir
};

/// Support mapping of the Minkowski difference A - B of two shapes, in A's frame.
///
/// With `useCores`, the shapes are replaced by their cores (Shape::supportCore) and
/// radiusSum() is what the caller must add back: d(A, B) = d(coreA, coreB) - radiusSum().
class MinkowskiDifference {
public:
    /// `bInA` maps B's local frame to A's local frame (poseA.inverse() * poseB).
    MinkowskiDifference(const Shape& a, const Shape& b, const Pose& bInA,
                        std::array<int, 2> hints, bool useCores)
        : MinkowskiDifference(a, b, bInA.rotation.toRotationMatrix(), bInA.translation, hints,
                              useCores) {}
    /// The same with B's pose in A's frame as a rotation matrix and a translation (unit: metre).
    MinkowskiDifference(const Shape& a, const Shape& b, const Mat3& rotationBInA,
                        const Vec3& translationBInA, std::array<int, 2> hints, bool useCores)
        : a_(a), b_(b), meshA_(a.convexMesh()), meshB_(b.convexMesh()), rotB_(rotationBInA),
          transB_(translationBInA), hints_(hints), useCores_(useCores),
          radiusSum_(useCores ? a.coreRadius() + b.coreRadius() : 0.0) {}

    /// Farthest point of A - B along `dir` (maximises dot(w, dir)); `dir` must be non-zero.
    void support(const Vec3& dir, SupportPoint& out) {
        ++supportCalls_;
        const Vec3 dirB = rotB_.transpose() * (-dir);
        out.a = supportOf(a_, meshA_, dir, hints_[0]);
        out.b = rotB_ * supportOf(b_, meshB_, dirB, hints_[1]) + transB_;
        out.w = out.a - out.b;
    }

    /// Sum of the core radii removed from both shapes (0 without cores) (unit: metre).
    [[nodiscard]] double radiusSum() const { return radiusSum_; }
    [[nodiscard]] bool usesCores() const { return useCores_; }
    [[nodiscard]] int supportCalls() const { return supportCalls_; }
    [[nodiscard]] const std::array<int, 2>& hints() const { return hints_; }
    /// The same difference on the full shapes (for EPA after GJK on cores), sharing the hints.
    [[nodiscard]] MinkowskiDifference withoutCores() const {
        MinkowskiDifference full(*this);
        full.useCores_ = false;
        full.radiusSum_ = 0.0;
        return full;
    }
    /// Take over the counters and hints of a copy made by withoutCores() after it was used.
    void absorb(const MinkowskiDifference& other) {
        supportCalls_ = other.supportCalls_;
        hints_ = other.hints_;
    }

private:
    /// A mesh is its own core (radius 0): its support is called directly, without the two
    /// type dispatches of Shape::supportCore and Shape::support (hot in GJK on hulls).
    [[nodiscard]] Vec3 supportOf(const Shape& s, const ConvexMesh* mesh, const Vec3& dir,
                                 int& hint) const {
        if (mesh != nullptr) {
            return mesh->support(dir, hint);
        }
        return useCores_ ? s.supportCore(dir, hint) : s.support(dir, hint);
    }

    const Shape& a_;
    const Shape& b_;
    const ConvexMesh* meshA_; ///< a_.convexMesh(): null unless A is a ConvexMesh shape
    const ConvexMesh* meshB_;
    Mat3 rotB_;
    Vec3 transB_;
    std::array<int, 2> hints_;
    bool useCores_;
    double radiusSum_;
    int supportCalls_ = 0;
};

} // namespace mk
