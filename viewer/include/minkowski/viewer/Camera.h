#pragma once
/// \file Camera.h
/// Orbit camera around a target point, z up: yaw about z, pitch above the horizon, distance.
/// Gives OpenGL's view and projection matrices, rays through pixels (for picking and dragging)
/// and the pixel of a world point. Pixels count from the window's top-left corner.

#include "minkowski/narrowphase/Math.h"

#include <Eigen/Core>
#include <optional>

namespace mk::viewer {

/// A half-line: origin + t * direction, t >= 0, direction of unit length.
struct Ray {
    Vec3 origin = Vec3::Zero();
    Vec3 direction = Vec3::UnitX();
};

class Camera {
public:
    static constexpr double kDefaultYaw = -1.0;  ///< radians: looking from -y, a little from +x
    static constexpr double kDefaultPitch = 0.6; ///< radians above the horizon
    static constexpr double kFovY = 0.7853981633974483; ///< vertical field of view (45 degrees)

    Vec3 target = Vec3::Zero();
    double yaw = kDefaultYaw;
    double pitch = kDefaultPitch;
    double distance = 3.0; ///< from the eye to the target (unit: metre)

    /// The default view of a scene whose interesting part is `bounds`: the whole box in sight
    /// at the default yaw and pitch for a viewport of width/height `aspect`.
    [[nodiscard]] static Camera fit(const Aabb& bounds, double aspect);

    [[nodiscard]] Vec3 eye() const;
    /// Unit vectors of the camera frame in the world: forward (to the target), right, up.
    [[nodiscard]] Vec3 forward() const;
    [[nodiscard]] Vec3 right() const;
    [[nodiscard]] Vec3 up() const;

    [[nodiscard]] Eigen::Matrix4f view() const;
    [[nodiscard]] Eigen::Matrix4f projection(double aspect) const;

    /// Mouse motion in pixels: orbit (left drag), pan (right drag), zoom (scroll notches).
    void orbit(double dxPixels, double dyPixels);
    void pan(double dxPixels, double dyPixels, int viewportHeight);
    void zoom(double notches);

    /// The ray from the eye through pixel (x, y) of a width x height viewport.
    [[nodiscard]] Ray ray(double x, double y, int width, int height) const;
    /// The pixel (x, y) of a world point, or nothing when it is behind the eye.
    [[nodiscard]] std::optional<Eigen::Vector2d> pixelOf(const Vec3& world, int width,
                                                         int height) const;

private:
    [[nodiscard]] double nearPlane() const { return 0.01 * distance; }
    [[nodiscard]] double farPlane() const { return 100.0 * distance + 10.0; }
};

} // namespace mk::viewer
