/// \file test_viewer_recorder.cpp
/// The viewer's record button on the dataset library (apps/minkowski/ViewerRecorder.cpp): a
/// recording that cannot be completed throws a clear error and leaves no file behind, partial
/// or temporary; a completed one leaves exactly the dataset.

#include "DatasetTestUtil.h"
#include "ViewerRecorder.h"
#include "minkowski/dataset/Reader.h"

#include <fstream>
#include <set>

namespace mk::dataset::test {
namespace {

/// The names of the files in `folder`.
std::set<std::string> filesIn(const std::filesystem::path& folder) {
    std::set<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        names.insert(entry.path().filename().string());
    }
    return names;
}

/// Records 60 steps of the tiny scene's first trajectory into `recorder`.
void feed(viewer::DatasetRecorder& recorder) {
    scenes::BuiltScene built = scenes::buildWorld(tinyScene(), tinyShapes(), 0);
    built.world.setNarrowPhaseHook([&](const NarrowPhaseEvent& e) { recorder.onNarrowPhase(e); });
    for (int s = 0; s < 60; ++s) {
        built.world.step();
    }
}

TEST(ViewerRecorder, CompletedRecordingLeavesOnlyTheDataset) {
    TempDir dir;
    const auto recorder = cli::makeViewerRecorderFactory(tinyScene(), "builtin:funnel-pairs")();
    recorder->start(dir.file("out.h5"));
    feed(*recorder);
    recorder->stop();
    EXPECT_EQ(filesIn(dir.path()), std::set<std::string>{"out.h5"});
    const Dataset d = readDataset(dir.file("out.h5"));
    EXPECT_GT(d.problems.size(), 0u);
}

TEST(ViewerRecorder, FailedCommitThrowsAndLeavesNoPartialFile) {
    TempDir dir;
    const auto recorder = cli::makeViewerRecorderFactory(tinyScene(), "builtin:funnel-pairs")();
    recorder->start(dir.file("out.h5"));
    feed(*recorder);
    // someone else takes the name while recording: the commit must not overwrite it
    std::ofstream(dir.file("out.h5")) << "not ours";
    try {
        recorder->stop();
        ADD_FAILURE() << "expected an error";
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find("out.h5"), std::string::npos) << e.what();
    }
    EXPECT_EQ(filesIn(dir.path()), std::set<std::string>{"out.h5"}); // no temporary left
    std::ifstream in(dir.file("out.h5"));
    std::string content;
    std::getline(in, content);
    EXPECT_EQ(content, "not ours");
}

TEST(ViewerRecorder, DroppedRecorderLeavesNothing) {
    TempDir dir;
    {
        const auto recorder = cli::makeViewerRecorderFactory(tinyScene(), "builtin:funnel-pairs")();
        recorder->start(dir.file("out.h5"));
        feed(*recorder);
    } // destroyed without stop(), as the viewer does after a failure
    EXPECT_TRUE(filesIn(dir.path()).empty());
}

TEST(ViewerRecorder, ExistingFileIsRefusedAtStart) {
    TempDir dir;
    std::ofstream(dir.file("out.h5")) << "mine";
    const auto recorder = cli::makeViewerRecorderFactory(tinyScene(), "builtin:funnel-pairs")();
    EXPECT_THROW(recorder->start(dir.file("out.h5")), std::exception);
    EXPECT_EQ(filesIn(dir.path()), std::set<std::string>{"out.h5"});
}

} // namespace
} // namespace mk::dataset::test
