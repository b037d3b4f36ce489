#pragma once
/// \file SceneDesc.h
/// A scene as data: what a scene file (docs/scene-format.md) says, before any mesh is loaded or
/// any body is made. buildWorld() (Build.h) turns it into a World; SceneFile.h reads and writes it.
///
/// Positions of generated bodies are those of their shapes' bounding-sphere centres; positions of
/// listed bodies are those of their shapes' frames. Units are SI: metre, second, kilogram.

#include "minkowski/engine/Body.h"
#include "minkowski/engine/Settings.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/Query.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mk::scenes {

/// The shape types a scene file can name.
enum class ShapeKind : unsigned char {
    Sphere,
    Box,
    Capsule,
    Cylinder,
    Cone,
    Ellipsoid,
    Mesh,
    Superquadric, ///< An et al. eq. (16), mk::Shape::superquadric
};

/// One named shape of the scene (`[shapes.NAME]`).
struct ShapeDesc {
    ShapeKind kind = ShapeKind::Sphere;
    double radius = 0.0;             ///< sphere, capsule, cylinder, cone (unit: metre)
    double halfHeight = 0.0;         ///< capsule, cylinder, cone: half length on z (unit: metre)
    Vec3 halfExtents = Vec3::Zero(); ///< box: of the core when rounded (unit: metre)
    double rounding = 0.0;           ///< box: radius of the ball grown over the core (unit: metre)
    Vec3 radii = Vec3::Zero();       ///< ellipsoid and superquadric semi-axes (unit: metre)
    /// superquadric: alpha1 (north-south) and alpha2 (east-west), in (0, 2)
    Eigen::Vector2d exponents = Eigen::Vector2d::Ones();
    /// superquadric: the ball grown over it (unit: metre); unset: mk::Shape::superquadric's default
    std::optional<double> inflation;
    /// mesh: the sharpness beta > 2 of the smoothed hull of An et al. eq. (17) over the mesh's
    /// hull (mk::Shape::smoothedHull); unset: the hull itself
    std::optional<double> smoothing;
    /// mesh: OBJ or STL file, as written (relative to SceneDesc::baseDirectory unless absolute).
    std::string path;
    double scale = 1.0; ///< mesh: factor from the file's units to metres
    /// mesh: the file's points may lie this far above the simulated hull's face planes, which
    /// then needs fewer vertices (unit: metre; mk::HullOptions::hullTolerance); 0: the exact hull
    double hullTolerance = 0.0;

    bool operator==(const ShapeDesc&) const = default;
};

/// Surface properties of a named material (`[materials.NAME]`); see mk::Material.
struct MaterialDesc {
    double friction = Material{}.friction;       ///< Coulomb coefficient >= 0
    double restitution = Material{}.restitution; ///< in [0, 1]

    bool operator==(const MaterialDesc&) const = default;
};

/// One listed body (`[[bodies]]`).
struct BodySpec {
    std::string name;  ///< optional; for messages and viewers
    std::string shape; ///< key of SceneDesc::shapes
    BodyType type = BodyType::Dynamic;
    Vec3 position = Vec3::Zero();        ///< of the shape's frame (unit: metre)
    Quat rotation = Quat::Identity();    ///< of the shape's frame
    Vec3 linearVelocity = Vec3::Zero();  ///< (unit: m/s)
    Vec3 angularVelocity = Vec3::Zero(); ///< (unit: rad/s)
    std::optional<double> density;       ///< (unit: kg/m^3); unset: the engine's default
    std::optional<double> mass;          ///< (unit: kilogram); overrides the density
    std::string material;                ///< key of SceneDesc::materials; empty: "default"

    bool operator==(const BodySpec& other) const;
};

/// Where a generator puts its bodies.
enum class Placement : unsigned char {
    Points, ///< at the listed points, one body per point
    Grid,   ///< cells of a rectangle, layer above layer
    Funnel, ///< cells of the funnel's inner square at each layer's height (needs [funnel])
    Stack,  ///< a column, each body resting on the previous one's top plus a gap
};

/// How a generator orients its bodies.
enum class Orientation : unsigned char {
    Identity,
    Random, ///< uniform over all rotations
    Yaw,    ///< uniform about the z axis only
};

/// How a generator chooses the shape of each body among its list.
enum class Pick : unsigned char { Random, Cycle };

/// Component-wise uniform range [min_i, max_i] (unit of the quantity it bounds).
struct Range3 {
    Vec3 min = Vec3::Zero();
    Vec3 max = Vec3::Zero();
    bool operator==(const Range3&) const = default;
};

/// Many dynamic bodies at once (`[[generators]]`), drawn from the trajectory's random stream.
struct GeneratorSpec {
    std::string name = "objects"; ///< names its bodies "<name>[i]"
    int count = 1;
    std::vector<std::string> shapes; ///< keys of SceneDesc::shapes
    Pick pick = Pick::Random;
    std::optional<double> density; ///< (unit: kg/m^3)
    std::optional<double> mass;    ///< (unit: kilogram), each body
    std::string material;          ///< empty: "default"

    Placement placement = Placement::Grid;
    std::vector<Vec3> points; ///< Points (unit: metre)
    /// Grid: centre of the first layer; Stack: bottom of the column (unit: metre).
    Vec3 center = Vec3::Zero();
    Eigen::Vector2d halfSize = Eigen::Vector2d(0.5, 0.5); ///< Grid: rectangle (unit: metre)
    double startHeight = 0.3; ///< Funnel: height of the first layer's centres (unit: metre)
    /// Grid, Funnel: side of a cell (unit: metre); 0 = 1.1 x the largest bounding diameter.
    double cell = 0.0;
    /// Grid, Funnel: random offset in a cell, as a fraction of the room the body leaves in it.
    double jitter = 0.0;
    double gap = 0.0; ///< Stack: between one body's top and the next one's bottom (unit: metre)

    Orientation orientation = Orientation::Random;
    Range3 linearVelocity;  ///< (unit: m/s)
    Range3 angularVelocity; ///< (unit: rad/s)

    bool operator==(const GeneratorSpec&) const = default;
};

/// A square pit: a floor whose top is z = 0 and four walls hinged on its edges, leaning outwards
/// (GJK++ Fig. 14; colbench's pyramid-shaped pit). Tilt 0 gives a bin with vertical walls.
struct FunnelSpec {
    double halfWidth = 0.05;     ///< half side of the pit floor between the walls (unit: metre)
    double tiltDegrees = 30.0;   ///< walls' lean away from the vertical (unit: degree), [0, 80]
    double wallHeight = 0.6;     ///< vertical height of the walls' top (unit: metre)
    double wallThickness = 0.05; ///< (unit: metre)
    /// Half side of the floor slab (unit: metre); 0 = reaching past the walls' top.
    double floorHalfWidth = 0.0;
    std::string material; ///< empty: "default"

    bool operator==(const FunnelSpec&) const = default;
};

/// Time stepping, trajectories and the narrow phase (`[simulation]`).
struct SimulationSpec {
    double timeStep = WorldSettings{}.timeStep; ///< (unit: second); files give `hz` or this
    double seconds = 1.0;                       ///< per trajectory (unit: second)
    /// Independent runs of the scene, each a fresh world; trajectory i draws its bodies from
    /// Rng(seed).derive(i).
    int trajectories = 1;
    std::uint64_t seed = 0;
    /// The solver and its options: the file's `solver` key (`gjk`,
    /// `gjk-polyak:momentum=coal:criterion=duality-gap`, a plugin's name; parseSolverChoice()).
    SolverChoice solver;
    WarmStart warmStart = WarmStart::Previous;
    Vec3 gravity = WorldSettings{}.gravity; ///< (unit: m/s^2)
    bool gyroscopic = WorldSettings{}.gyroscopic;
    bool contactCache = NarrowPhaseSettings{}.contactCache;
    double cacheTranslation = NarrowPhaseSettings{}.cacheTranslation; ///< (unit: metre)
    double cacheRotation = NarrowPhaseSettings{}.cacheRotation;       ///< (unit: radian)
    /// Bodies through static bodies or out of the world cube: keys `escape` ("warn" or "error")
    /// and `world_bound` (unit: metre), Escape.h.
    EscapeSettings escape{};

    bool operator==(const SimulationSpec&) const = default;
};

/// A whole scene.
struct SceneDesc {
    std::string name;
    std::string description;
    /// Solver plugins (mk::loadPlugin) the file loads before it names a solver: the `plugins`
    /// key, as written: a path relative to baseDirectory unless absolute, or a bare name looked
    /// up in baseDirectory, then in MINKOWSKI_PLUGIN_PATH (mk::resolvePlugin).
    std::vector<std::string> plugins;
    SimulationSpec simulation;
    ContactSettings contact;
    PgsSettings pgs;
    std::map<std::string, ShapeDesc> shapes;
    std::map<std::string, MaterialDesc> materials;
    std::optional<FunnelSpec> funnel;
    std::vector<BodySpec> bodies;
    std::vector<GeneratorSpec> generators;

    /// Folder that relative mesh paths start from (the scene file's folder). Not written to files.
    std::filesystem::path baseDirectory;
    /// Where the scene came from, for messages ("scenes/data/funnel.toml"). Not written to files.
    std::string source;
    /// Line of every key read from the file ("shapes.can.path" -> 12), so that errors found later
    /// (a broken mesh file, a body the engine refuses) can cite it. Empty for scenes built in code.
    std::map<std::string, int> keyLines;

    /// Compares everything a scene file holds (not baseDirectory and source).
    bool operator==(const SceneDesc& other) const;
};

/// The line of `key` in the scene's file, or of its nearest parent key ("a.b[2].c", then
/// "a.b[2]", then "a.b"); 0 when unknown.
[[nodiscard]] int lineOf(const SceneDesc& scene, const std::string& key);

/// The most steps one trajectory may take: a dataset counts them in 32 bits (2^31 - 1 steps, 207
/// days at 120 Hz); validateScene() rejects seconds / time_step beyond it.
inline constexpr std::int64_t kMaxStepsPerTrajectory = 2147483647;

/// Steps of one trajectory: seconds / timeStep rounded to the nearest integer (at least 1, at most
/// kMaxStepsPerTrajectory).
[[nodiscard]] std::int64_t stepsPerTrajectory(const SimulationSpec& simulation);

/// The engine settings the scene asks for.
[[nodiscard]] WorldSettings worldSettings(const SceneDesc& scene);

/// Names used in scene files.
std::string_view name(ShapeKind kind);
std::string_view name(BodyType type);
std::string_view name(Placement placement);
std::string_view name(Orientation orientation);
std::string_view name(Pick pick);

} // namespace mk::scenes
