/// \file test_atomic.cpp
/// Writes are atomic: an existing file is kept without overwrite, a writer that never commits
/// (an exception mid-write, Ctrl-C) leaves neither the output nor its temporary file.

#include "DatasetTestUtil.h"
#include "minkowski/dataset/Reader.h"

namespace mk::dataset::test {
namespace {

TEST(Atomic, ExistingOutputIsNotOverwrittenWithoutForce) {
    TempDir dir;
    const std::string path = dir.file("run.h5");
    { std::ofstream(path) << "precious"; }
    try {
        recordTiny(path);
        FAIL() << "overwrote an existing file";
    } catch (const DatasetError& e) {
        EXPECT_NE(std::string(e.what()).find("exists; use --force"), std::string::npos) << e.what();
    }
    EXPECT_EQ(fileBytes(path), "precious");
    EXPECT_EQ(entries(dir.path()), 1U);

    const scenes::SceneDesc scene = tinyScene(1);
    DatasetWriter writer(path, WriterOptions{.overwrite = true});
    recordScene(scene, tinyShapes(), {}, writer);
    EXPECT_EQ(fileBytes(path), "precious"); // untouched until commit
    writer.commit(recordingMeta(scene, "builtin:funnel-pairs", "", {}));
    EXPECT_EQ(readDatasetMeta(path).trajectoryCount, 1);
}

TEST(Atomic, AnExceptionMidWriteLeavesNoFile) {
    TempDir dir;
    const std::string path = dir.file("run.h5");
    try {
        DatasetWriter writer(path);
        writer.add(recordTrajectory(tinyScene(), tinyShapes(), 0));
        EXPECT_TRUE(std::filesystem::exists(writer.temporaryPath()));
        throw std::runtime_error("simulated crash after one trajectory");
    } catch (const std::runtime_error&) {
    }
    EXPECT_FALSE(std::filesystem::exists(path));
    EXPECT_EQ(entries(dir.path()), 0U);
}

TEST(Atomic, InterruptStopsBetweenTrajectoriesAndLeavesNoFile) {
    TempDir dir;
    const std::string path = dir.file("run.h5");
    std::atomic<bool> interrupt{false};
    RecordOptions options;
    options.threads = 2;
    options.interrupt = &interrupt;
    int written = 0;
    options.progress = [&](int done, int) {
        written = done;
        interrupt = true; // Ctrl-C after the first trajectory
    };
    EXPECT_THROW(
        {
            DatasetWriter writer(path);
            recordScene(tinyScene(), tinyShapes(), options, writer);
            writer.commit({});
        },
        Interrupted);
    EXPECT_EQ(written, 1);
    EXPECT_EQ(entries(dir.path()), 0U);
}

TEST(Atomic, TrajectoriesMustIncreaseAndShapeIdsMustExist) {
    TempDir dir;
    DatasetWriter writer(dir.file("run.h5"));
    TrajectoryData t = recordTrajectory(tinyScene(), tinyShapes(), 1);
    writer.add(t);
    EXPECT_THROW(writer.add(t), DatasetError);
    t.trajectory = 2;
    t.problems.at(0).shapeA = 99;
    EXPECT_THROW(writer.add(t), DatasetError);
}

} // namespace
} // namespace mk::dataset::test
