/// \file test_schema2.cpp
/// Schema 2 of the dataset (docs/dataset.md): a scene with every shape kind the engine simulates
/// (rounded boxes, superquadrics and smoothed hulls included) records, reads back the same
/// shapes and replays through gjk, rtr and sdf-ellipsoid; a viewer recording keeps the solver
/// choice of every call across live switches and replays with each; a schema-1 file (written by
/// the schema-1 column lists) still reads.

#include "DatasetTestUtil.h"
#include "ViewerRecorder.h"
#include "minkowski/dataset/Reader.h"
#include "minkowski/dataset/Replay.h"
#include "minkowski/viewer/ViewerModel.h"

#include <random>
#include <set>

namespace mk::dataset::test {
namespace {

/// Ten bodies, one per shape kind (and a sharp and a rounded box), dropped into a pit; the
/// smoothed hull lands on the ball, so that RTR (smooth shapes only) has calls to answer.
constexpr const char* kEveryShape = R"(
name = "every-shape"
[simulation]
seconds = 0.4
trajectories = 1
seed = 5

[funnel]
half_width = 0.25
tilt_degrees = 10.0
wall_height = 0.6

[shapes.ball]
type = "sphere"
radius = 0.05
[shapes.crate]
type = "box"
half_extents = [0.06, 0.05, 0.04]
[shapes.brick]
type = "box"
half_extents = [0.06, 0.04, 0.03]
rounding = 0.01
[shapes.pill]
type = "capsule"
radius = 0.03
half_height = 0.05
[shapes.can]
type = "cylinder"
radius = 0.04
half_height = 0.05
[shapes.hat]
type = "cone"
radius = 0.05
half_height = 0.05
[shapes.egg]
type = "ellipsoid"
radii = [0.06, 0.045, 0.035]
[shapes.pebble]
type = "superquadric"
radii = [0.05, 0.04, 0.03]
exponents = [1.5, 1.2]
inflation = 0.002
[shapes.rock]
type = "mesh"
path = "rock.obj"
[shapes.soft]
type = "mesh"
path = "rock.obj"
smoothing = 6

[[bodies]]
shape = "ball"
position = [0.0, 0.0, 0.1]
[[bodies]]
shape = "crate"
position = [0.0, -0.1, 0.1]
[[bodies]]
shape = "brick"
position = [0.1, -0.1, 0.1]
[[bodies]]
shape = "pill"
position = [-0.1, 0.0, 0.1]
[[bodies]]
shape = "can"
position = [-0.1, -0.1, 0.1]
[[bodies]]
shape = "hat"
position = [0.1, 0.0, 0.1]
[[bodies]]
shape = "egg"
position = [-0.1, 0.1, 0.1]
[[bodies]]
shape = "pebble"
position = [0.0, 0.1, 0.1]
[[bodies]]
shape = "rock"
position = [0.1, 0.1, 0.1]
[[bodies]]
shape = "soft"
position = [0.0, 0.0, 0.25]
)";

/// A rock: an irregular hull of 40 points (more than the linear-scan threshold).
void writeRock(const TempDir& dir) {
    std::mt19937_64 rng(3);
    std::normal_distribution<double> n;
    std::ofstream obj(dir.file("rock.obj"));
    for (int i = 0; i < 40; ++i) {
        const Vec3 p =
            Vec3(n(rng), n(rng), n(rng)).normalized().cwiseProduct(Vec3(0.06, 0.05, 0.04));
        obj << "v " << p.x() << ' ' << p.y() << ' ' << p.z() << '\n';
    }
}

scenes::SceneDesc everyShapeScene(const TempDir& dir) {
    writeRock(dir);
    scenes::SceneDesc scene = scenes::parseScene(kEveryShape, "every-shape.toml", dir.path());
    scenes::validateScene(scene);
    return scene;
}

/// Support points of two shapes along the same directions agree within `tolerance`.
void expectSameSupport(const Shape& a, const Shape& b, double tolerance) {
    std::mt19937_64 rng(11);
    std::normal_distribution<double> n;
    for (int i = 0; i < 32; ++i) {
        const Vec3 d(n(rng), n(rng), n(rng));
        int ha = -1, hb = -1;
        EXPECT_LT((a.support(d, ha) - b.support(d, hb)).norm(), tolerance)
            << shapeTypeName(a.type());
    }
}

TEST(Schema2, EveryShapeKindRecordsReadsAndReplays) {
    const TempDir dir;
    const scenes::SceneDesc scene = everyShapeScene(dir);
    const scenes::SceneShapes shapes = scenes::loadShapes(scene);
    {
        DatasetWriter writer(dir.file("all.h5"));
        (void)recordScene(scene, shapes, {}, writer);
        writer.commit(recordingMeta(scene, dir.file("every-shape.toml"), "", {}));
    }
    const Dataset d = readDataset(dir.file("all.h5"));
    EXPECT_EQ(d.meta.schemaVersion, 2);
    std::set<ShapeType> types;
    for (size_t i = 0; i < d.shapeRecords.size(); ++i) {
        const ShapeRecord& r = d.shapeRecords[i];
        types.insert(r.type);
        const auto it = shapes.find(r.name);
        if (it != shapes.end()) { // a scene shape (the pit's walls are the funnel's boxes)
            // smoothed hulls are rebuilt from their hull's vertices: the centroid they are
            // written about is recomputed, equal within rounding
            expectSameSupport(it->second.shape, d.shapes[i], 1e-12);
            EXPECT_TRUE(describeShape(d.shapes[i], r.name).sameGeometry(r) ||
                        r.type == ShapeType::SmoothedHull)
                << r.name;
        }
    }
    const std::set<ShapeType> all{
        ShapeType::Sphere,     ShapeType::Box,          ShapeType::Capsule,
        ShapeType::Cylinder,   ShapeType::Cone,         ShapeType::Ellipsoid,
        ShapeType::ConvexMesh, ShapeType::Superquadric, ShapeType::SmoothedHull};
    EXPECT_EQ(types, all);
    const bool rounded = std::any_of(d.shapeRecords.begin(), d.shapeRecords.end(),
                                     [](const ShapeRecord& r) { return r.inflation > 0.0; });
    EXPECT_TRUE(rounded);

    // every kind takes part in some call, and gjk, rtr and sdf-ellipsoid replay them all
    const std::vector<size_t> rows = selectProblems(d, {});
    std::set<ShapeType> called;
    for (const size_t row : rows) {
        called.insert(d.shapes[size_t(d.problems[row].shapeA)].type());
        called.insert(d.shapes[size_t(d.problems[row].shapeB)].type());
    }
    EXPECT_EQ(called, all);
    ReplayOptions options;
    options.repeats = 1;
    for (const SolverEntry* s : {&builtins::gjk(), &builtins::rtr(), &builtins::sdfEllipsoid()}) {
        options.contenders.push_back({*s, WarmStart::Previous});
    }
    for (const bench::BenchTask task : {bench::BenchTask::Boolean, bench::BenchTask::Distance}) {
        options.task = task;
        const ReplayRun run = replay(d, rows, options);
        for (size_t c = 0; c < options.contenders.size(); ++c) {
            int answered = 0;
            for (size_t p = 0; p < rows.size(); ++p) {
                const ReplayCell& cell = run.cell(p, c);
                if (cell.unsupported) {
                    continue;
                }
                ++answered;
                EXPECT_TRUE(cell.status != Status::MaxIterations &&
                            cell.status != Status::Degenerate &&
                            cell.status != Status::InvalidInput)
                    << name(options.contenders[c].solver) << " row " << rows[p] << ": "
                    << name(cell.status);
                EXPECT_FALSE(cell.disagrees)
                    << name(options.contenders[c].solver) << " row " << rows[p];
            }
            EXPECT_GT(answered, 0) << name(options.contenders[c].solver);
        }
    }
}

TEST(Schema2, ViewerRecordingKeepsLiveSwitchesAndReplaysBoth) {
    const TempDir dir;
    const scenes::SceneDesc scene = tinyScene(1);
    viewer::ViewerModel model(scene);
    model.setRecorderFactory(cli::makeViewerRecorderFactory(scene, "builtin:funnel-pairs"));
    model.startRecording(dir.file("live.h5"));
    const SolverChoice first = parseSolverChoice("gjk-nesterov:subalgo=barycode");
    const SolverChoice second = parseSolverChoice("mpr");
    model.state().setSolver(first);
    for (int s = 0; s < 40; ++s) {
        model.step();
    }
    model.state().setSolver(second); // a live switch
    for (int s = 0; s < 40; ++s) {
        model.step();
    }
    model.stopRecording();
    ASSERT_TRUE(std::filesystem::exists(dir.file("live.h5"))) << model.recordingStatus();

    const Dataset d = readDataset(dir.file("live.h5"));
    const std::vector<size_t> rows = selectProblems(d, {});
    ASSERT_FALSE(rows.empty());
    // each call names its choice; the switch happens once, at a step boundary
    std::int32_t lastStep = -1;
    int switches = 0;
    std::string previous;
    for (const ProblemRow& p : d.problems) {
        const std::string& solver = d.solverNames.at(size_t(p.solver));
        EXPECT_TRUE(solver == name(first) || solver == name(second) || solver == "gjk") << solver;
        if (solver != "gjk" && !previous.empty() && solver != previous) {
            ++switches;
            EXPECT_GT(p.step, lastStep);
        }
        if (solver != "gjk") { // gjk: the engine's fallback for a pair a solver cannot answer
            previous = solver;
            lastStep = p.step;
        }
    }
    EXPECT_EQ(switches, 1);
    const std::vector<SolverChoice> recorded = recordedSolverChoices(d, rows);
    ASSERT_GE(recorded.size(), 2u);
    EXPECT_NE(std::find(recorded.begin(), recorded.end(), first), recorded.end());
    EXPECT_NE(std::find(recorded.begin(), recorded.end(), second), recorded.end());

    ReplayOptions options;
    options.repeats = 1;
    options.task = bench::BenchTask::Boolean;
    for (const SolverChoice& c : recorded) {
        options.contenders.emplace_back(c, WarmStart::Previous);
    }
    const ReplayRun run = replay(d, rows, options);
    for (size_t c = 0; c < recorded.size(); ++c) {
        for (size_t p = 0; p < rows.size(); ++p) {
            EXPECT_FALSE(run.cell(p, c).disagrees) << name(recorded[c]) << " row " << rows[p];
        }
    }
}

TEST(Schema2, SchemaOneFileStillReads) {
    const TempDir dir;
    const TrajectoryData t = recordTrajectory(tinyScene(1), tinyShapes(), 0);
    {
        DatasetWriter writer(dir.file("v1.h5"), {.overwrite = false, .schemaVersion = 1});
        writer.add(t);
        writer.commit(recordingMeta(tinyScene(1), "builtin:funnel-pairs", "", {}));
    }
    {
        DatasetWriter writer(dir.file("v2.h5"));
        writer.add(t);
        writer.commit(recordingMeta(tinyScene(1), "builtin:funnel-pairs", "", {}));
    }
    const Dataset v1 = readDataset(dir.file("v1.h5"));
    const Dataset v2 = readDataset(dir.file("v2.h5"));
    EXPECT_EQ(v1.meta.schemaVersion, 1);
    EXPECT_EQ(v2.meta.schemaVersion, 2);
    ASSERT_EQ(v1.problems.size(), v2.problems.size());
    EXPECT_EQ(v1.solverNames, kSchema1Solvers);
    for (size_t i = 0; i < v1.problems.size(); ++i) {
        EXPECT_EQ(v1.solverNames[size_t(v1.problems[i].solver)],
                  v2.solverNames[size_t(v2.problems[i].solver)]);
        EXPECT_EQ(v1.problems[i].distance, v2.problems[i].distance);
    }
    ASSERT_EQ(v1.shapeRecords.size(), v2.shapeRecords.size());
    for (size_t i = 0; i < v1.shapeRecords.size(); ++i) {
        EXPECT_TRUE(v1.shapeRecords[i].sameGeometry(v2.shapeRecords[i]));
    }
    // schema 1 cannot hold a solver option or a rounded box: refused, not truncated
    TrajectoryData barycode = t;
    barycode.solverNames = {"gjk:subalgo=barycode"};
    DatasetWriter refusing(dir.file("v1b.h5"), {.overwrite = false, .schemaVersion = 1});
    EXPECT_THROW(refusing.add(barycode), DatasetError);
}

} // namespace
} // namespace mk::dataset::test
