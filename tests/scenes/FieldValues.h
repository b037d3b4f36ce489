#pragma once
/// \file FieldValues.h
/// Helpers of the field-table tests (test_settings_fields.cpp, test_scene_fields.cpp): a valid
/// value of a key other than the one it holds, found from the key's type and rule
/// (scenes/src/FieldTable.h), so that the tests walk every key without naming one.

#include "FieldTable.h"
#include "SceneFields.h"
#include "SettingsFields.h"

#include <gtest/gtest.h>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace mk::scenes::test {

/// Every scene that uses these values defines these materials and shapes.
inline constexpr const char* kMaterial = "steel";
inline constexpr const char* kOtherShape = "other";

/// A valid double for `rule` other than `current`.
inline double otherNumber(const detail::Rule& rule, double current) {
    if (rule.kind == detail::Rule::Closed || rule.kind == detail::Rule::Open) {
        const double mid = rule.lo + 0.375 * (rule.hi - rule.lo);
        return mid == current ? rule.lo + 0.625 * (rule.hi - rule.lo) : mid;
    }
    if (rule.kind == detail::Rule::Above) {
        return std::max(current, rule.lo) + 1.5;
    }
    return current + 0.1; // not a short binary fraction: tests the shortest round trip
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
        return otherNumber(rule, current);
    } else if constexpr (std::is_same_v<T, std::optional<double>>) {
        return otherNumber(rule, current.value_or(0.0));
    } else if constexpr (std::is_same_v<T, bool>) {
        return !current;
    } else if constexpr (std::is_same_v<T, Vec3>) {
        return current.cwiseAbs() + Vec3(0.1, 0.2, 0.3);
    } else if constexpr (std::is_same_v<T, Eigen::Vector2d>) {
        const Eigen::Vector2d v(otherNumber(rule, current.x()), otherNumber(rule, current.y()));
        return v == current ? Eigen::Vector2d(v.y(), v.x()) : v;
    } else if constexpr (std::is_same_v<T, Quat>) {
        return Quat(Eigen::AngleAxisd(0.3, Vec3(1.0, 2.0, 3.0).normalized()));
    } else if constexpr (std::is_same_v<T, std::vector<Vec3>>) {
        std::vector<Vec3> points = current; // as many: a point per body
        for (Vec3& p : points) {
            p += Vec3(0.1, -0.2, 0.3);
        }
        return points;
    } else if constexpr (std::is_same_v<T, Range3>) {
        return Range3{current.min - Vec3(1.0, 2.0, 3.0), current.max + Vec3(0.5, 0.25, 0.125)};
    } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
        std::vector<std::string> names = current;
        names.emplace_back(kOtherShape);
        return names;
    } else {
        static_assert(std::is_same_v<T, std::string>);
        switch (rule.kind) {
        case detail::Rule::Material:
            return kMaterial;
        case detail::Rule::Shape:
            return kOtherShape;
        case detail::Rule::NonEmpty:
            return current + "other.obj";
        default:
            return current + "a name \"quoted\"";
        }
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

} // namespace mk::scenes::test
