/// \file Manifold.cpp
/// Bullet's persistent-manifold rules (btPersistentManifold.cpp), with A -> B normals.

#include "minkowski/engine/Manifold.h"

namespace mk {

int Manifold::nearest(const ContactPoint& point, double threshold) const {
    double best = threshold * threshold;
    int index = -1;
    for (int i = 0; i < size_; ++i) {
        const double d2 = (points_[i].localA - point.localA).squaredNorm();
        if (d2 < best) {
            best = d2;
            index = i;
        }
    }
    return index;
}

/// sortCachedPoints: keep the deepest of the five candidates, and among the four sets left by
/// dropping one other point, keep the one of largest area (|cross of the diagonals|^2).
int Manifold::slotToReplace(const ContactPoint& point) const {
    int deepest = -1;
    double depth = point.distance;
    for (int i = 0; i < kCapacity; ++i) {
        if (points_[i].distance < depth) {
            depth = points_[i].distance;
            deepest = i;
        }
    }
    const auto& p = points_;
    const Vec3& n = point.localA;
    const auto area = [](const Vec3& a, const Vec3& b) { return a.cross(b).squaredNorm(); };
    const double res[kCapacity] = {
        deepest == 0 ? 0.0 : area(n - p[1].localA, p[3].localA - p[2].localA),
        deepest == 1 ? 0.0 : area(n - p[0].localA, p[3].localA - p[2].localA),
        deepest == 2 ? 0.0 : area(n - p[0].localA, p[3].localA - p[1].localA),
        deepest == 3 ? 0.0 : area(n - p[0].localA, p[2].localA - p[1].localA),
    };
    int best = 0;
    for (int i = 1; i < kCapacity; ++i) {
        if (res[i] > res[best]) {
            best = i;
        }
    }
    return best;
}

int Manifold::add(const ContactPoint& point, double threshold) {
    int index = nearest(point, threshold);
    if (index >= 0) { // replaceContactPoint: new geometry, inherited impulses and lifetime
        ContactPoint& old = points_[index];
        const double normalImpulse = old.normalImpulse;
        const Vec3 tangentImpulse = old.tangentImpulse;
        const int lifetime = old.lifetime;
        old = point;
        old.normalImpulse = normalImpulse;
        old.tangentImpulse = tangentImpulse;
        old.lifetime = lifetime;
        return index;
    }
    index = size_ < kCapacity ? size_++ : slotToReplace(point);
    points_[index] = point;
    points_[index].normalImpulse = 0.0;
    points_[index].tangentImpulse = Vec3::Zero();
    points_[index].lifetime = 0;
    return index;
}

void Manifold::remove(int index) {
    points_[index] = points_[size_ - 1];
    --size_;
}

void Manifold::refresh(const Pose& poseA, const Pose& poseB, double threshold) {
    const double threshold2 = threshold * threshold;
    for (int i = size_ - 1; i >= 0; --i) {
        ContactPoint& c = points_[i];
        c.worldA = poseA.apply(c.localA);
        c.worldB = poseB.apply(c.localB);
        c.distance = (c.worldB - c.worldA).dot(c.normal);
        ++c.lifetime;
        // Tangential drift: B's point against A's point projected onto B's side of the plane.
        const Vec3 drift = c.worldB - (c.worldA + c.distance * c.normal);
        if (c.distance > threshold || drift.squaredNorm() > threshold2) {
            remove(i);
        }
    }
}

} // namespace mk
