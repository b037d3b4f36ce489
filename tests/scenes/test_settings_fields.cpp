/// \file test_settings_fields.cpp
/// The settings tables of scene files (scenes/src/SettingsFields.h): every field, set alone to a
/// value other than its default, is written, read back equal, and seen by the comparison; the key
/// tables of docs/scene-format.md are the ones the fields generate; the two drifts fixed
/// (perturbation_cooldown, perturbation_min_points in [0, 4]) stay fixed.

#include "SettingsFields.h"
#include "minkowski/scenes/SceneFile.h"

#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <type_traits>

namespace mk::scenes {
namespace {

/// A valid scene with a funnel and a material, every setting at its default.
SceneDesc baseScene() {
    SceneDesc scene;
    scene.name = "fields";
    scene.funnel.emplace();
    scene.materials["steel"] = MaterialDesc{};
    return scene;
}

/// A valid value of `field` other than `current`.
template <detail::ValueField F>
typename F::Value otherValue(const F& field, const typename F::Value& current) {
    using T = typename F::Value;
    const detail::Rule& rule = field.rule;
    if constexpr (std::is_enum_v<T>) {
        for (const T choice : detail::choices(current)) {
            if (choice != current) {
                return choice;
            }
        }
        return current;
    } else if constexpr (std::is_same_v<T, std::uint64_t>) {
        return current + 1234567890123ULL;
    } else if constexpr (std::is_same_v<T, int>) {
        if (rule.kind == detail::Rule::Closed) {
            return current == static_cast<int>(rule.lo) ? static_cast<int>(rule.hi)
                                                        : static_cast<int>(rule.lo);
        }
        return current + 2;
    } else if constexpr (std::is_same_v<T, double>) {
        if (rule.kind == detail::Rule::Closed || rule.kind == detail::Rule::Open) {
            const double mid = rule.lo + 0.375 * (rule.hi - rule.lo);
            return mid == current ? rule.lo + 0.625 * (rule.hi - rule.lo) : mid;
        }
        return current + 0.1; // not a short binary fraction: tests the shortest round trip
    } else if constexpr (std::is_same_v<T, bool>) {
        return !current;
    } else if constexpr (std::is_same_v<T, Vec3>) {
        return current + Vec3(0.1, -0.2, 0.3);
    } else {
        static_assert(std::is_same_v<T, std::string>);
        return "steel"; // the only string field is a material reference
    }
}

/// Sets `field` of `s` to another valid value; the key the writer uses for it.
template <class S, detail::ValueField F> std::string change(S& s, const F& field) {
    field.of(s) = otherValue(field, field.of(s));
    return std::string(field.key);
}
template <class S> std::string change(S& s, const detail::CodedField<S>& field) {
    field.set(s, "gjk-polyak:momentum=coal");
    EXPECT_NE(field.get(s), field.get(S{}));
    return std::string(field.key);
}
template <class S> std::string change(S& s, const detail::StepField<S>& field) {
    s.*field.member = 1.0 / 97.5; // not a whole rate: written as time_step
    return "time_step";
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
