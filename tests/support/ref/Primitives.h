#pragma once
/// \file Primitives.h
/// Reference (tests only): analytic signed distances of primitive pairs and the placement of a
/// body at a reference distance (part of Reference.h).

#include "ref/Bodies.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <numbers>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace mk::ref {

// ---------------------------------------------------------------------------------------------
// Analytic references of primitive pairs
// ---------------------------------------------------------------------------------------------

/// Sphere A against sphere B.
inline SignedDistance sphereSphere(const Vec3& ca, double ra, const Vec3& cb, double rb) {
    SignedDistance out;
    const Vec3 d = cb - ca;
    const double len = d.norm();
    out.normal = len > 0.0 ? Vec3(d / len) : Vec3(Vec3::UnitZ());
    out.value = len - ra - rb;
    out.pointA = ca + ra * out.normal;
    out.pointB = cb - rb * out.normal;
    return out;
}

/// Box A (pose, half extents) against sphere B. Outside: closest box point by clamping the centre
/// in the box frame. Inside: the nearest face, depth = distance to it + radius.
inline SignedDistance boxSphere(const Pose& poseA, const Vec3& he, const Vec3& cb, double rb) {
    SignedDistance out;
    const Vec3 local = poseA.applyInverse(cb);
    const Vec3 clamped = local.cwiseMax(-he).cwiseMin(he);
    const double outside = (local - clamped).norm();
    if (outside > 0.0) {
        out.normal = poseA.rotation * ((local - clamped) / outside);
        out.value = outside - rb;
        out.pointA = poseA.apply(clamped);
    } else {
        int axis = 0;
        double room = kInf;
        for (int i = 0; i < 3; ++i) {
            if (he[i] - std::abs(local[i]) < room) {
                room = he[i] - std::abs(local[i]);
                axis = i;
            }
        }
        Vec3 n = Vec3::Zero();
        n[axis] = local[axis] >= 0.0 ? 1.0 : -1.0;
        out.normal = poseA.rotation * n;
        out.value = -room - rb;
        Vec3 onFace = local;
        onFace[axis] = n[axis] * he[axis];
        out.pointA = poseA.apply(onFace);
    }
    out.pointB = cb - rb * out.normal;
    return out;
}

/// Box A against box B: SAT on the 15 axes (3 + 3 face normals, 9 edge cross products) for the
/// overlap, depth and normal; the separated distance by brute force over the box polytopes.
inline SignedDistance boxBox(const Pose& poseA, const Vec3& heA, const Pose& poseB,
                             const Vec3& heB) {
    const Mat3 ra = poseA.rotation.toRotationMatrix();
    const Mat3 rb = poseB.rotation.toRotationMatrix();
    const Vec3 t = poseB.translation - poseA.translation;
    std::vector<Vec3> axes;
    for (int i = 0; i < 3; ++i) {
        axes.push_back(ra.col(i));
        axes.push_back(rb.col(i));
        for (int j = 0; j < 3; ++j) {
            const Vec3 c = ra.col(i).cross(rb.col(j));
            if (c.norm() > 1e-10) {
                axes.push_back(c.normalized());
            }
        }
    }
    double best = kInf;
    Vec3 bestAxis = Vec3::UnitX();
    for (const Vec3& axis : axes) {
        // Projected radii of both boxes on the axis, and the centre offset.
        const double rA = heA.dot((ra.transpose() * axis).cwiseAbs());
        const double rB = heB.dot((rb.transpose() * axis).cwiseAbs());
        const double c = t.dot(axis);
        // Moving B along +axis separates after rA + rB - c; along -axis after rA + rB + c.
        const double overlap = rA + rB - std::abs(c);
        if (overlap < best) {
            best = overlap;
            bestAxis = c >= 0.0 ? axis : Vec3(-axis);
        }
    }
    if (best > 0.0) {
        SignedDistance out;
        out.value = -best;
        out.normal = bestAxis;
        return out;
    }
    return signedDistance(boxBody(poseA, heA), boxBody(poseB, heB));
}

/// Capsule A against capsule B (z-axis segments of half height hh, radius r): segment-segment
/// distance minus the radii.
inline SignedDistance capsuleCapsule(const Pose& poseA, double rA, double hhA, const Pose& poseB,
                                     double rB, double hhB) {
    const ClosestPoints c =
        segmentSegment(poseA.apply(Vec3(0, 0, -hhA)), poseA.apply(Vec3(0, 0, hhA)),
                       poseB.apply(Vec3(0, 0, -hhB)), poseB.apply(Vec3(0, 0, hhB)));
    SignedDistance out;
    out.value = c.distance - rA - rB;
    out.normal = c.distance > 0.0 ? Vec3((c.b - c.a) / c.distance) : Vec3(Vec3::UnitZ());
    out.pointA = c.a + rA * out.normal;
    out.pointB = c.b - rB * out.normal;
    return out;
}

/// Mean of the vertices of a core: an interior point of a solid, the middle of a segment.
inline Vec3 coreCentre(const Polytope& p) {
    Vec3 sum = Vec3::Zero();
    for (const Vec3& v : p.vertices) {
        sum += v;
    }
    return sum / static_cast<double>(p.vertices.size());
}

/// A placement of body B found by placeAt(): its translation and the reference answer there.
struct Placement {
    Vec3 translation = Vec3::Zero();
    Body bodyB;
    SignedDistance expected;
};

/// Places B (core `localCoreB` in B's frame, `radiusB`, rotation `rotationB`) so that its
/// reference signed distance to `bodyA` is about `target`. B travels along unit axis u from where
/// the centres of both cores coincide up to `lateral` (orthogonal to u, so it starts overlapping
/// for small lateral offsets). The signed distance along a line is convex in the travel, so
/// bisection on the reference finds the travel where it crosses the target, within
/// 2% of |target| + 1e-7 m (60 halvings at most); a target deeper than the start is clamped to
/// the start.
inline Placement placeAt(const Body& bodyA, const Polytope& localCoreB, double radiusB,
                         const Quat& rotationB, const Vec3& u, const Vec3& lateral,
                         double target) {
    const Polytope rotated = transformed(localCoreB, Pose(rotationB, Vec3::Zero()));
    const Vec3 start = coreCentre(bodyA.core) - coreCentre(rotated) + (lateral - lateral.dot(u) * u);
    Placement out;
    auto place = [&](double t) {
        out.translation = start + t * u;
        out.bodyB = Body{transformed(rotated, Pose(Quat::Identity(), out.translation)), radiusB};
        out.expected = signedDistance(bodyA, out.bodyB);
        return out.expected.value;
    };
    // Travel at which the projections on u are max(target, 0) + 0.01 apart: sd > target there.
    const double gap = std::max(target, 0.0) + 0.01;
    double hi = bodyA.core.support(u) + bodyA.radius + gap + rotated.support(-u) + radiusB -
                u.dot(start);
    double lo = 0.0;
    if (place(lo) < target && hi > lo) {
        for (int i = 0; i < 60 && std::abs(out.expected.value - target) > 0.02 * std::abs(target) + 1e-7;
             ++i) {
            const double mid = 0.5 * (lo + hi);
            (place(mid) < target ? lo : hi) = mid;
        }
    }
    return out;
}

} // namespace mk::ref
