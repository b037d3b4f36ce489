#pragma once
/// \file Input.h
/// Keys of the viewer (after Box2D's samples and MuJoCo's simulate):
///   space / P pause, O / right arrow single step, R reset, + / - speed, N next solver,
///   W next warm start, 1-6 overlays, H panels, V / Home view, F12 / Ctrl+P screenshot,
///   T throw an object, Esc quit.

#include "minkowski/viewer/ViewerState.h"

#include <optional>

namespace mk::viewer::gl {

/// The action of a GLFW key press with modifier bits `mods`, if any.
[[nodiscard]] std::optional<Action> actionForKey(int key, int mods);

/// What a mouse drag does.
enum class DragMode : unsigned char { None, Orbit, Pan, Body };

} // namespace mk::viewer::gl
