/// \file Validate.cpp
/// Everything a scene must satisfy beyond types: ranges, references, counts. The key paths are
/// those of the file (docs/scene-format.md), so that the reader can add the line.

#include "SceneFields.h"
#include "SettingsFields.h"
#include "minkowski/scenes/SceneFile.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <type_traits>

namespace mk::scenes {
namespace {

std::string text(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return buffer;
}

class Checker {
public:
    explicit Checker(const SceneDesc& scene) : scene_(scene) {}

    [[noreturn]] void fail(const std::string& key, const std::string& message) const {
        throw sceneError(scene_, key, message);
    }
    void positive(const std::string& key, double v) const {
        if (!(v > 0.0) || !std::isfinite(v)) {
            fail(key, "expected a positive number, got " + text(v));
        }
    }
    void nonNegative(const std::string& key, double v) const {
        if (!(v >= 0.0) || !std::isfinite(v)) {
            fail(key, "expected a number >= 0, got " + text(v));
        }
    }
    void between(const std::string& key, double v, double lo, double hi) const {
        if (!(v >= lo && v <= hi)) {
            fail(key, "expected a number in [" + text(lo) + ", " + text(hi) + "], got " + text(v));
        }
    }
    void intBetween(const std::string& key, std::int64_t v, std::int64_t lo,
                    std::int64_t hi) const {
        if (v < lo || v > hi) {
            fail(key, "expected an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                          "], got " + std::to_string(v));
        }
    }
    /// A double against its rule (SettingsFields.h).
    void check(const std::string& key, double v, const detail::Rule& rule) const {
        switch (rule.kind) {
        case detail::Rule::Positive:
            positive(key, v);
            break;
        case detail::Rule::NonNegative:
            nonNegative(key, v);
            break;
        case detail::Rule::Closed:
            between(key, v, rule.lo, rule.hi);
            break;
        case detail::Rule::PositiveOrInfinite:
            if (!(v > 0.0)) { // inf is allowed: no bound
                fail(key, "expected a positive number (or inf), got " + text(v));
            }
            break;
        case detail::Rule::Open:
            if (!(v > rule.lo && v < rule.hi)) {
                fail(key, "expected a number in (" + text(rule.lo) + ", " + text(rule.hi) +
                              "), got " + text(v));
            }
            break;
        case detail::Rule::Above:
            if (!(v > rule.lo && std::isfinite(v))) {
                const std::string what =
                    rule.what.empty() ? "" : " (" + std::string(rule.what) + ")";
                fail(key, "expected a number > " + text(rule.lo) + what + ", got " + text(v));
            }
            break;
        default:
            break;
        }
    }
    void atLeast(const std::string& key, std::int64_t v, std::int64_t lo) const {
        if (v < lo) {
            fail(key,
                 "expected an integer >= " + std::to_string(lo) + ", got " + std::to_string(v));
        }
    }
    template <class V> void finite(const std::string& key, const V& v) const {
        if (!v.allFinite()) {
            fail(key, "expected finite numbers");
        }
    }
    /// A vector against its rule: components positive, finite, or in an open range.
    template <int N>
    void check(const std::string& key, const Eigen::Matrix<double, N, 1>& v,
               const detail::Rule& rule) const {
        if (rule.kind == detail::Rule::Positive && (!v.allFinite() || !(v.minCoeff() > 0.0))) {
            fail(key, "expected " + std::to_string(N) + " positive numbers");
        }
        if (rule.kind == detail::Rule::Finite) {
            finite(key, v);
        }
        if (rule.kind == detail::Rule::Open &&
            !((v.array() > rule.lo).all() && (v.array() < rule.hi).all())) {
            std::string values;
            for (const double x : v) {
                values.append(values.empty() ? "" : ", ").append(text(x));
            }
            fail(key, "expected " + std::string(N == 2 ? "two" : "three") + " numbers in (" +
                          text(rule.lo) + ", " + text(rule.hi) + "), got [" + values + "]");
        }
    }
    void unitQuaternion(const std::string& key, const Quat& q) const {
        if (!q.coeffs().allFinite() || std::abs(q.norm() - 1.0) > 1e-6) {
            fail(key, "expected a unit quaternion");
        }
    }
    void range(const std::string& key, const Range3& r) const {
        finite(key + ".min", r.min);
        finite(key + ".max", r.max);
        if (!(r.min.array() <= r.max.array()).all()) {
            fail(key, "min must not exceed max");
        }
    }
    void material(const std::string& key, const std::string& name) const {
        if (!name.empty() && name != "default" && !scene_.materials.contains(name)) {
            fail(key, "unknown material '" + name + "'" + known(scene_.materials));
        }
    }
    void shape(const std::string& key, const std::string& name) const {
        if (!scene_.shapes.contains(name)) {
            fail(key, "unknown shape '" + name + "'" + known(scene_.shapes));
        }
    }

private:
    template <class Map> static std::string known(const Map& map) {
        std::string names;
        for (const auto& entry : map) {
            names += (names.empty() ? "" : ", ") + entry.first;
        }
        return names.empty() ? " (none defined)" : " (defined: " + names + ")";
    }

    const SceneDesc& scene_;
};

template <class S>
void checkField(const Checker& c, const std::string& prefix, const S& s,
                const detail::StepField<S>& field) {
    c.positive(prefix + "time_step", s.*field.member);
    c.between(prefix + "time_step", s.*field.member, 0.0, 1.0);
}

template <class S>
void checkField(const Checker&, const std::string&, const S&, const detail::CodedField<S>&) {}

template <class S, detail::ValueField F>
void checkField(const Checker& c, const std::string& prefix, const S& s, const F& field) {
    using T = typename F::Value;
    const std::string key = prefix + std::string(field.key);
    const T& v = field.of(s);
    const detail::Rule& rule = field.rule;
    if constexpr (std::is_same_v<T, std::uint64_t>) {
        if (v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
            c.fail(key, "expected an integer below 2^63");
        }
    } else if constexpr (std::is_same_v<T, int>) {
        if (rule.kind == detail::Rule::AtLeast) {
            c.atLeast(key, v, static_cast<std::int64_t>(rule.lo));
        } else if (rule.kind == detail::Rule::Closed) {
            c.intBetween(key, v, static_cast<std::int64_t>(rule.lo),
                         static_cast<std::int64_t>(rule.hi));
        }
    } else if constexpr (std::is_same_v<T, double>) {
        c.check(key, v, rule);
    } else if constexpr (std::is_same_v<T, std::optional<double>>) {
        if (v) {
            c.check(key, *v, rule);
        }
    } else if constexpr (std::is_same_v<T, Vec3> || std::is_same_v<T, Eigen::Vector2d>) {
        c.check(key, v, rule);
    } else if constexpr (std::is_same_v<T, std::vector<Vec3>>) {
        for (const Vec3& p : v) {
            c.check(key, p, rule);
        }
    } else if constexpr (std::is_same_v<T, Quat>) {
        if (rule.kind == detail::Rule::Unit) {
            c.unitQuaternion(key, v);
        }
    } else if constexpr (std::is_same_v<T, Range3>) {
        if (rule.kind == detail::Rule::Range) {
            c.range(key, v);
        }
    } else if constexpr (std::is_same_v<T, std::string>) {
        if (rule.kind == detail::Rule::Material) {
            c.material(key, v);
        } else if (rule.kind == detail::Rule::Shape) {
            c.shape(key, v);
        } else if (rule.kind == detail::Rule::NonEmpty && v.empty()) {
            c.fail(key, "expected " + std::string(rule.what));
        }
    } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
        if (rule.kind == detail::Rule::Shape) {
            if (v.empty()) {
                c.fail(key, "expected at least one shape name");
            }
            for (const std::string& shape : v) {
                c.shape(key, shape);
            }
        }
    }
}

/// The keys of the kind the field names.
template <class S, class E>
void checkField(const Checker& c, const std::string& prefix, const S& s,
                const detail::KindField<S, E>& field) {
    detail::kindFields(field.of(s), [&](const auto& fields) {
        detail::forEachField(fields, [&](const auto& f) { checkField(c, prefix, s, f); });
    });
}

/// seconds / time_step within what a trajectory may take (a dataset counts steps in 32 bits).
void checkStepCount(const Checker& c, const SimulationSpec& s) {
    if (s.seconds / s.timeStep > static_cast<double>(kMaxStepsPerTrajectory) + 0.5) {
        c.fail("simulation.seconds",
               text(s.seconds) + " s at a time step of " + text(s.timeStep) + " s is " +
                   text(s.seconds / s.timeStep) + " steps, more than the " +
                   std::to_string(kMaxStepsPerTrajectory) + " a trajectory may take");
    }
}

/// Every field of a settings table (SettingsFields.h); `prefix` is "contact." and the like.
template <class Fields, class S>
void checkFields(const Checker& c, const std::string& prefix, const Fields& fields, const S& s) {
    detail::forEachField(fields, [&](const auto& field) { checkField(c, prefix, s, field); });
}

/// What a body's keys cannot say alone.
void checkBody(const Checker& c, const std::string& key, const BodySpec& b) {
    if (b.type == BodyType::Static &&
        (!b.linearVelocity.isZero(0.0) || !b.angularVelocity.isZero(0.0))) {
        c.fail(key + ".linear_velocity", "a static body cannot move (use type = \"kinematic\")");
    }
}

/// What a generator's keys cannot say alone.
void checkGenerator(const Checker& c, const SceneDesc& scene, const std::string& key,
                    const GeneratorSpec& g) {
    if (g.placement == Placement::Points && g.points.size() != static_cast<size_t>(g.count)) {
        c.fail(key + ".points", std::to_string(g.points.size()) + " points for count = " +
                                    std::to_string(g.count) + " (one point per body)");
    }
    if (g.placement == Placement::Funnel && !scene.funnel) {
        c.fail(key + ".placement", "placement \"funnel\" needs a [funnel] table");
    }
}

/// "source:line: key: message", without the unknown parts.
std::string located(const std::string& source, int line, const std::string& key,
                    const std::string& message) {
    std::string text = source;
    if (line > 0) {
        text.append(":").append(std::to_string(line));
    }
    text.append(": ");
    if (!key.empty()) {
        text.append(key).append(": ");
    }
    return text.append(message);
}

} // namespace

SceneError::SceneError(std::string source, int line, std::string key, const std::string& message)
    : std::runtime_error(located(source, line, key, message)), source_(std::move(source)),
      line_(line), key_(std::move(key)), message_(message) {}

SceneError sceneError(const SceneDesc& scene, const std::string& key, const std::string& message) {
    return SceneError(scene.source, lineOf(scene, key), key, message);
}

void validateScene(const SceneDesc& scene) {
    const Checker c(scene);
    checkFields(c, "simulation.", detail::kSimulationFields, scene.simulation);
    checkStepCount(c, scene.simulation);
    checkFields(c, "contact.", detail::kContactFields, scene.contact);
    checkFields(c, "pgs.", detail::kPgsFields, scene.pgs);
    for (const auto& [name, material] : scene.materials) {
        checkFields(c, "materials." + name + ".", detail::kMaterialFields, material);
    }
    for (const auto& [name, shape] : scene.shapes) {
        checkFields(c, "shapes." + name + ".", detail::kShapeFields, shape);
    }
    if (scene.funnel) {
        checkFields(c, "funnel.", detail::kFunnelFields, *scene.funnel);
    }
    for (size_t i = 0; i < scene.bodies.size(); ++i) {
        const std::string key = "bodies[" + std::to_string(i) + "]";
        checkFields(c, key + ".", detail::kBodyFields, scene.bodies[i]);
        checkBody(c, key, scene.bodies[i]);
    }
    for (size_t i = 0; i < scene.generators.size(); ++i) {
        const std::string key = "generators[" + std::to_string(i) + "]";
        checkFields(c, key + ".", detail::kGeneratorFields, scene.generators[i]);
        checkGenerator(c, scene, key, scene.generators[i]);
    }
    if (scene.bodies.empty() && scene.generators.empty() && !scene.funnel) {
        c.fail("", "the scene has no bodies ([[bodies]], [[generators]] or [funnel])");
    }
}

} // namespace mk::scenes
