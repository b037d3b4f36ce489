/// \file test_roundtrip.cpp
/// A tiny recording read back: every column of every table equals what the recorder produced,
/// shapes rebuild to the recorded geometry, and /meta says how the file was made.

#include "DatasetTestUtil.h"
#include "minkowski/dataset/Format.h"
#include "minkowski/dataset/Reader.h"
#include "minkowski/narrowphase/ConvexMesh.h"

namespace mk::dataset::test {
namespace {

bool samePose(const Pose& a, const Pose& b) {
    return a.rotation.coeffs() == b.rotation.coeffs() && a.translation == b.translation;
}

void expectSameProblem(const ProblemRow& a, const ProblemRow& b, size_t i) {
    SCOPED_TRACE("problem " + std::to_string(i));
    EXPECT_EQ(a.trajectory, b.trajectory);
    EXPECT_EQ(a.step, b.step);
    EXPECT_EQ(a.bodyA, b.bodyA);
    EXPECT_EQ(a.bodyB, b.bodyB);
    EXPECT_TRUE(samePose(a.poseA, b.poseA));
    EXPECT_TRUE(samePose(a.poseB, b.poseB));
    EXPECT_EQ(a.obbCenterA, b.obbCenterA);
    EXPECT_EQ(a.obbCenterB, b.obbCenterB);
    EXPECT_EQ(a.perturbed, b.perturbed);
    EXPECT_EQ(a.queriedPrevious, b.queriedPrevious);
    EXPECT_EQ(a.previousStep, b.previousStep);
    EXPECT_EQ(a.previousSeparation, b.previousSeparation);
    EXPECT_TRUE(samePose(a.previousPoseA, b.previousPoseA));
    EXPECT_TRUE(samePose(a.previousPoseB, b.previousPoseB));
    EXPECT_EQ(a.previousWitnessA, b.previousWitnessA);
    EXPECT_EQ(a.previousWitnessB, b.previousWitnessB);
    EXPECT_EQ(a.solver, b.solver);
    EXPECT_EQ(a.status, b.status);
    EXPECT_EQ(a.collide, b.collide);
    EXPECT_EQ(a.distance, b.distance);
    EXPECT_EQ(a.witnessA, b.witnessA);
    EXPECT_EQ(a.witnessB, b.witnessB);
    EXPECT_EQ(a.normal, b.normal);
    EXPECT_EQ(a.separation, b.separation);
    EXPECT_EQ(a.initialGuess, b.initialGuess);
    EXPECT_EQ(a.iterations, b.iterations);
    EXPECT_EQ(a.penetrationIterations, b.penetrationIterations);
    EXPECT_EQ(a.supportCalls, b.supportCalls);
}

class RoundTrip : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new TempDir();
        path_ = dir_->file("tiny.h5");
        recordTiny(path_);
        for (int t = 0; t < 3; ++t) {
            expected_.push_back(recordTrajectory(tinyScene(), tinyShapes(), t));
        }
    }
    static void TearDownTestSuite() {
        delete dir_;
        expected_.clear();
    }
    static TempDir* dir_;
    static std::string path_;
    static std::vector<TrajectoryData> expected_;
};
TempDir* RoundTrip::dir_ = nullptr;
std::string RoundTrip::path_;
std::vector<TrajectoryData> RoundTrip::expected_;

TEST_F(RoundTrip, MetaSaysHowTheFileWasMade) {
    const DatasetMeta m = readDatasetMeta(path_);
    EXPECT_EQ(m.schemaVersion, kSchemaVersion);
    EXPECT_EQ(m.programVersion, programVersion());
    EXPECT_EQ(m.source, "minkowski record");
    EXPECT_EQ(m.sceneName, "funnel-pairs");
    EXPECT_EQ(m.sceneFile, "builtin:funnel-pairs");
    EXPECT_NE(m.sceneToml.find("name = \"funnel-pairs\""), std::string::npos);
    EXPECT_EQ(m.seed, 123U);
    EXPECT_DOUBLE_EQ(m.timeStep, 1.0 / 120.0);
    EXPECT_EQ(m.stepsPerTrajectory, 60);
    EXPECT_EQ(m.sceneTrajectories, 3);
    EXPECT_EQ(m.firstTrajectory, 0);
    EXPECT_EQ(m.trajectoryCount, 3);
    EXPECT_EQ(m.shardIndex, 0);
    EXPECT_EQ(m.shardCount, 1);
    EXPECT_EQ(m.solver, "gjk");
    EXPECT_EQ(m.warmStart, "previous");
    EXPECT_EQ(m.task, "signed-distance");
    EXPECT_DOUBLE_EQ(m.margin, 0.005);
    EXPECT_EQ(m.perturbationIterations, 3);
}

TEST_F(RoundTrip, EveryTableReadsBackAsRecorded) {
    const Dataset d = readDataset(path_);
    ASSERT_EQ(d.trajectories.size(), 3U);
    size_t problems = 0;
    for (size_t t = 0; t < 3; ++t) {
        const TrajectoryData got = trajectoryData(d, t);
        const TrajectoryData& want = expected_[t];
        EXPECT_EQ(got.trajectory, want.trajectory);
        EXPECT_EQ(got.steps, 60);
        EXPECT_EQ(got.stateHash, want.stateHash);
        ASSERT_EQ(got.shapes.size(), want.shapes.size());
        for (size_t s = 0; s < got.shapes.size(); ++s) {
            EXPECT_TRUE(got.shapes[s].sameGeometry(want.shapes[s]));
            EXPECT_EQ(got.shapes[s].name, want.shapes[s].name);
        }
        ASSERT_EQ(got.bodies.size(), 7U); // floor, four walls, the pair
        for (size_t b = 0; b < got.bodies.size(); ++b) {
            EXPECT_EQ(got.bodies[b].body, want.bodies[b].body);
            EXPECT_EQ(got.bodies[b].shape, want.bodies[b].shape);
            EXPECT_EQ(got.bodies[b].kind, want.bodies[b].kind);
            EXPECT_EQ(got.bodies[b].mass, want.bodies[b].mass);
            EXPECT_EQ(got.bodies[b].centerOfMass, want.bodies[b].centerOfMass);
            EXPECT_TRUE(samePose(got.bodies[b].pose, want.bodies[b].pose));
            EXPECT_EQ(got.bodies[b].name, want.bodies[b].name);
        }
        ASSERT_EQ(got.states.size(), 2U * 61U); // two moving bodies, initial state + 60 steps
        for (size_t s = 0; s < got.states.size(); ++s) {
            EXPECT_EQ(got.states[s].step, want.states[s].step);
            EXPECT_EQ(got.states[s].body, want.states[s].body);
            EXPECT_TRUE(samePose(got.states[s].pose, want.states[s].pose));
            EXPECT_EQ(got.states[s].linearVelocity, want.states[s].linearVelocity);
            EXPECT_EQ(got.states[s].angularVelocity, want.states[s].angularVelocity);
        }
        ASSERT_EQ(got.problems.size(), want.problems.size());
        for (size_t p = 0; p < got.problems.size(); ++p) {
            expectSameProblem(got.problems[p], want.problems[p], p);
            EXPECT_EQ(got.problems[p].shapeA, want.problems[p].shapeA);
            EXPECT_EQ(got.problems[p].shapeB, want.problems[p].shapeB);
        }
        problems += got.problems.size();
    }
    EXPECT_EQ(problems, d.problems.size());
    EXPECT_GT(problems, 100U); // the pair reaches the floor within 0.5 s
}

TEST_F(RoundTrip, MeshesRebuildToTheRecordedHull) {
    const Dataset d = readDataset(path_);
    size_t meshes = 0;
    for (size_t s = 0; s < d.shapes.size(); ++s) {
        const ShapeRecord& r = d.shapeRecords[s];
        EXPECT_EQ(d.shapes[s].type(), r.type);
        if (r.type == ShapeType::ConvexMesh) {
            ++meshes;
            EXPECT_EQ(d.shapes[s].convexMesh()->vertices(), r.vertices) << r.name;
        } else {
            EXPECT_TRUE(describeShape(d.shapes[s], r.name).sameGeometry(r)) << r.name;
        }
    }
    EXPECT_GE(meshes, 2U);
}

TEST_F(RoundTrip, ProblemPosesMatchTheStatesOfTheirStep) {
    const Dataset d = readDataset(path_);
    size_t checked = 0;
    for (const ProblemRow& p : d.problems) {
        if (p.perturbed) {
            continue;
        }
        for (const StateRow& s : d.states) {
            if (s.trajectory == p.trajectory && s.step == p.step && s.body == p.bodyB) {
                EXPECT_TRUE(samePose(s.pose, p.poseB));
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 10U);
}

TEST_F(RoundTrip, PreviousFieldsFollowTheEnginesPairCache) {
    const Dataset d = readDataset(path_);
    size_t withPrevious = 0;
    size_t without = 0;
    size_t perturbed = 0;
    for (const ProblemRow& p : d.problems) {
        if (p.perturbed) {
            ++perturbed;
            EXPECT_FALSE(p.queriedPrevious);
            EXPECT_EQ(p.previousStep, p.step); // the same step's real query
        } else if (p.queriedPrevious) {
            ++withPrevious;
            EXPECT_EQ(p.previousStep, p.step - 1);
        } else {
            ++without;
            EXPECT_NE(p.previousStep, p.step - 1);
        }
    }
    EXPECT_GT(withPrevious, 0U);
    EXPECT_GT(without, 0U); // first contacts of each pair
    EXPECT_GT(perturbed, 0U);
}

} // namespace
} // namespace mk::dataset::test
