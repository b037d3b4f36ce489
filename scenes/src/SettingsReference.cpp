/// \file SettingsReference.cpp
/// The key tables of docs/scene-format.md, generated from SettingsFields.h and SceneFields.h.

#include "SceneFields.h"
#include "SettingsFields.h"
#include "minkowski/scenes/SceneFile.h"

#include <array>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

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

using detail::Rule;

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
    case detail::Rule::Above:
        return cat(what, " > ", number(rule.lo));
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

std::string vec(const auto& v) {
    std::string s = "[";
    for (const double x : v) {
        s.append(s.size() > 1 ? ", " : "").append(number(x));
    }
    return s.append("]");
}

/// The type and default columns of a value of type T.
template <class T> std::pair<std::string, std::string> typeAndValue(const T& v, const Rule& rule) {
    if constexpr (std::is_enum_v<T>) {
        std::string type;
        for (const auto choice : detail::choices(v)) {
            type.append(type.empty() ? "string: " : ", ").append(code(name(choice)));
        }
        return {type, code(name(v))};
    } else if constexpr (std::is_same_v<T, std::uint64_t>) {
        return {"integer in [0, 2^63)", std::to_string(v)};
    } else if constexpr (std::is_same_v<T, int>) {
        return {ruleText(rule, "integer"), std::to_string(v)};
    } else if constexpr (std::is_same_v<T, double>) {
        return {ruleText(rule, "number"), number(v)};
    } else if constexpr (std::is_same_v<T, std::optional<double>>) {
        return {ruleText(rule, "number"), v ? number(*v) : ""};
    } else if constexpr (std::is_same_v<T, bool>) {
        return {"bool", v ? "true" : "false"};
    } else if constexpr (std::is_same_v<T, Vec3> || std::is_same_v<T, Eigen::Vector2d>) {
        const std::string type = std::is_same_v<T, Vec3> ? "[x, y, z]" : "[x, y]";
        const bool each = rule.kind == Rule::Positive || rule.kind == Rule::Open;
        return {each ? cat(type, ", ", ruleText(rule, "each")) : type, vec(v)};
    } else if constexpr (std::is_same_v<T, Quat>) {
        return {"[w, x, y, z] or {axis = [x, y, z], degrees = a}",
                v.coeffs() == Quat::Identity().coeffs() ? "identity" : vec(v.coeffs())};
    } else if constexpr (std::is_same_v<T, std::vector<Vec3>>) {
        return {"[[x, y, z], ...]", ""};
    } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
        return {"[string, ...]", ""};
    } else if constexpr (std::is_same_v<T, Range3>) {
        return {"{min = [x, y, z], max = [x, y, z]}",
                cat("{min = ", vec(v.min), ", max = ", vec(v.max), "}")};
    } else {
        static_assert(std::is_same_v<T, std::string>);
        return {"string", cat("\"", v, "\"")};
    }
}

template <class S, detail::ValueField F> std::string fieldRow(const S& s, const F& field) {
    auto [type, value] = typeAndValue(field.of(s), field.rule);
    if (detail::required(field)) {
        type.append(", **required**");
        value.clear();
    }
    return row(code(field.key), type, value, field.doc);
}

/// A generator's `placement`: its choices (their keys are in the table of placements).
template <class S, class E> std::string fieldRow(const S& s, const detail::KindField<S, E>& field) {
    auto [type, value] = typeAndValue(field.of(s), {});
    return row(code(field.key), type, value, field.doc);
}

template <class Fields, class S> std::string table(const Fields& fields, const S& defaults) {
    std::string text = "| key | type | default | meaning |\n| --- | --- | --- | --- |\n";
    detail::forEachField(fields, [&](const auto& field) { text += fieldRow(defaults, field); });
    return text;
}

/// One table of the keys of every kind of `kinds` (kShapeKinds, kPlacements), a first column
/// naming the kinds; consecutive kinds with the same keys share their rows.
template <class Kinds, class S>
std::string kindTable(const Kinds& kinds, std::string_view kindKey, const S& defaults) {
    std::vector<std::pair<std::string, std::string>> groups; // kinds, rows
    detail::forEachField(kinds, [&](const auto& entry) {
        std::string rows;
        detail::forEachField(entry.second,
                             [&](const auto& field) { rows += fieldRow(defaults, field); });
        if (!groups.empty() && groups.back().second == rows) {
            groups.back().first.append(", ").append(code(name(entry.first)));
        } else {
            groups.emplace_back(code(name(entry.first)), rows);
        }
    });
    std::string text = cat("| ", code(kindKey), " | key | type | default | meaning |\n",
                           "| --- | --- | --- | --- | --- |\n");
    for (const auto& [names, rows] : groups) {
        std::string first = names;
        for (size_t at = 0; at < rows.size(); at = rows.find('\n', at) + 1) {
            text.append("| ").append(first).append(" ").append(rows, at,
                                                               rows.find('\n', at) + 1 - at);
            first.clear();
        }
    }
    return text;
}

/// Every section settingsReference() knows, by name.
constexpr std::array<std::pair<std::string_view, std::string (*)()>, 9> kSections{{
    {"simulation", [] { return table(detail::kSimulationFields, SimulationSpec{}); }},
    {"contact", [] { return table(detail::kContactFields, ContactSettings{}); }},
    {"pgs", [] { return table(detail::kPgsFields, PgsSettings{}); }},
    {"funnel", [] { return table(detail::kFunnelFields, FunnelSpec{}); }},
    {"materials", [] { return table(detail::kMaterialFields, MaterialDesc{}); }},
    {"shapes", [] { return kindTable(detail::kShapeKinds, "type", ShapeDesc{}); }},
    {"bodies", [] { return table(detail::kBodyFields, BodySpec{}); }},
    {"generators", [] { return table(detail::kGeneratorFields, GeneratorSpec{}); }},
    {"placements", [] { return kindTable(detail::kPlacements, "placement", GeneratorSpec{}); }},
}};

} // namespace

std::string settingsReference(std::string_view section) {
    std::string names;
    for (const auto& [name, generate] : kSections) {
        if (name == section) {
            return generate();
        }
        names.append(names.empty() ? "" : ", ").append(name);
    }
    throw std::invalid_argument(
        cat("settingsReference: no key table '", section, "' (", names, ")"));
}

} // namespace mk::scenes
