/// \file Input.cpp

#include "Input.h"

#include "Gl.h"

namespace mk::viewer::gl {

std::optional<Action> actionForKey(int key, int mods) {
    if (key == GLFW_KEY_P && (mods & GLFW_MOD_CONTROL) != 0) {
        return Action::Screenshot;
    }
    switch (key) {
    case GLFW_KEY_SPACE:
    case GLFW_KEY_P:
        return Action::TogglePause;
    case GLFW_KEY_O:
    case GLFW_KEY_RIGHT:
        return Action::Step;
    case GLFW_KEY_R:
        return Action::Restart;
    case GLFW_KEY_EQUAL:
    case GLFW_KEY_KP_ADD:
        return Action::Faster;
    case GLFW_KEY_MINUS:
    case GLFW_KEY_KP_SUBTRACT:
        return Action::Slower;
    case GLFW_KEY_N:
        return Action::NextSolver;
    case GLFW_KEY_W:
        return Action::NextWarmStart;
    case GLFW_KEY_1:
        return Action::ToggleContacts;
    case GLFW_KEY_2:
        return Action::ToggleNormals;
    case GLFW_KEY_3:
        return Action::ToggleWitnesses;
    case GLFW_KEY_4:
        return Action::ToggleAabbs;
    case GLFW_KEY_5:
        return Action::ToggleObbs;
    case GLFW_KEY_6:
        return Action::TogglePairs;
    case GLFW_KEY_H:
        return Action::ToggleUi;
    case GLFW_KEY_V:
    case GLFW_KEY_HOME:
        return Action::ResetView;
    case GLFW_KEY_F12:
        return Action::Screenshot;
    case GLFW_KEY_T:
        return Action::ThrowObject;
    case GLFW_KEY_ESCAPE:
        return Action::Quit;
    default:
        return std::nullopt;
    }
}

} // namespace mk::viewer::gl
