#pragma once
/// \file Screenshot.h
/// The rendered frame as an image.

#include "minkowski/viewer/Image.h"

#include <string>

namespace mk::viewer::gl {

/// Reads the back buffer (call after drawing, before swapping), rows from the top.
[[nodiscard]] Image captureFramebuffer(int width, int height);

/// "minkowski-<scene>-step<step>.png", with "-2", "-3", ... when the file exists.
[[nodiscard]] std::string screenshotName(const std::string& scene, long long step);

} // namespace mk::viewer::gl
