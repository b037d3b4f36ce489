/// \file test_viewer_recording.cpp
/// The record button's failures: a recorder that fails when stopped or while recording ends the
/// recording with a status message instead of throwing into the window's frame or the world's
/// step, and restart / scene changes still work.

#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/viewer/ViewerModel.h"

#include <gtest/gtest.h>
#include <memory>
#include <stdexcept>
#include <string>

namespace mk::viewer {
namespace {

/// A recorder that fails where it is told to, and tells whether it was destroyed unstopped.
struct FailingRecorder final : DatasetRecorder {
    bool failOnStop = false;
    int failAfterEvents = -1; ///< throw on this event (-1: never)
    int events = 0;
    bool* destroyedUnstopped;
    bool stopped = false;
    FailingRecorder(bool stop, int after, bool* flag)
        : failOnStop(stop), failAfterEvents(after), destroyedUnstopped(flag) {}
    ~FailingRecorder() override { *destroyedUnstopped = !stopped; }
    void start(const std::filesystem::path&) override {}
    void onNarrowPhase(const NarrowPhaseEvent&) override {
        if (events++ == failAfterEvents) {
            throw std::runtime_error("disk full");
        }
    }
    void stop() override {
        if (failOnStop) {
            throw std::runtime_error("cannot write 'out.h5': read-only file system");
        }
        stopped = true;
    }
};

/// A stack of boxes on a floor: narrow-phase calls from the first step, no mesh to load.
scenes::SceneDesc boxStack() {
    return scenes::builtinScene("box-stack");
}

void steps(ViewerModel& model, int n) {
    for (int i = 0; i < n; ++i) {
        model.step();
    }
}

TEST(ViewerRecording, FailingStopIsAStatusNotAnException) {
    ViewerModel model(boxStack());
    bool unstopped = false;
    model.setRecorderFactory(
        [&] { return std::make_unique<FailingRecorder>(true, -1, &unstopped); });
    EXPECT_TRUE(model.recordingStatus().empty());
    model.startRecording("out.h5");
    steps(model, 20);
    EXPECT_NO_THROW(model.stopRecording());
    EXPECT_FALSE(model.recording());
    EXPECT_TRUE(unstopped);
    EXPECT_NE(model.recordingStatus().find("recording failed, nothing saved"), std::string::npos)
        << model.recordingStatus();
    EXPECT_NE(model.recordingStatus().find("read-only file system"), std::string::npos);
    steps(model, 5); // the world goes on
}

TEST(ViewerRecording, RestartAndSceneChangesSurviveAFailingStop) {
    ViewerModel model(boxStack());
    bool unstopped = false;
    model.setRecorderFactory(
        [&] { return std::make_unique<FailingRecorder>(true, -1, &unstopped); });
    model.startRecording("out.h5");
    steps(model, 10);
    EXPECT_NO_THROW(model.restart());
    EXPECT_FALSE(model.recording());
    EXPECT_EQ(model.world().stepCount(), 0); // restarted
    model.startRecording("out.h5");
    EXPECT_NO_THROW(model.loadScene(boxStack()));
    EXPECT_FALSE(model.recording());
    EXPECT_NE(model.recordingStatus().find("failed"), std::string::npos);
}

TEST(ViewerRecording, RecorderFailingDuringAStepEndsTheRecording) {
    ViewerModel model(boxStack());
    bool unstopped = false;
    model.setRecorderFactory(
        [&] { return std::make_unique<FailingRecorder>(false, 3, &unstopped); });
    model.startRecording("out.h5");
    EXPECT_NO_THROW(steps(model, 10));
    EXPECT_FALSE(model.recording());
    EXPECT_TRUE(unstopped); // dropped without stop(): its unfinished file is removed
    EXPECT_NE(model.recordingStatus().find("disk full"), std::string::npos);
    EXPECT_NO_THROW(model.stopRecording()); // nothing to stop
}

TEST(ViewerRecording, SuccessfulStopSaysWhere) {
    ViewerModel model(boxStack());
    bool unstopped = true;
    model.setRecorderFactory(
        [&] { return std::make_unique<FailingRecorder>(false, -1, &unstopped); });
    model.startRecording("out.h5");
    steps(model, 5);
    model.stopRecording();
    EXPECT_FALSE(unstopped);
    EXPECT_EQ(model.recordingStatus(), "saved out.h5");
}

} // namespace
} // namespace mk::viewer
