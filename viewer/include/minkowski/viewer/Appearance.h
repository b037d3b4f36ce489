#pragma once
/// \file Appearance.h
/// How bodies look, decided without OpenGL: the background, one colour per geometry (a body's
/// shape), grey-blue static bodies, and which static bodies are see-through so that what falls
/// into the funnel stays visible (every static body whose top is above the lowest static top:
/// the funnel's walls and ramps, not its floor).

#include "minkowski/engine/World.h"

#include <Eigen/Core>
#include <vector>

namespace mk::viewer {

/// The clear colour (linear RGB in [0, 1]); the screenshot test looks for it.
inline const Eigen::Vector3f kBackground(0.155f, 0.165f, 0.195f);
/// Opacity of see-through static bodies.
inline constexpr float kSeeThroughAlpha = 0.28f;

/// Colour of a dynamic body whose geometry has index `geometry` (MeshLibrary::index).
[[nodiscard]] Eigen::Vector3f bodyColor(int geometry);
/// Colour of static and kinematic bodies.
[[nodiscard]] Eigen::Vector3f staticColor();

/// Per body: true for the static bodies drawn see-through.
[[nodiscard]] std::vector<bool> seeThroughBodies(const World& world);

} // namespace mk::viewer
