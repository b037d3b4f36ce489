/// \file Manifold.cpp
/// Bullet's persistent-manifold rules (btPersistentManifold.cpp), with A -> B normals.

#include "minkowski/engine/Manifold.h"

#include <algorithm>
#include <cmath>

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

namespace {

/// Twice the area of the quadrilateral of four points, up to their order: the largest
/// |cross of two disjoint segments| over the three pairings (Bullet's |AC x BD| for the
/// right pairing).
double quadArea(const Vec3& p0, const Vec3& p1, const Vec3& p2, const Vec3& p3) {
    const double a = (p0 - p1).cross(p2 - p3).squaredNorm();
    const double b = (p0 - p2).cross(p1 - p3).squaredNorm();
    const double c = (p0 - p3).cross(p1 - p2).squaredNorm();
    return std::sqrt(std::max({a, b, c}));
}

} // namespace

/// Which of the five candidates (the four cached points, then `point` as index 4) to drop:
/// never the deepest, else the one whose removal leaves the largest area (Bullet's
/// sortCachedPoints). Departure from Bullet: the new point is a candidate for removal too, and a
/// point is "deepest" only when deeper than the others by more than kDepthTolerance, so the
/// corners of a face contact are not traded for the interior points of the face that the
/// narrow phase returns when every point of the face is equally deep.
int Manifold::slotToReplace(const ContactPoint& point) const {
    std::array<const ContactPoint*, kCapacity + 1> c{&points_[0], &points_[1], &points_[2],
                                                      &points_[3], &point};
    int deepest = 0;
    for (int i = 1; i < kCapacity; ++i) {
        if (points_[i].distance < points_[deepest].distance) {
            deepest = i;
        }
    }
    if (point.distance < points_[deepest].distance - kDepthTolerance) {
        deepest = kCapacity; // the new point, only when clearly deeper
    }
    int best = -1;
    double bestArea = -1.0;
    for (int drop = kCapacity; drop >= 0; --drop) { // the new point first: dropped on ties
        if (drop == deepest) {
            continue;
        }
        std::array<Vec3, kCapacity> kept;
        int k = 0;
        for (int i = 0; i <= kCapacity; ++i) {
            if (i != drop) {
                kept[k++] = c[i]->localA;
            }
        }
        const double area = quadArea(kept[0], kept[1], kept[2], kept[3]);
        if (area > bestArea * (1.0 + 1e-9)) {
            bestArea = area;
            best = drop;
        }
    }
    return best;
}

namespace {

/// Whether `point`'s anchor on B lies within `threshold` of `cached`'s (nearest() matched the
/// anchors on A).
bool sameAnchorOnB(const ContactPoint& cached, const ContactPoint& point, double threshold) {
    return (cached.localB - point.localB).squaredNorm() < threshold * threshold;
}

/// Turns `c` to the unit normal `n` about its anchors: its surface points move with the normal
/// (surfaceOver()), and its distance is measured along the new normal.
void turnNormal(ContactPoint& c, const Vec3& n) {
    const Vec3 coreA = coreAnchor(c.worldA, c.depthA, c.normal);
    const Vec3 coreB = coreAnchor(c.worldB, c.depthB, -c.normal);
    c.normal = n;
    c.worldA = surfaceOver(coreA, c.depthA, n);
    c.worldB = surfaceOver(coreB, c.depthB, -n);
    c.distance = (c.worldB - c.worldA).dot(n);
}

} // namespace

int Manifold::add(const ContactPoint& point, double threshold, Merge merge) {
    int index = nearest(point, threshold);
    if (index >= 0 && merge == Merge::KeepAnchors &&
        sameAnchorOnB(points_[index], point, threshold)) {
        turnNormal(points_[index], point.normal);
        return index;
    }
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
    if (index == kCapacity) { // the new point adds less area than any cached point
        return -1;
    }
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
    refresh(poseA, poseB, threshold, threshold);
}

void Manifold::refresh(const Pose& poseA, const Pose& poseB, double threshold,
                       double separation) {
    const double threshold2 = threshold * threshold;
    for (int i = size_ - 1; i >= 0; --i) {
        ContactPoint& c = points_[i];
        c.worldA = surfaceOver(poseA.apply(c.localA), c.depthA, c.normal);
        c.worldB = surfaceOver(poseB.apply(c.localB), c.depthB, -c.normal);
        c.distance = (c.worldB - c.worldA).dot(c.normal);
        ++c.lifetime;
        // Tangential drift: B's point against A's point projected onto B's side of the plane.
        const Vec3 drift = c.worldB - (c.worldA + c.distance * c.normal);
        if (c.distance > separation || drift.squaredNorm() > threshold2) {
            remove(i);
        }
    }
}

} // namespace mk
