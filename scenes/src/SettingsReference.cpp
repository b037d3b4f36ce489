/// \file SettingsReference.cpp
/// The key tables of docs/scene-format.md, generated from SettingsFields.h.

#include "SettingsFields.h"
#include "minkowski/scenes/SceneFile.h"

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <type_traits>

namespace mk::scenes {
namespace {

std::string number(double v) {
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    return {buffer, end};
}

/// The parts one after the other (by append: `"x" + std::string` trips GCC 12's -Wrestrict).
template <class... Parts> std::string cat(const Parts&... parts) {
    std::string s;
    (s.append(parts), ...);
    return s;
}

std::string code(std::string_view s) {
    return cat("`", s, "`");
}

std::string ruleText(const detail::Rule& rule, std::string_view what) {
    switch (rule.kind) {
    case detail::Rule::Positive:
        return cat(what, " > 0");
    case detail::Rule::NonNegative:
        return cat(what, " >= 0");
    case detail::Rule::Closed:
        return cat(what, " in [", number(rule.lo), ", ", number(rule.hi), "]");
    case detail::Rule::Open:
        return cat(what, " in (", number(rule.lo), ", ", number(rule.hi), ")");
    case detail::Rule::AtLeast:
        return cat(what, " >= ", number(rule.lo));
    case detail::Rule::PositiveOrInfinite:
        return cat(what, " > 0 or inf");
    default:
        return std::string(what);
    }
}

std::string row(std::string_view key, const std::string& type, const std::string& value,
                std::string_view doc) {
    return cat("| ", key, " | ", type, " | ", value, " | ", doc, " |\n");
}

template <class S> std::string fieldRow(const S& s, const detail::StepField<S>& field) {
    const double hz = 1.0 / s.*field.member;
    const std::string value =
        hz == std::round(hz) ? cat("`hz` = ", number(hz)) : code(number(s.*field.member));
    return row("`hz` or `time_step`", "number", value, field.doc);
}

template <class S> std::string fieldRow(const S& s, const detail::CodedField<S>& field) {
    return row(code(field.key), "string", code(field.get(s)), field.doc);
}

template <class S, detail::ValueField F> std::string fieldRow(const S& s, const F& field) {
    using T = typename F::Value;
    const T& v = field.of(s);
    std::string type;
    std::string value;
    if constexpr (std::is_enum_v<T>) {
        for (const auto choice : detail::choices(v)) {
            type.append(type.empty() ? "string: " : ", ").append(code(name(choice)));
        }
        value = code(name(v));
    } else if constexpr (std::is_same_v<T, std::uint64_t>) {
        type = "integer in [0, 2^63)";
        value = std::to_string(v);
    } else if constexpr (std::is_same_v<T, int>) {
        type = ruleText(field.rule, "integer");
        value = std::to_string(v);
    } else if constexpr (std::is_same_v<T, double>) {
        type = ruleText(field.rule, "number");
        value = number(v);
    } else if constexpr (std::is_same_v<T, bool>) {
        type = "bool";
        value = v ? "true" : "false";
    } else if constexpr (std::is_same_v<T, Vec3>) {
        type = "[x, y, z]";
        value = cat("[", number(v.x()), ", ", number(v.y()), ", ", number(v.z()), "]");
    } else {
        static_assert(std::is_same_v<T, std::string>);
        type = "string";
        value = cat("\"", v, "\"");
    }
    return row(code(field.key), type, value, field.doc);
}

template <class Fields, class S> std::string table(const Fields& fields, const S& defaults) {
    std::string text = "| key | type | default | meaning |\n| --- | --- | --- | --- |\n";
    detail::forEachField(fields, [&](const auto& field) { text += fieldRow(defaults, field); });
    return text;
}

} // namespace

std::string settingsReference(std::string_view section) {
    if (section == "simulation") {
        return table(detail::kSimulationFields, SimulationSpec{});
    }
    if (section == "contact") {
        return table(detail::kContactFields, ContactSettings{});
    }
    if (section == "pgs") {
        return table(detail::kPgsFields, PgsSettings{});
    }
    if (section == "funnel") {
        return table(detail::kFunnelFields, FunnelSpec{});
    }
    if (section == "materials") {
        return table(detail::kMaterialFields, MaterialDesc{});
    }
    throw std::invalid_argument(cat("settingsReference: no settings table '", section,
                                    "' (simulation, contact, pgs, funnel, materials)"));
}

} // namespace mk::scenes
