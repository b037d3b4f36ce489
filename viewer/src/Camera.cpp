/// \file Camera.cpp

#include "minkowski/viewer/Camera.h"

#include <algorithm>
#include <cmath>

namespace mk::viewer {
namespace {

constexpr double kOrbitRadiansPerPixel = 0.005;
constexpr double kMaxPitch = 1.55; // just below 90 degrees: the view never flips

} // namespace

Camera Camera::fit(const Aabb& bounds, double aspect) {
    Camera c;
    c.target = bounds.center();
    const double tanY = std::tan(0.5 * kFovY);
    const double tanX = tanY * std::max(aspect, 1e-3);
    const Vec3 f = c.forward();
    const Vec3 r = c.right();
    const Vec3 u = c.up();
    // The eye is target - d f; a corner at offset o from the target has depth d + f.o and must
    // satisfy |r.o| <= tanX (d + f.o) and |u.o| <= tanY (d + f.o), with a little room around.
    constexpr double kRoom = 1.08;
    double d = 1e-3;
    for (int i = 0; i < 8; ++i) {
        const Vec3 corner((i & 1) ? bounds.max.x() : bounds.min.x(),
                          (i & 2) ? bounds.max.y() : bounds.min.y(),
                          (i & 4) ? bounds.max.z() : bounds.min.z());
        const Vec3 o = kRoom * (corner - c.target);
        d = std::max(
            {d, std::abs(r.dot(o)) / tanX - f.dot(o), std::abs(u.dot(o)) / tanY - f.dot(o)});
    }
    c.distance = d;
    return c;
}

Vec3 Camera::eye() const {
    const Vec3 offset(std::cos(pitch) * std::cos(yaw), std::cos(pitch) * std::sin(yaw),
                      std::sin(pitch));
    return target + distance * offset;
}

Vec3 Camera::forward() const {
    return (target - eye()).normalized();
}
Vec3 Camera::right() const {
    return forward().cross(Vec3::UnitZ()).normalized();
}
Vec3 Camera::up() const {
    return right().cross(forward());
}

Eigen::Matrix4f Camera::view() const {
    const Vec3 f = forward();
    const Vec3 r = right();
    const Vec3 u = up();
    const Vec3 e = eye();
    Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
    m.block<1, 3>(0, 0) = r.transpose();
    m.block<1, 3>(1, 0) = u.transpose();
    m.block<1, 3>(2, 0) = -f.transpose();
    m(0, 3) = -r.dot(e);
    m(1, 3) = -u.dot(e);
    m(2, 3) = f.dot(e);
    return m.cast<float>();
}

Eigen::Matrix4f Camera::projection(double aspect) const {
    const double t = 1.0 / std::tan(0.5 * kFovY);
    const double n = nearPlane();
    const double f = farPlane();
    Eigen::Matrix4d m = Eigen::Matrix4d::Zero();
    m(0, 0) = t / std::max(aspect, 1e-6);
    m(1, 1) = t;
    m(2, 2) = -(f + n) / (f - n);
    m(2, 3) = -2.0 * f * n / (f - n);
    m(3, 2) = -1.0;
    return m.cast<float>();
}

void Camera::orbit(double dxPixels, double dyPixels) {
    yaw -= dxPixels * kOrbitRadiansPerPixel;
    pitch = std::clamp(pitch + dyPixels * kOrbitRadiansPerPixel, -kMaxPitch, kMaxPitch);
}

void Camera::pan(double dxPixels, double dyPixels, int viewportHeight) {
    const double metresPerPixel =
        2.0 * distance * std::tan(0.5 * kFovY) / std::max(viewportHeight, 1);
    target += metresPerPixel * (-dxPixels * right() + dyPixels * up());
}

void Camera::zoom(double notches) {
    distance = std::clamp(distance * std::pow(0.85, notches), 0.02, 1e4);
}

Ray Camera::ray(double x, double y, int width, int height) const {
    const double h = std::max(height, 1);
    const double aspect = std::max(width, 1) / h;
    const double ndcX = 2.0 * x / std::max(width, 1) - 1.0;
    const double ndcY = 1.0 - 2.0 * y / h;
    const double t = std::tan(0.5 * kFovY);
    const Vec3 direction = forward() + ndcX * t * aspect * right() + ndcY * t * up();
    return {eye(), direction.normalized()};
}

std::optional<Eigen::Vector2d> Camera::pixelOf(const Vec3& world, int width, int height) const {
    const Vec3 d = world - eye();
    const double depth = d.dot(forward());
    if (depth <= 1e-12) {
        return std::nullopt;
    }
    const double t = std::tan(0.5 * kFovY);
    const double aspect = double(std::max(width, 1)) / std::max(height, 1);
    const double ndcX = d.dot(right()) / (depth * t * aspect);
    const double ndcY = d.dot(up()) / (depth * t);
    return Eigen::Vector2d(0.5 * (ndcX + 1.0) * width, 0.5 * (1.0 - ndcY) * height);
}

} // namespace mk::viewer
