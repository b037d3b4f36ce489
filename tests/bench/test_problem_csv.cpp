/// \file test_problem_csv.cpp
/// Reading and writing collision-problem CSV files (docs/collision-problems.md).

#include "TempDir.h"

#include "minkowski/bench/AtomicFile.h"
#include "minkowski/bench/Csv.h"
#include "minkowski/bench/Generator.h"
#include "minkowski/bench/ProblemCsv.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>

namespace mk::bench {
namespace {

using testing::TempDir;

const std::string kHead =
    std::string(kProblemCsvMagic) + "\n" + std::string(kProblemCsvHeader) + "\n";
const std::string kIdentityPoses = "1,0,0,0,0,0,0,1,0,0,0,1,0,0";

const std::string kCube = "v -1 -1 -1\nv 1 -1 -1\nv 1 1 -1\nv -1 1 -1\n"
                          "v -1 -1 1\nv 1 -1 1\nv 1 1 1\nv -1 1 1\n";

ProblemSet readText(const TempDir& dir, const std::string& text) {
    MeshCache cache;
    return readProblemCsv(dir.write("problems.csv", text), cache);
}

/// Reading `text` fails with an error at `line`, `column` whose message contains `needle`.
void expectError(const std::string& text, int line, int column, const std::string& needle) {
    TempDir dir;
    try {
        (void)readText(dir, text);
        FAIL() << "expected a ProblemCsvError for:\n" << text;
    } catch (const ProblemCsvError& error) {
        EXPECT_EQ(error.line(), line) << error.what();
        EXPECT_EQ(error.column(), column) << error.what();
        const std::string what = error.what();
        EXPECT_NE(what.find("problems.csv:" + std::to_string(line) + ":"), std::string::npos)
            << what;
        EXPECT_NE(what.find(needle), std::string::npos) << what;
    }
}

TEST(ProblemCsvRead, QuotedPrimitiveSpecs) {
    TempDir dir;
    const ProblemSet set = readText(dir, kHead + "\"box:hx=0.5,hy=0.25,hz=0.125\","
                                                 "\"capsule:r=0.1,hz=0.3\"," + kIdentityPoses +
                                                 ",0.25\n");
    ASSERT_EQ(set.problems.size(), 1u);
    const CollisionProblem& p = set.problems[0];
    EXPECT_EQ(p.a.shape.type(), ShapeType::Box);
    EXPECT_EQ(p.a.shape.halfExtents(), Vec3(0.5, 0.25, 0.125));
    EXPECT_EQ(p.b.shape.type(), ShapeType::Capsule);
    EXPECT_EQ(p.b.shape.radius(), 0.1);
    EXPECT_EQ(p.b.shape.halfHeight(), 0.3);
    EXPECT_EQ(p.referenceDistance, 0.25);
    EXPECT_EQ(p.referenceKind, ReferenceKind::Given);
    EXPECT_EQ(set.name, "problems");
}

TEST(ProblemCsvRead, PoseIsQuaternionWxyzThenTranslation) {
    TempDir dir;
    const ProblemSet set = readText(
        dir, kHead + "sphere:r=1,sphere:r=2,0,0,0,1,1,2,3,0,1,0,0,-4,-5,-6,\n");
    const CollisionProblem& p = set.problems.at(0);
    EXPECT_EQ(p.poseA.rotation.coeffs(), Quat(0, 0, 0, 1).coeffs());
    EXPECT_EQ(p.poseA.translation, Vec3(1, 2, 3));
    EXPECT_EQ(p.poseB.rotation.coeffs(), Quat(0, 1, 0, 0).coeffs());
    EXPECT_EQ(p.poseB.translation, Vec3(-4, -5, -6));
}

TEST(ProblemCsvRead, EmptyRefDistanceIsUnknown) {
    TempDir dir;
    const ProblemSet set = readText(dir, kHead + "sphere:r=1,sphere:r=1," + kIdentityPoses + ",\n");
    ASSERT_EQ(set.problems.size(), 1u);
    EXPECT_FALSE(set.problems[0].referenceDistance);
    EXPECT_EQ(set.problems[0].referenceKind, ReferenceKind::None);
}

TEST(ProblemCsvRead, ObjPathsAreRelativeToTheCsvFolderAndShared) {
    TempDir dir;
    dir.write("shared/cube.obj", kCube);
    const std::string csv = dir.write(
        "sets/problems.csv", kHead + "../shared/cube.obj,sphere:r=1," + kIdentityPoses + ",\n" +
                                 "sphere:r=1,../shared/cube.obj," + kIdentityPoses + ",\n");
    MeshCache cache;
    const ProblemSet set = readProblemCsv(csv, cache); // from a working directory elsewhere
    ASSERT_EQ(set.problems.size(), 2u);
    const Shape& first = set.problems[0].a.shape;
    ASSERT_EQ(first.type(), ShapeType::ConvexMesh);
    EXPECT_EQ(first.convexMesh()->vertices().size(), 8u);
    EXPECT_EQ(first.convexMesh(), set.problems[1].b.shape.convexMesh()); // read once
    EXPECT_EQ(cache.size(), 1u);
    EXPECT_TRUE(std::filesystem::equivalent(set.problems[0].a.objPath, dir.path() / "shared/cube.obj"));
    EXPECT_EQ(set.problems[0].a.label, "cube");
}

TEST(ProblemCsvRead, BlankLinesAreSkipped) {
    TempDir dir;
    const std::string row = "sphere:r=1,sphere:r=1," + kIdentityPoses + ",\n";
    EXPECT_EQ(readText(dir, kHead + row + "\n" + row).problems.size(), 2u);
}

TEST(ProblemCsvErrors, WrongColumnCountNamesTheLine) {
    expectError(kHead + "sphere:r=1,sphere:r=1," + kIdentityPoses + ",\n" +
                    "sphere:r=1,sphere:r=1," + kIdentityPoses + "\n",
                4, 0, "expected 17 fields, got 16");
}

TEST(ProblemCsvErrors, BadNumberNamesLineAndColumn) {
    expectError(kHead + "sphere:r=1,sphere:r=1,1,abc,0,0,0,0,0,1,0,0,0,1,0,0,\n", 3, 4,
                "column 4 (qa_x): 'abc' is not a finite number");
    expectError(kHead + "sphere:r=1,sphere:r=1," + kIdentityPoses + ",far\n", 3, 17,
                "ref_distance");
}

TEST(ProblemCsvErrors, UnknownShapeNamesTheField) {
    expectError(kHead + "torus:r=1,sphere:r=1," + kIdentityPoses + ",\n", 3, 1, "torus");
    expectError(kHead + "sphere:r=1,banana.stl," + kIdentityPoses + ",\n", 3, 2, "shape_b");
    expectError(kHead + "sphere:r=-1,sphere:r=1," + kIdentityPoses + ",\n", 3, 1, "shape_a");
}

TEST(ProblemCsvErrors, MissingObjFileNamesTheField) {
    expectError(kHead + "sphere:r=1,missing.obj," + kIdentityPoses + ",\n", 3, 2, "missing.obj");
}

TEST(ProblemCsvErrors, MissingOrWrongHeaderLines) {
    expectError(std::string(kProblemCsvHeader) + "\nsphere:r=1,sphere:r=1," + kIdentityPoses +
                    ",\n",
                1, 0, "# collision-problems v1");
    expectError(std::string(kProblemCsvMagic) + "\nshape_a,shape_b\n", 2, 0, "header");
    expectError("", 1, 0, "end of the file");
}

TEST(ProblemCsvErrors, NonUnitQuaternion) {
    expectError(kHead + "sphere:r=1,sphere:r=1,1,0,0,0,0,0,0,2,0,0,0,1,0,0,\n", 3, 10,
                "quaternion");
}

TEST(ProblemCsvErrors, MissingFileIsAFileError) {
    MeshCache cache;
    EXPECT_THROW((void)readProblemCsv("/nonexistent/problems.csv", cache), FileError);
}

TEST(ProblemCsvRead, NearlyUnitQuaternionIsNormalised) {
    TempDir dir;
    const ProblemSet set = readText(
        dir, kHead + "sphere:r=1,sphere:r=1,1.0000001,0,0,0,0,0,0,1,0,0,0,1,0,0,\n");
    EXPECT_NEAR(set.problems.at(0).poseA.rotation.norm(), 1.0, 1e-15);
}

/// Problems with full-precision random poses over every kind of shape source.
std::vector<CollisionProblem> mixedProblems(const std::string& objPath) {
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> coordinate(-2.0, 2.0);
    const auto pose = [&] {
        return Pose(randomRotation(rng), Vec3(coordinate(rng), coordinate(rng), coordinate(rng)));
    };
    MeshCache cache;
    const std::vector<ProblemShape> shapes{
        {Shape::ellipsoid(Vec3(0.1 / 3.0, 0.2, 0.7)), "", "ellipsoid"},
        {Shape::box(Vec3(0.5, 1.0 / 7.0, 0.3)), "", "box"},
        {Shape::cone(0.2, 0.1 / 9.0), "", "cone"},
        {cache.shape(objPath), objPath, "cube"},
        generatedHulls(5)[0],
        generatedHulls(5)[1],
    };
    std::vector<CollisionProblem> problems;
    for (size_t i = 0; i < shapes.size(); ++i) {
        CollisionProblem p{shapes[i], shapes[(i + 1) % shapes.size()], pose(), pose(),
                           std::nullopt, ReferenceKind::None, std::nullopt};
        if (i % 2 == 0) {
            p.referenceDistance = coordinate(rng) / 3.0;
        }
        problems.push_back(p);
    }
    return problems;
}

std::vector<Vec3> sortedVertices(const Shape& shape) {
    std::vector<Vec3> v = shape.convexMesh()->vertices();
    std::sort(v.begin(), v.end(), [](const Vec3& a, const Vec3& b) {
        return std::lexicographical_compare(a.data(), a.data() + 3, b.data(), b.data() + 3);
    });
    return v;
}

void expectSameShape(const ProblemShape& written, const ProblemShape& read) {
    ASSERT_EQ(written.shape.type(), read.shape.type());
    if (written.shape.type() == ShapeType::ConvexMesh) {
        EXPECT_EQ(sortedVertices(written.shape), sortedVertices(read.shape));
    } else {
        EXPECT_EQ(primitiveSpec(written.shape), primitiveSpec(read.shape));
        EXPECT_EQ(written.shape.radii(), read.shape.radii());
    }
}

TEST(ProblemCsvRoundTrip, WriteThenReadIsExact) {
    TempDir dir;
    const std::string obj = dir.write("meshes/cube.obj", kCube);
    const std::vector<CollisionProblem> written = mixedProblems(obj);
    const std::string csv = (dir.path() / "out" / "set.csv").string();
    std::filesystem::create_directories(dir.path() / "out");
    writeProblemCsv(csv, written);
    EXPECT_TRUE(std::filesystem::exists(dir.path() / "out" / "set_meshes" / "hull50.obj"));

    MeshCache cache;
    const ProblemSet read = readProblemCsv(csv, cache);
    ASSERT_EQ(read.problems.size(), written.size());
    for (size_t i = 0; i < written.size(); ++i) {
        SCOPED_TRACE(i);
        const CollisionProblem& w = written[i];
        const CollisionProblem& r = read.problems[i];
        expectSameShape(w.a, r.a);
        expectSameShape(w.b, r.b);
        EXPECT_EQ(w.poseA.rotation.coeffs(), r.poseA.rotation.coeffs());
        EXPECT_EQ(w.poseA.translation, r.poseA.translation);
        EXPECT_EQ(w.poseB.rotation.coeffs(), r.poseB.rotation.coeffs());
        EXPECT_EQ(w.poseB.translation, r.poseB.translation);
        EXPECT_EQ(w.referenceDistance, r.referenceDistance);
    }
    // The OBJ-file mesh is referenced by a path relative to the CSV, not copied.
    EXPECT_TRUE(std::filesystem::equivalent(read.problems[3].a.objPath, obj));
}

TEST(ProblemCsvWrite, FailsCleanlyInAMissingFolder) {
    EXPECT_THROW(writeProblemCsv("/nonexistent/folder/set.csv", {}), FileError);
}

} // namespace
} // namespace mk::bench
