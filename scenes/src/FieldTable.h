#pragma once
/// \file FieldTable.h
/// The building blocks of the scene file's key tables (SettingsFields.h, SceneFields.h): a key,
/// the member that holds it, whether a file must give it, what its value must satisfy and its
/// meaning. The reader (SceneReader.cpp), the writer (SceneWriter.cpp), the validator
/// (Validate.cpp), the comparison (SceneDesc.cpp) and the key reference of docs/scene-format.md
/// (SettingsReference.cpp) walk the tables; none of them lists keys of its own.

#include "minkowski/narrowphase/Math.h"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>

namespace mk::scenes::detail {

/// What a value must satisfy beyond its type (checked by validateScene()). Vectors and lists
/// apply it to every component.
struct Rule {
    enum Kind : unsigned char {
        Any,                ///< no constraint beyond the type
        Positive,           ///< finite and > 0
        NonNegative,        ///< finite and >= 0
        Closed,             ///< in [lo, hi]
        Open,               ///< in (lo, hi)
        AtLeast,            ///< integer >= lo
        Above,              ///< finite and > lo
        Finite,             ///< every component finite
        Material,           ///< empty, "default" or a key of [materials]
        Shape,              ///< a key of [shapes]; a list of them: at least one
        NonEmpty,           ///< a string that is not empty
        Unit,               ///< a unit quaternion (within 1e-6)
        Range,              ///< a Range3: finite, min <= max
        PositiveOrInfinite, ///< > 0, +infinity allowed (no bound)
    };
    Kind kind = Any;
    double lo = 0.0;
    double hi = 0.0;
    /// What the value is, for messages: "expected a number > 2 (the sharpness beta)",
    /// "expected a file path".
    std::string_view what{};
};

/// Whether a file must give a key, and whether the writer leaves it out.
enum class Presence : unsigned char {
    Optional,    ///< may be left out (the member keeps its default); always written
    Required,    ///< a file must give it ("missing (required)"); always written
    OmitDefault, ///< may be left out; written only when not at the struct's default (unset
                 ///< optionals, keys added after scene files were written, zero velocities)
};

/// Equality of two values of a field (Eigen's quaternions have no operator==).
template <class T> bool same(const T& a, const T& b) {
    return a == b;
}
inline bool same(const Quat& a, const Quat& b) {
    return a.coeffs() == b.coeffs();
}

/// A key held by one member of S.
template <class S, class T> struct Field {
    using Value = T;
    std::string_view key;
    T S::*member;
    Rule rule;
    std::string_view doc; ///< the meaning column of docs/scene-format.md, with the unit
    Presence presence = Presence::Optional;

    [[nodiscard]] T& of(S& s) const { return s.*member; }
    [[nodiscard]] const T& of(const S& s) const { return s.*member; }
    /// The writer leaves the key out.
    [[nodiscard]] bool omitted(const S& s) const {
        return presence == Presence::OmitDefault && same(of(s), S{}.*member);
    }
};

/// A key held by a member of the member `outer` of S (SimulationSpec::escape's keys). The
/// writer leaves every key of the group out while the whole group is at its default.
template <class S, class M, class T> struct SubField {
    using Value = T;
    std::string_view key;
    M S::*outer;
    T M::*member;
    Rule rule;
    std::string_view doc;
    Presence presence = Presence::Optional;

    [[nodiscard]] T& of(S& s) const { return (s.*outer).*member; }
    [[nodiscard]] const T& of(const S& s) const { return (s.*outer).*member; }
    [[nodiscard]] bool omitted(const S& s) const { return s.*outer == M{}; }
};

/// Field and SubField: a key holding one value.
template <class F>
concept ValueField = requires {
    typename F::Value;
};

/// A key naming which table of keys follows it in the same TOML table (a shape's `type`, a
/// generator's `placement`): `kindFields(value, f)` (SceneFields.h) calls f with that table.
template <class S, class E> struct KindField {
    using Kind = E;
    std::string_view key;
    E S::*member;
    std::string_view doc;
    Presence presence = Presence::Optional;

    [[nodiscard]] E& of(S& s) const { return s.*member; }
    [[nodiscard]] const E& of(const S& s) const { return s.*member; }
};

/// A key whose value is a canonical string coded from and to S (the solver choice,
/// `gjk-polyak:momentum=coal`): read with `set` (throws UnknownNameError), written and compared
/// through `get`.
template <class S> struct CodedField {
    std::string_view key;
    std::string (*get)(const S&);
    void (*set)(S&, std::string_view);
    std::string_view doc;
};

/// The time step: written as `hz` when that is a whole rate, read from `hz` or `time_step`.
template <class S> struct StepField {
    double S::*member;
    std::string_view doc;

    [[nodiscard]] const double& of(const S& s) const { return s.*member; }
};

/// A file must give the key.
template <class F> constexpr bool required(const F& field) {
    if constexpr (requires { field.presence; }) {
        return field.presence == Presence::Required;
    } else {
        return false;
    }
}

inline constexpr Rule kAny{};
inline constexpr Rule kPositive{Rule::Positive};
inline constexpr Rule kNonNegative{Rule::NonNegative};
inline constexpr Rule kFinite{Rule::Finite};
inline constexpr Rule kMaterial{Rule::Material};
inline constexpr Rule kShape{Rule::Shape};
inline constexpr Rule kUnit{Rule::Unit};
inline constexpr Rule kRange{Rule::Range};
constexpr Rule closed(double lo, double hi) {
    return {Rule::Closed, lo, hi};
}
constexpr Rule open(double lo, double hi) {
    return {Rule::Open, lo, hi};
}
constexpr Rule atLeast(double lo) {
    return {Rule::AtLeast, lo, 0.0};
}
constexpr Rule above(double lo, std::string_view what) {
    return {Rule::Above, lo, 0.0, what};
}
constexpr Rule nonEmpty(std::string_view what) {
    return {Rule::NonEmpty, 0.0, 0.0, what};
}

inline constexpr Presence kRequired = Presence::Required;
inline constexpr Presence kOmitDefault = Presence::OmitDefault;

/// Calls `f(field)` for every field of `table`, in order.
template <class Table, class F> constexpr void forEachField(const Table& table, F&& f) {
    std::apply([&f](const auto&... field) { (f(field), ...); }, table);
}

/// Every field of `table` equal in `a` and `b`.
template <class Table, class S> bool sameFields(const Table& table, const S& a, const S& b) {
    bool same = true;
    forEachField(table, [&](const auto& field) {
        if constexpr (requires { field.get; }) {
            same = same && field.get(a) == field.get(b);
        } else {
            same = same && detail::same(field.of(a), field.of(b));
        }
    });
    return same;
}

/// Number of members of the aggregate S (the largest N such that S{x1, ..., xN} compiles).
struct AnyMember {
    template <class T> operator T() const; // NOLINT: only in unevaluated context
};
template <class S, class... A> consteval std::size_t memberCount() {
    if constexpr (requires { S{A{}..., AnyMember{}}; }) {
        return memberCount<S, A..., AnyMember>();
    } else {
        return sizeof...(A);
    }
}

/// Number of different keys in `tables` (each a tuple of fields with a `key`).
template <class... Tables> constexpr std::size_t distinctKeys(const Tables&... tables) {
    std::array<std::string_view, 64> keys{};
    std::size_t n = 0;
    const auto add = [&](const auto& field) {
        for (std::size_t i = 0; i < n; ++i) {
            if (keys[i] == field.key) {
                return;
            }
        }
        keys[n++] = field.key;
    };
    (forEachField(tables, add), ...);
    return n;
}

} // namespace mk::scenes::detail
