/// \file test_settings_fields.cpp
/// The settings tables of scene files (scenes/src/SettingsFields.h): every field, set alone to a
/// value other than its default, is written, read back equal, and seen by the comparison; the key
/// tables of docs/scene-format.md are the ones the fields generate; the two drifts fixed
/// (perturbation_cooldown, perturbation_min_points in [0, 4]) stay fixed.

#include "FieldValues.h"
#include "SettingsFields.h"
#include "minkowski/scenes/SceneFile.h"

#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

namespace mk::scenes {
namespace {

using test::change;

/// A valid scene with a funnel and a material, every setting at its default.
SceneDesc baseScene() {
    SceneDesc scene;
    scene.name = "fields";
    scene.funnel.emplace();
    scene.materials["steel"] = MaterialDesc{};
    return scene;
}

/// For every field of `fields` (held by the scene at `member`), alone: it round-trips and the
/// comparison sees it.
template <class Fields, class Member>
void expectEveryFieldRoundTrips(const Fields& fields, const std::string& section, Member member) {
    detail::forEachField(fields, [&](const auto& field) {
        const SceneDesc base = baseScene();
        SceneDesc changed = base;
        const std::string key = change(member(changed), field);
        SCOPED_TRACE(section + "." + key);
        EXPECT_NE(changed, base) << "the comparison misses the field";
        const std::string text = formatScene(changed);
        EXPECT_NE(text.find("\n" + key + " = "), std::string::npos) << text;
        const SceneDesc back = parseScene(text, "fields.toml", {});
        EXPECT_EQ(back, changed) << text;
        EXPECT_EQ(formatScene(back), text);
    });
}

TEST(SettingsFields, EveryFieldRoundTripsThroughASceneFile) {
    expectEveryFieldRoundTrips(detail::kSimulationFields, "simulation",
                               [](SceneDesc& s) -> SimulationSpec& { return s.simulation; });
    expectEveryFieldRoundTrips(detail::kContactFields, "contact",
                               [](SceneDesc& s) -> ContactSettings& { return s.contact; });
    expectEveryFieldRoundTrips(detail::kPgsFields, "pgs",
                               [](SceneDesc& s) -> PgsSettings& { return s.pgs; });
    expectEveryFieldRoundTrips(detail::kFunnelFields, "funnel",
                               [](SceneDesc& s) -> FunnelSpec& { return *s.funnel; });
    expectEveryFieldRoundTrips(detail::kMaterialFields, "materials.steel",
                               [](SceneDesc& s) -> MaterialDesc& { return s.materials["steel"]; });
}

TEST(SettingsFields, DocsHoldTheGeneratedKeyTables) {
    std::ifstream in(MK_SOURCE_DIR "/docs/scene-format.md");
    ASSERT_TRUE(in.is_open());
    std::stringstream docs;
    docs << in.rdbuf();
    for (const char* section : {"simulation", "contact", "pgs", "funnel", "materials"}) {
        const std::string table = settingsReference(section);
        EXPECT_NE(docs.str().find(table), std::string::npos)
            << "docs/scene-format.md lacks the table of [" << section << "]; it should be:\n"
            << table;
    }
    EXPECT_THROW((void)settingsReference("teapots"), std::invalid_argument);
}

TEST(SettingsFields, PerturbationSettingsFollowTheEngine) {
    const std::string head = "[funnel]\n[contact]\n";
    const SceneDesc scene =
        parseScene(head + "perturbation_cooldown = 0\nperturbation_min_points = 0\n", "p.toml", {});
    EXPECT_EQ(scene.contact.perturbationCooldown, 0);
    EXPECT_EQ(scene.contact.perturbationMinPoints, 0);
    const auto message = [&](const std::string& body) {
        try {
            (void)parseScene(head + body, "p.toml", {});
        } catch (const SceneError& error) {
            return std::string(error.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(message("perturbation_min_points = 5\n"),
              "p.toml:3: contact.perturbation_min_points: expected an integer in [0, 4], got 5");
    EXPECT_EQ(message("perturbation_cooldown = -1\n"),
              "p.toml:3: contact.perturbation_cooldown: expected an integer >= 0, got -1");
}

} // namespace
} // namespace mk::scenes
