/// \file test_determinism.cpp
/// The file does not depend on the thread count (byte for byte), and merged shards equal the
/// unsharded recording.

#include "DatasetTestUtil.h"
#include "minkowski/dataset/Merge.h"
#include "minkowski/dataset/Reader.h"

namespace mk::dataset::test {
namespace {

/// Every table and the meta of two datasets, compared value by value.
void expectSameContent(const Dataset& a, const Dataset& b) {
    EXPECT_EQ(a.meta, b.meta);
    ASSERT_EQ(a.shapeRecords.size(), b.shapeRecords.size());
    for (size_t i = 0; i < a.shapeRecords.size(); ++i) {
        EXPECT_TRUE(a.shapeRecords[i].sameGeometry(b.shapeRecords[i]));
        EXPECT_EQ(a.shapeRecords[i].name, b.shapeRecords[i].name);
    }
    ASSERT_EQ(a.trajectories.size(), b.trajectories.size());
    for (size_t t = 0; t < a.trajectories.size(); ++t) {
        EXPECT_EQ(a.trajectories[t].stateHash, b.trajectories[t].stateHash);
        EXPECT_EQ(a.trajectories[t].firstProblem, b.trajectories[t].firstProblem);
        EXPECT_EQ(a.trajectories[t].problemCount, b.trajectories[t].problemCount);
        EXPECT_EQ(a.trajectories[t].firstState, b.trajectories[t].firstState);
    }
    ASSERT_EQ(a.bodies.size(), b.bodies.size());
    ASSERT_EQ(a.states.size(), b.states.size());
    for (size_t i = 0; i < a.states.size(); ++i) {
        EXPECT_EQ(a.states[i].pose.translation, b.states[i].pose.translation);
        EXPECT_EQ(a.states[i].linearVelocity, b.states[i].linearVelocity);
    }
    ASSERT_EQ(a.problems.size(), b.problems.size());
    for (size_t i = 0; i < a.problems.size(); ++i) {
        const ProblemRow& p = a.problems[i];
        const ProblemRow& q = b.problems[i];
        EXPECT_EQ(p.trajectory, q.trajectory);
        EXPECT_EQ(p.step, q.step);
        EXPECT_EQ(p.shapeA, q.shapeA);
        EXPECT_EQ(p.shapeB, q.shapeB);
        EXPECT_EQ(p.poseA.translation, q.poseA.translation);
        EXPECT_EQ(p.distance, q.distance);
        EXPECT_EQ(p.previousWitnessA, q.previousWitnessA);
        EXPECT_EQ(p.initialGuess, q.initialGuess);
    }
}

TEST(Determinism, OneAndTwoThreadsWriteTheSameBytes) {
    TempDir dir;
    recordTiny(dir.file("one.h5"), 1);
    recordTiny(dir.file("two.h5"), 2);
    const std::string one = fileBytes(dir.file("one.h5"));
    ASSERT_FALSE(one.empty());
    EXPECT_TRUE(one == fileBytes(dir.file("two.h5")));
}

TEST(Determinism, MergedShardsEqualTheUnshardedRecording) {
    TempDir dir;
    recordTiny(dir.file("all.h5"));
    recordTiny(dir.file("part1.h5"), 1, Shard{1, 2});
    recordTiny(dir.file("part0.h5"), 2, Shard{0, 2});
    EXPECT_EQ(readDatasetMeta(dir.file("part0.h5")).trajectoryCount, 1);
    EXPECT_EQ(readDatasetMeta(dir.file("part1.h5")).firstTrajectory, 1);
    // Given in the wrong order on purpose: merge sorts by first trajectory.
    const MergeSummary summary =
        mergeDatasets({dir.file("part1.h5"), dir.file("part0.h5")}, dir.file("merged.h5"));
    EXPECT_EQ(summary.shards, 2);
    EXPECT_EQ(summary.trajectories, 3);
    expectSameContent(readDataset(dir.file("all.h5")), readDataset(dir.file("merged.h5")));
    EXPECT_TRUE(fileBytes(dir.file("all.h5")) == fileBytes(dir.file("merged.h5")));
}

TEST(Determinism, MergeRefusesGapsOverlapsAndForeignShards) {
    TempDir dir;
    recordTiny(dir.file("part0.h5"), 1, Shard{0, 3});
    recordTiny(dir.file("part2.h5"), 1, Shard{2, 3});
    recordTiny(dir.file("other.h5"), 1, Shard{1, 3}, 4); // a 4-trajectory recording
    try {
        mergeDatasets({dir.file("part0.h5"), dir.file("part2.h5")}, dir.file("m.h5"));
        FAIL() << "merged with a gap";
    } catch (const DatasetError& e) {
        EXPECT_NE(std::string(e.what()).find("a shard is missing"), std::string::npos) << e.what();
    }
    try {
        mergeDatasets({dir.file("part0.h5"), dir.file("part0.h5")}, dir.file("m.h5"));
        FAIL() << "merged overlapping shards";
    } catch (const DatasetError& e) {
        EXPECT_NE(std::string(e.what()).find("shards overlap"), std::string::npos) << e.what();
    }
    try {
        mergeDatasets({dir.file("part0.h5"), dir.file("other.h5"), dir.file("part2.h5")},
                      dir.file("m.h5"));
        FAIL() << "merged a shard of another recording";
    } catch (const DatasetError& e) {
        EXPECT_NE(std::string(e.what()).find("not a part of the same recording"), std::string::npos)
            << e.what();
    }
    EXPECT_FALSE(std::filesystem::exists(dir.file("m.h5")));
}

TEST(Determinism, ShardRangesTileTheTrajectories) {
    EXPECT_EQ(shardRange({0, 3}, 10), std::make_pair(0, 3));
    EXPECT_EQ(shardRange({1, 3}, 10), std::make_pair(3, 3));
    EXPECT_EQ(shardRange({2, 3}, 10), std::make_pair(6, 4));
    EXPECT_EQ(parseShard("2/5").index, 2);
    EXPECT_EQ(parseShard("2/5").count, 5);
    for (const char* bad : {"5/5", "-1/2", "1/0", "1", "a/b", "1/2x", ""}) {
        EXPECT_THROW(parseShard(bad), DatasetError) << bad;
    }
}

} // namespace
} // namespace mk::dataset::test
