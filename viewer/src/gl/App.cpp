/// \file App.cpp
/// Window set-up and the frame loop (see App.h); input handling is in the second half.

#include "App.h"

#include "Screenshot.h"
#include "minkowski/scenes/BuiltinScenes.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <spdlog/spdlog.h>
#include <stdexcept>

namespace mk::viewer::gl {
namespace {

App* self(GLFWwindow* window) {
    return static_cast<App*>(glfwGetWindowUserPointer(window));
}

GLFWwindow* createWindow(const ViewerOptions& options, const std::string& title, int samples) {
    glfwDefaultWindowHints();
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_SAMPLES, samples);
    GLFWwindow* window =
        glfwCreateWindow(options.width, options.height, title.c_str(), nullptr, nullptr);
    if (window == nullptr) {
        glfwTerminate();
        throw ViewerError("cannot open a window with an OpenGL 3.3 core context");
    }
    glfwMakeContextCurrent(window);
    return window;
}

bool softwareRenderer() {
    const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    const std::string name = renderer != nullptr ? renderer : "";
    return name.find("llvmpipe") != std::string::npos ||
           name.find("softpipe") != std::string::npos || name.find("swrast") != std::string::npos;
}

GLFWwindow* openWindow(const ViewerOptions& options, const std::string& title) {
    glfwSetErrorCallback(
        [](int code, const char* text) { spdlog::debug("GLFW error {}: {}", code, text); });
    if (glfwInit() == GLFW_FALSE) {
        throw ViewerError("cannot start GLFW (no display?)");
    }
    GLFWwindow* window = createWindow(options, title, options.samples < 0 ? 4 : options.samples);
    if (options.samples < 0 && softwareRenderer()) {
        glfwDestroyWindow(window);
        window = createWindow(options, title, 0);
    }
    spdlog::debug("OpenGL {} on {}", reinterpret_cast<const char*>(glGetString(GL_VERSION)),
                  reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
    glfwSwapInterval(options.screenshot.empty() ? 1 : 0);
    return window;
}

} // namespace

App::App(const scenes::SceneDesc& scene, const ViewerOptions& options) : options_(options) {
    if (!options.screenshot.empty() && options.frames < 1) {
        throw std::invalid_argument("a screenshot needs --frames N with N >= 1");
    }
    model_ = std::make_unique<ViewerModel>(scene);
    model_->setRecorderFactory(options.recorderFactory);
    model_->state().setPaused(options.paused);
    if (options.toggles) {
        model_->state().toggles = *options.toggles;
    }
    std::snprintf(ui_.recordPath.data(), ui_.recordPath.size(), "%s-viewer.h5", scene.name.c_str());
    window_ = openWindow(options, "Minkowski - " + scene.name);
    try {
        setUp();
    } catch (...) {
        close(); // the destructor does not run when the constructor throws
        throw;
    }
}

void App::setUp() {
    glfwSetWindowUserPointer(window_, this);
    glfwSetKeyCallback(window_, [](GLFWwindow* w, int key, int, int action, int mods) {
        self(w)->onKey(key, action, mods);
    });
    glfwSetMouseButtonCallback(window_, [](GLFWwindow* w, int button, int action, int mods) {
        self(w)->onMouseButton(button, action, mods);
    });
    glfwSetScrollCallback(window_, [](GLFWwindow* w, double, double dy) { self(w)->onScroll(dy); });
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr; // the layout is the default one at every start
    ImGui::StyleColorsDark();
    ImGui_ImplGlfw_InitForOpenGL(window_, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
    imguiReady_ = true;
    renderer_ = std::make_unique<Renderer>();
    resetView();
}

App::~App() { close(); }

void App::close() {
    renderer_.reset(); // GL objects go before the context
    if (imguiReady_) {
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplGlfw_Shutdown();
        ImGui::DestroyContext();
        imguiReady_ = false;
    }
    if (window_ != nullptr) {
        glfwDestroyWindow(window_);
        window_ = nullptr;
        glfwTerminate();
    }
}

ViewerReport App::run() {
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    Clock::time_point last = start;
    ViewerReport report;
    while (glfwWindowShouldClose(window_) == GLFW_FALSE) {
        glfwPollEvents();
        const Clock::time_point now = Clock::now();
        const double frameSeconds = std::chrono::duration<double>(now - last).count();
        last = now;
        countFrame(frameSeconds);
        const bool lastFrame = options_.frames > 0 && ui_.frames + 1 == options_.frames;
        screenshotRequested_ = screenshotRequested_ || (unattended() && lastFrame);
        frame(unattended() ? options_.frameSeconds : frameSeconds);
        ++ui_.frames;
        if (lastFrame) {
            break;
        }
    }
    report.frames = ui_.frames;
    report.steps = steps_;
    report.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    report.solverSwitches = solverSwitches_;
    report.screenshot = options_.screenshot;
    return report;
}

void App::countFrame(double frameSeconds) {
    // Frames per second over windows of half a second of wall time.
    fpsSeconds_ += frameSeconds;
    ++fpsFrames_;
    if (fpsSeconds_ >= 0.5) {
        ui_.framesPerSecond = fpsFrames_ / fpsSeconds_;
        fpsSeconds_ = 0.0;
        fpsFrames_ = 0;
    }
}

void App::frame(double frameSeconds) {
    if (options_.switchSolverEvery > 0 && ui_.frames > 0 &&
        ui_.frames % options_.switchSolverEvery == 0) {
        model_->state().apply(Action::NextSolver);
        ++solverSwitches_;
        spdlog::info("frame {}: solver {}", ui_.frames, name(model_->state().solver()));
    }
    followMouse();
    steps_ += model_->advance(frameSeconds);
    buildOverlays(model_->world(), model_->lastCalls(), model_->state().toggles, model_->spring(),
                  {}, overlays_);

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    UiRequests requests;
    if (model_->state().showUi) {
        drawControls(*model_, ui_, requests, glfwGetTime());
        drawStatistics(*model_);
    }
    ImGui::Render();

    int width = 0;
    int height = 0;
    glfwGetFramebufferSize(window_, &width, &height);
    const std::optional<BodyId> highlight =
        model_->spring() != nullptr ? std::optional<BodyId>(model_->spring()->body()) : hovered_;
    renderer_->draw(*model_, camera_, width, height, overlays_, highlight);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    if (screenshotRequested_) {
        screenshotRequested_ = false;
        saveScreenshot(unattended()
                           ? options_.screenshot.string()
                           : screenshotName(model_->scene().name, model_->world().stepCount()));
    }
    glfwSwapBuffers(window_);
    carryOut(requests);
}

void App::saveScreenshot(const std::string& path) {
    int width = 0;
    int height = 0;
    glfwGetFramebufferSize(window_, &width, &height);
    writePng(path, captureFramebuffer(width, height));
    ui_.message = "saved " + path;
    ui_.messageTime = glfwGetTime();
    spdlog::info("screenshot: {} ({}x{})", path, width, height);
}

void App::restart() {
    try {
        model_->restart();
    } catch (const std::exception& e) {
        ui_.message = e.what();
        ui_.messageTime = glfwGetTime();
    }
}

void App::resetView() {
    int width = 0;
    int height = 0;
    glfwGetWindowSize(window_, &width, &height);
    camera_ = model_->defaultCamera(double(width) / std::max(height, 1));
}

void App::throwObject() {
    const Vec3 from = camera_.eye() + 0.25 * (camera_.target - camera_.eye());
    model_->throwObject(from, camera_.target);
}

void App::carryOut(const UiRequests& requests) {
    if (!requests.loadScene.empty()) {
        try {
            model_->loadScene(scenes::builtinScene(requests.loadScene));
            resetView();
        } catch (const std::exception& e) {
            ui_.message = e.what();
            ui_.messageTime = glfwGetTime();
        }
    }
    if (requests.restart) {
        restart();
    }
    if (requests.resetView) {
        resetView();
    }
    if (requests.throwObject) {
        throwObject();
    }
    screenshotRequested_ = screenshotRequested_ || requests.screenshot;
}

} // namespace mk::viewer::gl
