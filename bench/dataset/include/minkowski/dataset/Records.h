#pragma once
/// \file Records.h
/// The content of a trajectory dataset (docs/dataset.md) as C++ values: what the recorder
/// produces, the writer stores, the reader returns and the replay consumes. One struct per table
/// row; every field is one HDF5 column of the same name in snake_case.
///
/// Conventions (those of the narrow phase, Query.h): poses map shape to world and are stored as
/// (qw, qx, qy, qz, tx, ty, tz); the separation vector is x = p_A - p_B; the normal points from A
/// to B; signed distances are negative when penetrating. Units: metre, second, kilogram.

#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/Query.h"
#include "minkowski/narrowphase/Shape.h"

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace mk::dataset {

/// A dataset file that cannot be read, written or understood. what() names the file and, for
/// malformed content, the group or column ("run.h5: /problems/pose_a: expected 7 columns, got 3").
class DatasetError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// One shape as stored in /shapes: primitive parameters, or a mesh's hull, or a smooth shape's
/// parameters and points.
struct ShapeRecord {
    std::string name; ///< the scene's shape key ("banana"), or the body group ("funnel")
    ShapeType type = ShapeType::Sphere;
    /// sphere, capsule, cylinder, cone: (radius, 0, half height); box: half extents of the core
    /// (without the rounding); ellipsoid, superquadric: semi-axes; mesh, smoothed hull: zero
    /// (unit: metre).
    Vec3 params = Vec3::Zero();
    /// Rounded box: the rounding; superquadric: the inflation; 0 otherwise (unit: metre).
    /// Schema 2 (schema 1 stores no rounded box and no smooth shape).
    double inflation = 0.0;
    /// Superquadric: (alpha1, alpha2, 0); smoothed hull: (beta, 0, 0); zero otherwise. Schema 2.
    Vec3 exponents = Vec3::Zero();
    /// mesh: hull vertices; smoothed hull: the vertices of the hull it smooths (local frame,
    /// unit: metre).
    std::vector<Vec3> vertices;
    std::vector<std::array<int, 3>> triangles; ///< mesh: hull triangles, indices into vertices

    /// Same type, parameters, vertices and triangles (the name is not compared).
    [[nodiscard]] bool sameGeometry(const ShapeRecord& other) const;
};

/// The record of `shape` under `name`: every shape the engine simulates.
/// \throws DatasetError for a smoothed solid of revolution (no scene makes one).
ShapeRecord describeShape(const Shape& shape, std::string name);

/// The shape a record stores. A mesh is rebuilt as the convex hull of its stored hull vertices
/// (the same vertices, in the same order, as the recorded shape's).
/// \throws DatasetError when the parameters or vertices do not make a valid shape.
Shape rebuildShape(const ShapeRecord& record);

/// Body kinds, stored as uint8 (the values of mk::BodyType).
enum class BodyKind : std::uint8_t { Static = 0, Dynamic = 1, Kinematic = 2 };

/// One body of one trajectory (/trajectories/bodies).
struct BodyRow {
    std::int32_t trajectory = 0;
    std::int32_t body = 0;            ///< its BodyId in the trajectory's world
    std::int32_t shape = 0;           ///< row of /shapes
    std::uint8_t kind = 0;            ///< BodyKind
    double mass = 0.0;                ///< (unit: kilogram); 0 for static and kinematic bodies
    Vec3 centerOfMass = Vec3::Zero(); ///< in the shape's frame (unit: metre)
    Pose pose;                        ///< initial shape pose
    std::string name;                 ///< "funnel floor", "pair[1]" (column `name`)
};

/// The state of one moving (dynamic or kinematic) body after `step` steps (/trajectories/states).
/// Static bodies never move: their pose is BodyRow::pose.
struct StateRow {
    std::int32_t trajectory = 0;
    std::int32_t step = 0; ///< 0: the initial state; s: after s steps, as queried at step s
    std::int32_t body = 0;
    Pose pose;                           ///< shape pose (the pose the narrow phase sees)
    Vec3 linearVelocity = Vec3::Zero();  ///< of the centre of mass, world frame (unit: m/s)
    Vec3 angularVelocity = Vec3::Zero(); ///< world frame (unit: rad/s)
};

/// One narrow-phase call (/problems): the problem, the pair's memory from its previous query (what
/// the `previous` and `transformed-previous` warm starts need, exactly what mk::PairCache keeps),
/// and the recording solver's answer.
struct ProblemRow {
    std::int32_t trajectory = 0;
    std::int32_t step = 0;
    std::int32_t bodyA = 0; ///< bodyA < bodyB
    std::int32_t bodyB = 0;
    std::int32_t shapeA = 0; ///< rows of /shapes
    std::int32_t shapeB = 0;
    Pose poseA;
    Pose poseB;
    Vec3 obbCenterA = Vec3::Zero(); ///< world centres of the shapes' OBBs (the `obb` warm start)
    Vec3 obbCenterB = Vec3::Zero();
    /// A multipoint call of the engine: one body tilted about a tangent axis (docs/engine.md).
    bool perturbed = false;

    /// The pair was queried at step - 1: `previous` and `transformed-previous` apply; otherwise
    /// they fall back to `obb` (GJK++ Sec. IV-E). Always false for perturbed calls, as the engine
    /// reports them.
    bool queriedPrevious = false;
    /// Step of the pair's last real query before this call (the same step for perturbed calls),
    /// -1 when none; the previous_* fields hold that query (zero when none).
    std::int32_t previousStep = -1;
    Vec3 previousSeparation = Vec3::UnitX(); ///< its QueryResult::separation
    Pose previousPoseA;                      ///< its shape poses
    Pose previousPoseB;
    Vec3 previousWitnessA = Vec3::Zero(); ///< its witness points, world frame at that step
    Vec3 previousWitnessB = Vec3::Zero();

    /// The solver choice that answered (gjk when the chosen one could not), as a row of the
    /// container's solverNames (TrajectoryData, Dataset): its canonical name
    /// (mk::name(SolverChoice), e.g. "gjk-nesterov:subalgo=barycode").
    std::int32_t solver = 0;
    std::uint8_t status = 0; ///< mk::Status
    bool collide = false;    ///< distance <= the recording margin
    double distance = 0.0;   ///< signed distance (unit: metre)
    Vec3 witnessA = Vec3::Zero();
    Vec3 witnessB = Vec3::Zero();
    Vec3 normal = Vec3::UnitX();
    Vec3 separation = Vec3::UnitX();   ///< QueryResult::separation
    Vec3 initialGuess = Vec3::UnitX(); ///< the x0 the recording warm start gave
    std::int32_t iterations = 0;
    std::int32_t penetrationIterations = 0;
    std::int32_t supportCalls = 0;
};

/// One row per trajectory (/trajectories/index): where its rows are in the other tables.
struct TrajectoryRow {
    std::int32_t trajectory = 0;
    std::int32_t steps = 0;
    std::uint64_t stateHash = 0; ///< World::stateHash() at its end (`minkowski run` prints it)
    std::int64_t firstBody = 0;
    std::int64_t bodyCount = 0;
    std::int64_t firstState = 0;
    std::int64_t stateCount = 0;
    std::int64_t firstProblem = 0;
    std::int64_t problemCount = 0;
};

/// Everything recorded for one trajectory; shape ids index `shapes` (the writer renumbers them).
struct TrajectoryData {
    std::int32_t trajectory = 0;
    std::int32_t steps = 0;
    std::uint64_t stateHash = 0;
    std::vector<ShapeRecord> shapes;
    std::vector<BodyRow> bodies;
    std::vector<StateRow> states;
    std::vector<ProblemRow> problems;
    /// Canonical names of the solver choices of the problems (ProblemRow::solver), each once.
    std::vector<std::string> solverNames;
};

/// /meta: how the dataset was made (attributes of the group).
struct DatasetMeta {
    std::int64_t schemaVersion = 0;
    std::string programVersion;
    std::string source; ///< "minkowski record", "minkowski view", "collision-problem CSV"
    std::string sceneName;
    std::string sceneFile;  ///< the scene's file, or "builtin:NAME"
    std::string sceneToml;  ///< the scene as recorded (options applied), TOML
    std::string meshFolder; ///< --meshes, when it replaced the scene's objects
    std::uint64_t seed = 0;
    double timeStep = 0.0; ///< (unit: second)
    std::int64_t stepsPerTrajectory = 0;
    std::int64_t sceneTrajectories = 0; ///< trajectories of the whole dataset (all shards)
    std::int64_t firstTrajectory = 0;   ///< of this file
    std::int64_t trajectoryCount = 0;   ///< in this file
    std::int64_t shardIndex = 0;        ///< k of --shard k/N (0 of 1 when not sharded)
    std::int64_t shardCount = 1;
    std::string solver;    ///< recording solver
    std::string warmStart; ///< recording warm start
    std::string task;      ///< "signed-distance"
    double margin = 0.0;   ///< the recording requests' margin (unit: metre)
    std::int64_t perturbationIterations = 0;

    bool operator==(const DatasetMeta&) const = default;
};

/// A whole dataset in memory.
struct Dataset {
    std::string path;
    DatasetMeta meta;
    std::vector<ShapeRecord> shapeRecords;
    std::vector<Shape> shapes; ///< rebuilt from shapeRecords, same ids
    std::vector<TrajectoryRow> trajectories;
    std::vector<BodyRow> bodies;
    std::vector<StateRow> states;
    std::vector<ProblemRow> problems;
    /// Canonical solver-choice names, indexed by ProblemRow::solver (schema 1 files: the seven
    /// solvers of schema 1, kSchema1Solvers).
    std::vector<std::string> solverNames;
};

/// The solvers of schema 1's `solver` column, by value (then an enumeration).
inline const std::vector<std::string> kSchema1Solvers{
    "gjk", "gjk-polyak", "gjk-nesterov", "gjk-nesterov-normalized", "mpr", "sdf-ellipsoid", "rtr"};

/// The distinct solver choices of the problems `rows` (of dataset.problems), in order of first
/// use: a viewer recording's live switches. \throws UnknownNameError for a name this program
/// does not know (a plugin's solver).
[[nodiscard]] std::vector<SolverChoice> recordedSolverChoices(const Dataset& dataset,
                                                              const std::vector<size_t>& rows);

/// The rows of trajectory `index` (a row of dataset.trajectories) as the recorder made them, with
/// the shapes its bodies and problems use, in order of first use, and local shape ids.
[[nodiscard]] TrajectoryData trajectoryData(const Dataset& dataset, size_t index);

} // namespace mk::dataset
