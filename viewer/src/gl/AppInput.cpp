/// \file AppInput.cpp
/// The App's keys and mouse: a left drag on a dynamic body grabs it with the mouse spring,
/// elsewhere it orbits; right drag (or shift + left) pans; the wheel zooms. Input over a panel
/// goes to the panel.

#include "App.h"

#include <imgui.h>

namespace mk::viewer::gl {

void App::onKey(int key, int action, int mods) {
    const bool repeatable = key == GLFW_KEY_O || key == GLFW_KEY_RIGHT;
    if (!(action == GLFW_PRESS || (action == GLFW_REPEAT && repeatable)) ||
        ImGui::GetIO().WantCaptureKeyboard) {
        return;
    }
    if (const std::optional<Action> a = actionForKey(key, mods)) {
        carryOut(*a);
    }
}

void App::carryOut(Action action) {
    if (model_->state().apply(action)) {
        return;
    }
    switch (action) {
    case Action::Restart:
        restart();
        break;
    case Action::ResetView:
        resetView();
        break;
    case Action::Screenshot:
        screenshotRequested_ = true;
        break;
    case Action::ThrowObject:
        throwObject();
        break;
    case Action::Quit:
        glfwSetWindowShouldClose(window_, GLFW_TRUE);
        break;
    default:
        break;
    }
}

void App::onMouseButton(int button, int action, int mods) {
    if (action == GLFW_RELEASE) {
        if (drag_ == DragMode::Body) {
            model_->release();
        }
        drag_ = DragMode::None;
        return;
    }
    if (ImGui::GetIO().WantCaptureMouse) {
        return;
    }
    glfwGetCursorPos(window_, &lastX_, &lastY_);
    const bool shift = (mods & GLFW_MOD_SHIFT) != 0;
    if (button == GLFW_MOUSE_BUTTON_LEFT && !shift) {
        drag_ = model_->grab(cursorRay(), camera_.forward()) ? DragMode::Body : DragMode::Orbit;
    } else if (button == GLFW_MOUSE_BUTTON_LEFT || button == GLFW_MOUSE_BUTTON_RIGHT ||
               button == GLFW_MOUSE_BUTTON_MIDDLE) {
        drag_ = DragMode::Pan;
    }
}

void App::onScroll(double dy) {
    if (!ImGui::GetIO().WantCaptureMouse) {
        camera_.zoom(dy);
    }
}

Ray App::cursorRay() const {
    double x = 0.0;
    double y = 0.0;
    int width = 0;
    int height = 0;
    glfwGetCursorPos(window_, &x, &y);
    glfwGetWindowSize(window_, &width, &height);
    return camera_.ray(x, y, width, height);
}

void App::followMouse() {
    if (unattended()) {
        return;
    }
    double x = 0.0;
    double y = 0.0;
    int width = 0;
    int height = 0;
    glfwGetCursorPos(window_, &x, &y);
    glfwGetWindowSize(window_, &width, &height);
    const double dx = x - lastX_;
    const double dy = y - lastY_;
    lastX_ = x;
    lastY_ = y;
    switch (drag_) {
    case DragMode::Orbit:
        camera_.orbit(dx, dy);
        break;
    case DragMode::Pan:
        camera_.pan(dx, dy, height);
        break;
    case DragMode::Body:
        model_->drag(cursorRay());
        break;
    case DragMode::None:
        break;
    }
    hovered_.reset();
    if (drag_ == DragMode::None && !ImGui::GetIO().WantCaptureMouse) {
        if (const auto hit = pickBody(model_->world(), model_->meshes(), cursorRay(), true)) {
            hovered_ = hit->body;
        }
    }
}

} // namespace mk::viewer::gl
