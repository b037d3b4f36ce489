/// \file SceneReader.cpp
/// The schema of scene files (docs/scene-format.md): TOML tables -> SceneDesc.

#include "SettingsFields.h"
#include "TomlReader.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Plugin.h"
#include "minkowski/scenes/SceneFile.h"

#include <array>
#include <cmath>
#include <fstream>
#include <type_traits>

namespace mk::scenes {
namespace {

using detail::TomlDocument;
using detail::TomlTable;

constexpr std::array kShapeKinds{ShapeKind::Sphere,   ShapeKind::Box,         ShapeKind::Capsule,
                                 ShapeKind::Cylinder, ShapeKind::Cone,        ShapeKind::Ellipsoid,
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

template <class S> void readField(TomlTable& t, S& s, const detail::StepField<S>& field) {
    if (t.has("hz") && t.has("time_step")) {
        t.fail("hz", "give either hz or time_step, not both");
    }
    double hz = 0.0;
    t.read("hz", hz);
    if (t.has("hz")) {
        if (!(hz > 0.0) || !std::isfinite(hz)) {
            t.fail("hz", "expected a positive number");
        }
        s.*field.member = 1.0 / hz;
    }
    t.read("time_step", s.*field.member);
}

template <class S> void readField(TomlTable& t, S& s, const detail::CodedField<S>& field) {
    std::string text;
    t.read(field.key, text);
    if (!t.has(field.key)) {
        return;
    }
    try {
        field.set(s, text);
    } catch (const UnknownNameError& error) {
        t.fail(field.key, "unknown value '" + text + "': " + error.what());
    }
}

template <class S, detail::ValueField F> void readField(TomlTable& t, S& s, const F& field) {
    using T = typename F::Value;
    T& out = field.of(s);
    if constexpr (std::is_enum_v<T>) {
        t.readChoice(field.key, out, detail::choices(out));
    } else if constexpr (std::is_same_v<T, std::uint64_t>) {
        auto value = static_cast<std::int64_t>(out);
        t.read(field.key, value);
        if (value < 0) {
            t.fail(field.key, "expected an integer >= 0");
        }
        out = static_cast<std::uint64_t>(value);
    } else {
        t.read(field.key, out);
    }
}

/// Every key of a settings table (SettingsFields.h); unknown keys fail.
template <class Fields, class S> void readFields(TomlTable& t, const Fields& fields, S& s) {
    detail::forEachField(fields, [&](const auto& field) { readField(t, s, field); });
    t.finish();
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

/// Loads the `plugins` before anything names a solver; a plugin that cannot be loaded fails
/// at the key.
void loadPlugins(TomlTable& root, SceneDesc& scene, const std::filesystem::path& baseDirectory) {
    root.read("plugins", scene.plugins);
    for (const std::string& spec : scene.plugins) {
        try {
            loadPlugin(resolvePlugin(spec, baseDirectory.empty() ? "." : baseDirectory.string()));
        } catch (const PluginError& error) {
            root.fail("plugins", error.what());
        }
    }
}

SceneDesc readRoot(TomlTable& root, const std::filesystem::path& baseDirectory) {
    SceneDesc scene;
    root.read("name", scene.name);
    root.read("description", scene.description);
    loadPlugins(root, scene, baseDirectory);
    if (auto t = root.table("simulation")) {
        readFields(*t, detail::kSimulationFields, scene.simulation);
    }
    if (auto t = root.table("contact")) {
        readFields(*t, detail::kContactFields, scene.contact);
    }
    if (auto t = root.table("pgs")) {
        readFields(*t, detail::kPgsFields, scene.pgs);
    }
    if (auto t = root.table("funnel")) {
        readFields(*t, detail::kFunnelFields, scene.funnel.emplace());
    }
    if (auto t = root.table("materials")) {
        for (auto& [name, table] : t->namedTables()) {
            readFields(table, detail::kMaterialFields, scene.materials[name]);
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
    SceneDesc scene = readRoot(root, baseDirectory);
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
