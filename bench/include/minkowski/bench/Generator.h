#pragma once
/// \file Generator.h
/// Problem sets following the protocol of GJK++ (Montaut et al., Sec. IV): random pairs of shapes
/// at a random relative rotation, shape B translated along the closest-point direction so that
/// the signed distance takes each value of a distance grid.
///
/// References: for a target d >= 0 the reference is d itself. Translating B along the unit
/// closest-point direction n by delta changes a positive distance by exactly delta; n is computed
/// with mk::collide at tight tolerance, once at a start pose and once more at a base distance of
/// 0.01 m from which every target is placed. For d < 0 the translation only bounds the depth
/// (|d| >= depth), so the reference is computed by EPA at tight tolerance.

#include "minkowski/bench/Problem.h"
#include "minkowski/bench/ProblemCsv.h"
#include "minkowski/bench/Random.h" // randomRotation, randomDirection

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace mk::bench {

/// The distance grid of GJK++ Sec. IV (unit: metre), from -0.1 m to 1 m.
inline const std::vector<double> kDefaultDistanceGrid{-0.1,  -0.05, -0.01, 0.0, 0.001,
                                                      0.01,  0.05,  0.1,   0.5, 1.0};

/// GJK relative tolerance of the reference computations (the benchmark's solvers use 1e-8).
inline constexpr double kReferenceTolerance = 1e-12;
/// EPA depth tolerance of the references of penetrating problems (unit: metre).
inline constexpr double kReferencePenetrationTolerance = 1e-10;

struct GeneratorOptions {
    std::vector<double> distances = kDefaultDistanceGrid; ///< signed distances to place pairs at
    int pairs = 10;          ///< random pairs (shapes + rotation) per distance
    std::uint64_t seed = 0;  ///< the same seed gives the same problems
};

/// Random ellipsoid pairs: semi-axes drawn from N(0.1 m, 0.025 m) clamped to >= 0.02 m, as in the
/// GJK++ benchmark code (colbench), with uniformly random rotations of both shapes (the
/// equivalent of the paper's random positive-definite matrices). Problems are ordered pair by
/// pair, each pair at every distance of the grid.
/// \throws std::runtime_error if a pair cannot be placed after many attempts (solver failure).
ProblemSet generateEllipsoidSet(const GeneratorOptions& options);

/// Random pairs drawn (with replacement) from `meshes`, placed as generateEllipsoidSet does; the
/// set is called `name`. \throws std::invalid_argument when `meshes` is empty.
ProblemSet generateMeshSet(const std::vector<ProblemShape>& meshes, const GeneratorOptions& options,
                           std::string name = "meshes");

/// The convex hulls of every *.obj file of `folder`, sorted by file name.
/// \throws FileError when the folder does not exist or holds no .obj file; ShapeError naming a
/// file that cannot be read.
std::vector<ProblemShape> loadMeshFolder(const std::string& folder, MeshCache& meshes);

/// Meshes for when no mesh folder is given: hulls of 50, 200, 500 and 1000 random points on
/// ellipsoids and rounded boxes of random semi-axes (0.05 to 0.25 m); every point is a vertex.
std::vector<ProblemShape> generatedHulls(std::uint64_t seed);

/// The problems of one pair: A at the origin with rotation `rotationA`, B with `rotationB`
/// placed along `direction` (from A), one problem per entry of `distances`. Returns nothing when
/// the tight reference solver does not converge on this pose (the caller draws another).
std::optional<std::vector<CollisionProblem>> placePair(const ProblemShape& a, const ProblemShape& b,
                                                       const Quat& rotationA, const Quat& rotationB,
                                                       const Vec3& direction,
                                                       const std::vector<double>& distances);

} // namespace mk::bench
