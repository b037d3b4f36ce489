/// \file SceneReader.cpp
/// The schema of scene files (docs/scene-format.md): TOML tables -> SceneDesc.

#include "SceneFields.h"
#include "SettingsFields.h"
#include "TomlReader.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Plugin.h"
#include "minkowski/scenes/SceneFile.h"

#include <cmath>
#include <fstream>
#include <type_traits>

namespace mk::scenes {
namespace {

using detail::TomlDocument;
using detail::TomlTable;

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

void readRange(TomlTable& t, std::string_view key, Range3& range) {
    if (std::optional<TomlTable> r = t.table(key)) {
        require(*r, "min");
        require(*r, "max");
        r->read("min", range.min);
        r->read("max", range.max);
        r->finish();
    }
}

template <class S, detail::ValueField F> void readField(TomlTable& t, S& s, const F& field) {
    using T = typename F::Value;
    if (detail::required(field)) {
        require(t, field.key);
    }
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
    } else if constexpr (std::is_same_v<T, Range3>) {
        readRange(t, field.key, out);
    } else {
        t.read(field.key, out);
    }
}

/// The kind, then the keys of that kind only, so that a key of another kind is unknown.
template <class S, class E>
void readField(TomlTable& t, S& s, const detail::KindField<S, E>& field) {
    if (detail::required(field)) {
        require(t, field.key);
    }
    E& kind = field.of(s);
    t.readChoice(field.key, kind, detail::choices(kind));
    detail::kindFields(kind, [&](const auto& fields) {
        detail::forEachField(fields, [&](const auto& f) { readField(t, s, f); });
    });
}

/// Every key of a table (SettingsFields.h, SceneFields.h); unknown keys fail.
template <class Fields, class S> void readFields(TomlTable& t, const Fields& fields, S& s) {
    detail::forEachField(fields, [&](const auto& field) { readField(t, s, field); });
    t.finish();
}

template <class S, class Fields> S readTable(TomlTable& t, const Fields& fields) {
    S s;
    readFields(t, fields, s);
    return s;
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
            scene.shapes[name] = readTable<ShapeDesc>(table, detail::kShapeFields);
        }
    }
    for (TomlTable& t : root.tables("bodies")) {
        scene.bodies.push_back(readTable<BodySpec>(t, detail::kBodyFields));
    }
    for (TomlTable& t : root.tables("generators")) {
        scene.generators.push_back(readTable<GeneratorSpec>(t, detail::kGeneratorFields));
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
