/// \file SceneReader.cpp
/// The schema of scene files (docs/scene-format.md): TOML tables -> SceneDesc.

#include "TomlReader.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/scenes/SceneFile.h"

#include <array>
#include <fstream>

namespace mk::scenes {
namespace {

using detail::TomlDocument;
using detail::TomlTable;

constexpr std::array kShapeKinds{ShapeKind::Sphere,   ShapeKind::Box,  ShapeKind::Capsule,
                                 ShapeKind::Cylinder, ShapeKind::Cone, ShapeKind::Ellipsoid,
                                 ShapeKind::Mesh,     ShapeKind::Superquadric};
constexpr std::array kBodyTypes{BodyType::Static, BodyType::Dynamic, BodyType::Kinematic};
constexpr std::array kPlacements{Placement::Points, Placement::Grid, Placement::Funnel,
                                 Placement::Stack};
constexpr std::array kOrientations{Orientation::Identity, Orientation::Random, Orientation::Yaw};
constexpr std::array kPicks{Pick::Random, Pick::Cycle};

void require(TomlTable& t, std::string_view key) {
    if (!t.has(key)) {
        t.fail(key, "missing (required)");
    }
}

/// `solver = "NAME"` or `"NAME:subalgo=S"` (parseSolverChoice()); an unknown value fails listing
/// the solvers and the sub-algorithms.
void readSolverChoice(TomlTable& t, SimulationSpec& s) {
    std::string text;
    t.read("solver", text);
    if (!t.has("solver")) {
        return;
    }
    try {
        s.setSolverChoice(parseSolverChoice(text));
    } catch (const UnknownNameError& error) {
        std::string solvers;
        for (SolverKind solver : allSolvers()) {
            solvers += (solvers.empty() ? "" : ", ") + std::string(name(solver));
        }
        std::string subs;
        for (SubAlgorithm sub : allSubAlgorithms()) {
            subs += (subs.empty() ? "" : "|") + std::string(name(sub));
        }
        t.fail("solver", "unknown value '" + text + "' (valid: " + solvers +
                             "; the gjk solvers also NAME:subalgo=" + subs + "): " + error.what());
    }
}

void readSimulation(TomlTable& t, SimulationSpec& s) {
    if (t.has("hz") && t.has("time_step")) {
        t.fail("hz", "give either hz or time_step, not both");
    }
    double hz = 0.0;
    t.read("hz", hz);
    if (t.has("hz")) {
        if (!(hz > 0.0) || !std::isfinite(hz)) {
            t.fail("hz", "expected a positive number");
        }
        s.timeStep = 1.0 / hz;
    }
    t.read("time_step", s.timeStep);
    t.read("seconds", s.seconds);
    t.read("trajectories", s.trajectories);
    std::int64_t seed = static_cast<std::int64_t>(s.seed);
    t.read("seed", seed);
    if (seed < 0) {
        t.fail("seed", "expected an integer >= 0");
    }
    s.seed = static_cast<std::uint64_t>(seed);
    readSolverChoice(t, s);
    t.readChoice("warm_start", s.warmStart, allWarmStarts());
    t.read("gravity", s.gravity);
    t.read("gyroscopic", s.gyroscopic);
    t.read("contact_cache", s.contactCache);
    t.readChoice("escape", s.escape.action,
                 std::array{EscapeAction::Warn, EscapeAction::Error});
    t.read("world_bound", s.escape.worldBound);
    t.finish();
}

void readContact(TomlTable& t, ContactSettings& c) {
    t.read("margin", c.margin);
    t.read("rest_offset", c.restOffset);
    t.read("breaking_threshold", c.breakingThreshold);
    t.read("relative_breaking_threshold", c.relativeBreakingThreshold);
    t.read("perturbation_iterations", c.perturbationIterations);
    t.read("perturbation_min_points", c.perturbationMinPoints);
    t.read("ccd", c.ccd);
    t.finish();
}

void readPgs(TomlTable& t, PgsSettings& p) {
    t.read("max_iterations", p.maxIterations);
    t.read("tolerance", p.tolerance);
    t.read("relative_tolerance", p.relativeTolerance);
    t.read("over_relaxation", p.overRelaxation);
    t.read("warm_start_factor", p.warmStartFactor);
    t.read("baumgarte", p.baumgarte);
    t.read("slop", p.slop);
    t.read("restitution_threshold", p.restitutionThreshold);
    t.finish();
}

void readFunnel(TomlTable& t, FunnelSpec& f) {
    t.read("half_width", f.halfWidth);
    t.read("tilt_degrees", f.tiltDegrees);
    t.read("wall_height", f.wallHeight);
    t.read("wall_thickness", f.wallThickness);
    t.read("floor_half_width", f.floorHalfWidth);
    t.read("material", f.material);
    t.finish();
}

MaterialDesc readMaterial(TomlTable& t) {
    MaterialDesc m;
    t.read("friction", m.friction);
    t.read("restitution", m.restitution);
    t.finish();
    return m;
}

/// Reads the keys of `kind` only, so that a key of another kind is reported as unknown.
ShapeDesc readShape(TomlTable& t) {
    ShapeDesc s;
    require(t, "type");
    t.readChoice("type", s.kind, kShapeKinds);
    const auto need = [&t](std::string_view key, auto& out) {
        require(t, key);
        t.read(key, out);
    };
    switch (s.kind) {
    case ShapeKind::Sphere:
        need("radius", s.radius);
        break;
    case ShapeKind::Box:
        need("half_extents", s.halfExtents);
        t.read("rounding", s.rounding);
        break;
    case ShapeKind::Ellipsoid:
        need("radii", s.radii);
        break;
    case ShapeKind::Superquadric:
        need("radii", s.radii);
        need("exponents", s.exponents);
        t.read("inflation", s.inflation);
        break;
    case ShapeKind::Capsule:
    case ShapeKind::Cylinder:
    case ShapeKind::Cone:
        need("radius", s.radius);
        need("half_height", s.halfHeight);
        break;
    case ShapeKind::Mesh:
        need("path", s.path);
        t.read("scale", s.scale);
        t.read("smoothing", s.smoothing);
        break;
    }
    t.finish();
    return s;
}

BodySpec readBody(TomlTable& t) {
    BodySpec b;
    t.read("name", b.name);
    require(t, "shape");
    t.read("shape", b.shape);
    t.readChoice("type", b.type, kBodyTypes);
    t.read("position", b.position);
    t.read("rotation", b.rotation);
    t.read("linear_velocity", b.linearVelocity);
    t.read("angular_velocity", b.angularVelocity);
    t.read("density", b.density);
    t.read("mass", b.mass);
    t.read("material", b.material);
    t.finish();
    return b;
}

void readRange(TomlTable& t, std::string_view key, Range3& range) {
    if (std::optional<TomlTable> r = t.table(key)) {
        require(*r, "min");
        require(*r, "max");
        r->read("min", range.min);
        r->read("max", range.max);
        r->finish();
    }
}

/// The keys of the generator's placement only (others are reported as unknown).
void readPlacement(TomlTable& t, GeneratorSpec& g) {
    t.readChoice("placement", g.placement, kPlacements);
    switch (g.placement) {
    case Placement::Points:
        require(t, "points");
        t.read("points", g.points);
        break;
    case Placement::Grid:
        t.read("center", g.center);
        t.read("half_size", g.halfSize);
        t.read("cell", g.cell);
        t.read("jitter", g.jitter);
        break;
    case Placement::Funnel:
        t.read("start_height", g.startHeight);
        t.read("cell", g.cell);
        t.read("jitter", g.jitter);
        break;
    case Placement::Stack:
        t.read("center", g.center);
        t.read("gap", g.gap);
        break;
    }
}

GeneratorSpec readGenerator(TomlTable& t) {
    GeneratorSpec g;
    t.read("name", g.name);
    t.read("count", g.count);
    require(t, "shapes");
    t.read("shapes", g.shapes);
    t.readChoice("pick", g.pick, kPicks);
    t.read("density", g.density);
    t.read("mass", g.mass);
    t.read("material", g.material);
    readPlacement(t, g);
    t.readChoice("orientation", g.orientation, kOrientations);
    readRange(t, "linear_velocity", g.linearVelocity);
    readRange(t, "angular_velocity", g.angularVelocity);
    t.finish();
    return g;
}

SceneDesc readRoot(TomlTable& root) {
    SceneDesc scene;
    root.read("name", scene.name);
    root.read("description", scene.description);
    if (auto t = root.table("simulation")) {
        readSimulation(*t, scene.simulation);
    }
    if (auto t = root.table("contact")) {
        readContact(*t, scene.contact);
    }
    if (auto t = root.table("pgs")) {
        readPgs(*t, scene.pgs);
    }
    if (auto t = root.table("funnel")) {
        readFunnel(*t, scene.funnel.emplace());
    }
    if (auto t = root.table("materials")) {
        for (auto& [name, table] : t->namedTables()) {
            scene.materials[name] = readMaterial(table);
        }
    }
    if (auto t = root.table("shapes")) {
        for (auto& [name, table] : t->namedTables()) {
            scene.shapes[name] = readShape(table);
        }
    }
    for (TomlTable& t : root.tables("bodies")) {
        scene.bodies.push_back(readBody(t));
    }
    for (TomlTable& t : root.tables("generators")) {
        scene.generators.push_back(readGenerator(t));
    }
    root.finish();
    return scene;
}

} // namespace

SceneDesc parseScene(std::string_view text, const std::string& source,
                     const std::filesystem::path& baseDirectory) {
    toml::table table;
    try {
        table = toml::parse(text, source);
    } catch (const toml::parse_error& error) {
        throw SceneError(source, static_cast<int>(error.source().begin.line), "",
                         std::string(error.description()));
    }
    TomlDocument document{source, {}};
    TomlTable root(table, "", document);
    SceneDesc scene = readRoot(root);
    if (scene.name.empty()) {
        scene.name = std::filesystem::path(source).stem().string();
    }
    scene.source = source;
    scene.baseDirectory = baseDirectory;
    scene.keyLines = std::move(document.lines);
    validateScene(scene);
    return scene;
}

SceneDesc readSceneFile(const std::filesystem::path& path) {
    const std::string source = path.string();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        throw SceneError(source, 0, "",
                         std::filesystem::exists(path, ec)
                             ? "not a regular file"
                             : "cannot open scene file: no such file");
    }
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    const std::streamoff size = in.tellg();
    std::string text(size > 0 ? static_cast<size_t>(size) : 0, '\0');
    in.seekg(0);
    if (!in.is_open() || size < 0 || !in.read(text.data(), size)) {
        throw SceneError(source, 0, "", "cannot read scene file");
    }
    return parseScene(text, source, path.parent_path());
}

} // namespace mk::scenes
