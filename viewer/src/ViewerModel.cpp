/// \file ViewerModel.cpp
/// Scene, world and run control of the viewer (see ViewerModel.h); mouse and throwing are in
/// Interaction.cpp.

#include "minkowski/viewer/ViewerModel.h"

#include "minkowski/scenes/SceneFile.h"

#include <spdlog/spdlog.h>

#include <cmath>
#include <stdexcept>
#include <utility>

namespace mk::viewer {
namespace {

std::size_t historyCapacity(double timeStep) {
    return static_cast<std::size_t>(std::ceil(ViewerModel::kHistorySeconds / timeStep));
}

} // namespace

void applyParams(const SceneParams& params, scenes::SceneDesc& scene) {
    scene.simulation.seed = params.seed;
    for (std::size_t g = 0; g < scene.generators.size() && g < params.counts.size(); ++g) {
        scene.generators[g].count = params.counts[g];
    }
}

ViewerModel::ViewerModel(scenes::SceneDesc scene, int maxStepsPerFrame)
    : scene_(std::move(scene)), state_(scene_.simulation.timeStep, maxStepsPerFrame),
      history_(historyCapacity(scene_.simulation.timeStep)) {
    shapes_ = scenes::loadShapes(scene_);
    resetParams();
    state_.setSolver(scene_.simulation.solver);
    state_.setWarmStart(scene_.simulation.warmStart);
    build(scene_);
}

ViewerModel::~ViewerModel() {
    try {
        stopRecording();
    } catch (...) { // NOLINT(bugprone-empty-catch): a destructor must not throw
    }
}

void ViewerModel::loadScene(scenes::SceneDesc scene) {
    scenes::SceneShapes shapes = scenes::loadShapes(scene);
    stopRecording();
    ViewerState fresh(scene.simulation.timeStep, state_.clock().maxStepsPerFrame());
    fresh.toggles = state_.toggles;
    fresh.showUi = state_.showUi;
    fresh.setSpeed(state_.speed());
    fresh.setPaused(state_.paused());
    fresh.setSolver(scene.simulation.solver);
    fresh.setWarmStart(scene.simulation.warmStart);
    scenes::SceneDesc previous = std::exchange(scene_, std::move(scene));
    scenes::SceneShapes previousShapes = std::exchange(shapes_, std::move(shapes));
    try {
        build(scene_);
    } catch (...) {
        scene_ = std::move(previous);
        shapes_ = std::move(previousShapes);
        throw;
    }
    state_ = fresh;
    history_ = StatsHistory(historyCapacity(scene_.simulation.timeStep));
    resetParams();
}

void ViewerModel::resetParams() {
    params.seed = scene_.simulation.seed;
    params.counts.clear();
    for (const scenes::GeneratorSpec& g : scene_.generators) {
        params.counts.push_back(g.count);
    }
}

void ViewerModel::restart() {
    scenes::SceneDesc scene = scene_;
    applyParams(params, scene);
    for (std::size_t g = 0; g < scene.generators.size(); ++g) {
        const int count = scene.generators[g].count;
        if (count < 0 || count > kMaxGeneratorCount) {
            throw scenes::SceneError(scene.source, 0, "generators[" + std::to_string(g) + "].count",
                                     std::to_string(count) + ": the viewer shows 0 to " +
                                         std::to_string(kMaxGeneratorCount) +
                                         " bodies per generator");
        }
    }
    scenes::validateScene(scene);
    stopRecording();
    build(scene);
    scene_ = std::move(scene);
}

void ViewerModel::build(const scenes::SceneDesc& scene) {
    auto built = std::make_unique<scenes::BuiltScene>(scenes::buildWorld(scene, shapes_, 0));
    built->world.setNarrowPhaseHook([this](const NarrowPhaseEvent& event) {
        log_.record(event);
        if (recorder_) {
            try {
                recorder_->onNarrowPhase(event);
            } catch (const std::exception& e) { // never into the world's step
                recordingFailed(e.what());
            }
        }
    });
    built_ = std::move(built);
    spring_.reset();
    log_.beginStep(-1);
    history_.clear();
    error_.clear();
    thrown_ = 0;
    state_.resetClock();
}

int ViewerModel::advance(double frameSeconds) {
    const int steps = state_.stepsForFrame(frameSeconds);
    for (int i = 0; i < steps && error_.empty(); ++i) {
        step();
    }
    return steps;
}

void ViewerModel::step() {
    World& world = built_->world;
    world.setSolver(state_.solver());
    world.setWarmStart(state_.warmStart());
    if (spring_) {
        spring_->apply(world);
    }
    log_.beginStep(world.stepCount());
    try {
        world.step();
    } catch (const SimulationError& e) {
        error_ = e.what();
        state_.setPaused(true);
        return;
    }
    history_.push(
        makeSample(world.lastStats(), log_.summary(), state_.solver(), state_.warmStart()));
}

void ViewerModel::startRecording(const std::filesystem::path& path) {
    if (!recorderFactory_) {
        throw std::logic_error("dataset recording arrives with `minkowski record`");
    }
    stopRecording();
    std::unique_ptr<DatasetRecorder> recorder = recorderFactory_();
    recorder->start(path);
    recorder_ = std::move(recorder);
    recordingPath_ = path;
}

void ViewerModel::stopRecording() {
    if (!recorder_) {
        return;
    }
    std::unique_ptr<DatasetRecorder> recorder = std::move(recorder_);
    try {
        recorder->stop();
    } catch (const std::exception& e) {
        recordingFailed(e.what());
        return;
    }
    recordingStatus_ = "saved " + recordingPath_.string();
    spdlog::info("viewer: recording {}", recordingStatus_);
}

/// Drops the recorder without stop(): a DatasetRecorder removes its unfinished file then.
void ViewerModel::recordingFailed(const std::string& why) {
    recorder_.reset();
    recordingStatus_ = "recording failed, nothing saved: " + why;
    spdlog::error("viewer: {} ({})", recordingStatus_, recordingPath_.string());
}

} // namespace mk::viewer
