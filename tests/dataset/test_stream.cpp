/// \file test_stream.cpp
/// Streaming: a trajectory written in parts gives the same file as in one go, and the viewer's
/// streaming recorder started on a running world stores what it saw, with the `previous` warm
/// starts of its first calls falling back (their previous queries were not seen).

#include "DatasetTestUtil.h"
#include "minkowski/dataset/Reader.h"
#include "minkowski/dataset/StreamRecorder.h"

namespace mk::dataset::test {
namespace {

TEST(Stream, ATrajectoryInPartsWritesTheSameBytes) {
    TempDir dir;
    const scenes::SceneDesc scene = tinyScene();
    scenes::BuiltScene built = scenes::buildWorld(scene, tinyShapes(), 2);
    TrajectoryRecorder recorder(2);
    recorder.recordBodies(built.world, built.bodies);
    built.world.setNarrowPhaseHook([&](const NarrowPhaseEvent& e) { recorder.onNarrowPhase(e); });
    DatasetWriter parts(dir.file("parts.h5"));
    parts.begin(2);
    int written = 0;
    for (int s = 0; s < 60; ++s) {
        built.world.step();
        recorder.recordStates(built.world);
        if (s % 7 == 6) {
            parts.append(recorder.takeRows());
            ++written;
        }
    }
    parts.append(recorder.takeRows());
    parts.end(60, built.world.stateHash());
    const DatasetMeta meta = recordingMeta(scene, "builtin:funnel-pairs", "", {});
    parts.commit(meta);
    EXPECT_GE(written, 8);

    DatasetWriter whole(dir.file("whole.h5"));
    whole.add(recordTrajectory(scene, tinyShapes(), 2));
    whole.commit(meta);
    EXPECT_TRUE(fileBytes(dir.file("parts.h5")) == fileBytes(dir.file("whole.h5")));
}

TEST(Stream, ViewerRecordingStartedMidRunFallsBackForUnseenPreviousQueries) {
    TempDir dir;
    const scenes::SceneDesc scene = tinyScene();
    scenes::BuiltScene built = scenes::buildWorld(scene, tinyShapes(), 0);
    std::unique_ptr<StreamRecorder> recorder;
    std::int64_t calls = 0;
    std::int64_t engineSaidPrevious = 0;
    built.world.setNarrowPhaseHook([&](const NarrowPhaseEvent& e) {
        if (recorder) {
            recorder->onNarrowPhase(e);
            ++calls;
            engineSaidPrevious += e.queriedAtPreviousStep && !e.perturbed ? 1 : 0;
        }
    });
    DatasetMeta meta = recordingMeta(scene, "builtin:funnel-pairs", "", {});
    meta.source = "minkowski view";
    for (int s = 0; s < 90; ++s) {
        if (s == 50) { // the pair rests on the floor by now: its pairs have previous queries
            recorder = std::make_unique<StreamRecorder>(dir.file("viewer.h5"), meta);
        }
        built.world.step();
    }
    recorder->finish();
    const Dataset d = readDataset(dir.file("viewer.h5"));
    EXPECT_EQ(d.meta.source, "minkowski view");
    ASSERT_EQ(d.trajectories.size(), 1U);
    EXPECT_EQ(d.trajectories[0].steps, 40);
    EXPECT_EQ(static_cast<std::int64_t>(d.problems.size()), calls);
    EXPECT_TRUE(d.bodies.empty());
    std::int64_t previous = 0;
    for (const ProblemRow& p : d.problems) {
        EXPECT_GE(p.step, 50);
        previous += p.queriedPrevious ? 1 : 0;
        if (p.step == 50) {
            EXPECT_FALSE(p.queriedPrevious); // not seen: the replay falls back to obb
        }
    }
    EXPECT_GT(previous, 0);
    EXPECT_LT(previous, engineSaidPrevious);
}

TEST(Stream, AViewerRecordingThatIsNotFinishedLeavesNothing) {
    TempDir dir;
    { StreamRecorder recorder(dir.file("viewer.h5"), {}); }
    EXPECT_EQ(entries(dir.path()), 0U);
}

} // namespace
} // namespace mk::dataset::test
