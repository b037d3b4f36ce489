/// \file test_scene_fields.cpp
/// The key tables of shapes, bodies and generators (scenes/src/SceneFields.h): for every shape
/// type, the body and every placement, each key set alone to another valid value is written
/// (and, when the writer may omit it, only then), read back equal, seen by the comparison and
/// written again the same; a required key left out is named; a key of another shape type or
/// placement is an unknown key; docs/scene-format.md holds the generated key tables.

#include "FieldValues.h"
#include "SceneFields.h"
#include "minkowski/scenes/SceneFile.h"

#include <algorithm>
#include <fstream>
#include <gtest/gtest.h>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>

namespace mk::scenes {
namespace {

/// The parts one after the other (by append: `"x" + std::string` trips GCC 12's -Wrestrict).
template <class... Parts> std::string cat(const Parts&... parts) {
    std::string s;
    (s.append(parts), ...);
    return s;
}

/// A valid scene holding the shapes "thing" (a sphere until a test changes it) and "other", a
/// material and a funnel.
SceneDesc baseScene() {
    SceneDesc scene;
    scene.name = "fields";
    scene.funnel.emplace();
    scene.materials[test::kMaterial] = MaterialDesc{};
    ShapeDesc ball;
    ball.radius = 0.25;
    scene.shapes["thing"] = ball;
    scene.shapes[test::kOtherShape] = ball;
    return scene;
}

/// A valid shape of `kind`: its required keys set, the others at their defaults.
ShapeDesc validShape(ShapeKind kind) {
    ShapeDesc shape;
    shape.kind = kind;
    detail::kindFields(kind, [&](const auto& fields) {
        detail::forEachField(fields, [&](const auto& field) {
            if (detail::required(field)) {
                (void)test::change(shape, field);
            }
        });
    });
    return shape;
}

/// The lines of `text` from the first `header` line to the next table.
std::string section(const std::string& text, const std::string& header) {
    const size_t begin = text.find(cat("\n", header, "\n"));
    EXPECT_NE(begin, std::string::npos) << header << " not in\n" << text;
    const size_t end = text.find("\n[", begin + 1);
    return text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

/// `text` with `line` (whole, without its newline) removed from, or added after the header of,
/// the table `header`.
std::string withoutLine(const std::string& text, const std::string& header,
                        const std::string& linePrefix) {
    const size_t begin = text.find(cat("\n", header, "\n"));
    const size_t at = text.find(linePrefix, begin);
    EXPECT_NE(at, std::string::npos) << linePrefix << " not in\n" << text;
    return cat(text.substr(0, at), text.substr(text.find('\n', at + 1)));
}
std::string withLine(const std::string& text, const std::string& header, const std::string& line) {
    const size_t end = text.find(cat("\n", header, "\n")) + header.size() + 2;
    return cat(text.substr(0, end), line, "\n", text.substr(end));
}

/// The message of the SceneError that reading `text` throws ("accepted" when none).
std::string errorOf(const std::string& text) {
    try {
        (void)parseScene(text, "fields.toml", {});
    } catch (const SceneError& error) {
        return error.what();
    }
    return "accepted";
}

/// Where a table's keys are in a file and in a SceneDesc.
template <class Object> struct Place {
    std::string header; ///< "[shapes.thing]", "[[bodies]]" (the first one)
    std::string path;   ///< key path prefix in messages: "shapes.thing.", "bodies[0]."
    Object object;      ///< SceneDesc& -> the struct holding the keys
};

/// For every field of `fields`, alone: written (when the writer may omit it, only when changed),
/// read back equal, seen by the comparison, written again the same; left out when required:
/// named as missing.
template <class Fields, class Object>
void expectEveryFieldRoundTrips(const Fields& fields, const SceneDesc& base,
                                const Place<Object>& place) {
    const std::string baseText = formatScene(base);
    ASSERT_EQ(parseScene(baseText, "fields.toml", {}), base) << baseText;
    detail::forEachField(fields, [&](const auto& field) {
        const std::string line = cat("\n", field.key, " = ");
        SCOPED_TRACE(cat(place.path, field.key));
        if (detail::required(field)) {
            EXPECT_NE(errorOf(withoutLine(baseText, place.header, line))
                          .find(cat(place.path, field.key, ": missing (required)")),
                      std::string::npos);
        }
        if constexpr (detail::ValueField<std::decay_t<decltype(field)>>) {
            SceneDesc copy = base;
            const bool omitted = field.omitted(place.object(copy));
            EXPECT_EQ(section(baseText, place.header).find(line) == std::string::npos, omitted)
                << baseText;
            SceneDesc changed = base;
            (void)test::change(place.object(changed), field);
            EXPECT_NE(changed, base) << "the comparison misses the field";
            const std::string text = formatScene(changed);
            EXPECT_NE(section(text, place.header).find(line), std::string::npos) << text;
            const SceneDesc back = parseScene(text, "fields.toml", {});
            EXPECT_EQ(back, changed) << text;
            EXPECT_EQ(formatScene(back), text);
        }
    });
}

TEST(SceneFields, EveryShapeKeyOfEveryTypeRoundTripsThroughASceneFile) {
    for (const ShapeKind kind : detail::choices(ShapeKind{})) {
        SCOPED_TRACE(std::string(name(kind)));
        SceneDesc base = baseScene();
        base.shapes["thing"] = validShape(kind);
        const Place place{"[shapes.thing]", "shapes.thing.",
                          [](SceneDesc& s) -> ShapeDesc& { return s.shapes.at("thing"); }};
        expectEveryFieldRoundTrips(detail::kShapeFields, base, place);
        detail::kindFields(
            kind, [&](const auto& fields) { expectEveryFieldRoundTrips(fields, base, place); });
    }
}

TEST(SceneFields, EveryBodyKeyRoundTripsThroughASceneFile) {
    SceneDesc base = baseScene();
    base.bodies.emplace_back().shape = "thing";
    expectEveryFieldRoundTrips(
        detail::kBodyFields, base,
        Place{"[[bodies]]", "bodies[0].", [](SceneDesc& s) -> BodySpec& { return s.bodies[0]; }});
}

TEST(SceneFields, EveryGeneratorKeyOfEveryPlacementRoundTripsThroughASceneFile) {
    const Place place{"[[generators]]", "generators[0].",
                      [](SceneDesc& s) -> GeneratorSpec& { return s.generators[0]; }};
    for (const Placement placement : detail::choices(Placement{})) {
        SCOPED_TRACE(std::string(name(placement)));
        SceneDesc base = baseScene();
        GeneratorSpec& g = base.generators.emplace_back();
        g.shapes = {"thing"};
        g.placement = placement;
        if (placement == Placement::Points) {
            g.points = {Vec3(0.0, 0.0, 1.0)}; // one per body
        } else {
            // the keys every placement has (but `count`, which must match the points)
            expectEveryFieldRoundTrips(detail::kGeneratorFields, base, place);
        }
        detail::kindFields(placement, [&](const auto& fields) {
            expectEveryFieldRoundTrips(fields, base, place);
        });
    }
}

/// The keys of every kind of `kinds` (kShapeKinds, kPlacements) and of the one kind `kind`.
template <class Kinds, class E>
std::pair<std::set<std::string>, std::set<std::string>> keysOf(const Kinds& kinds, E kind) {
    std::set<std::string> all;
    std::set<std::string> own;
    detail::forEachField(kinds, [&](const auto& entry) {
        detail::forEachField(entry.second, [&](const auto& field) {
            all.emplace(field.key);
            if (entry.first == kind) {
                own.emplace(field.key);
            }
        });
    });
    return {all, own};
}

/// Every key of a kind of `kinds` other than `kind`, added to the table `header` of `scene`'s
/// file, is an unknown key (`path`: the table's key path prefix in messages).
template <class Kinds, class E>
void expectKeysOfOtherKindsUnknown(const Kinds& kinds, E kind, const SceneDesc& scene,
                                   const std::string& header, const std::string& path) {
    const std::string text = formatScene(scene);
    const auto [all, own] = keysOf(kinds, kind);
    for (const std::string& key : all) {
        if (!own.contains(key)) {
            SCOPED_TRACE(cat(name(kind), " with ", key));
            EXPECT_NE(errorOf(withLine(text, header, cat(key, " = 1.0")))
                          .find(cat(path, key, ": unknown key")),
                      std::string::npos);
        }
    }
}

TEST(SceneFields, AKeyOfAnotherShapeTypeOrPlacementIsUnknown) {
    for (const ShapeKind kind : detail::choices(ShapeKind{})) {
        SceneDesc scene = baseScene();
        scene.shapes["thing"] = validShape(kind);
        expectKeysOfOtherKindsUnknown(detail::kShapeKinds, kind, scene, "[shapes.thing]",
                                      "shapes.thing.");
    }
    for (const Placement placement : detail::choices(Placement{})) {
        SceneDesc scene = baseScene();
        GeneratorSpec& g = scene.generators.emplace_back();
        g.shapes = {"thing"};
        g.placement = placement;
        g.points = {Vec3(0.0, 0.0, 1.0)};
        expectKeysOfOtherKindsUnknown(detail::kPlacements, placement, scene, "[[generators]]",
                                      "generators[0].");
    }
}

TEST(SceneFields, EveryShapeTypeAndPlacementHasAKeyTable) {
    const auto shapeKinds = detail::choices(ShapeKind{});
    for (int k = 0; k <= static_cast<int>(ShapeKind::Superquadric); ++k) {
        EXPECT_NE(std::find(shapeKinds.begin(), shapeKinds.end(), static_cast<ShapeKind>(k)),
                  shapeKinds.end())
            << k;
    }
    const auto placements = detail::choices(Placement{});
    for (int p = 0; p <= static_cast<int>(Placement::Stack); ++p) {
        EXPECT_NE(std::find(placements.begin(), placements.end(), static_cast<Placement>(p)),
                  placements.end())
            << p;
    }
}

TEST(SceneFields, DocsHoldTheGeneratedKeyTables) {
    std::ifstream in(MK_SOURCE_DIR "/docs/scene-format.md");
    ASSERT_TRUE(in.is_open());
    std::stringstream docs;
    docs << in.rdbuf();
    for (const char* section : {"shapes", "bodies", "generators", "placements"}) {
        const std::string table = settingsReference(section);
        EXPECT_NE(docs.str().find(table), std::string::npos)
            << "docs/scene-format.md lacks the table of " << section << "; it should be:\n"
            << table;
    }
}

} // namespace
} // namespace mk::scenes
