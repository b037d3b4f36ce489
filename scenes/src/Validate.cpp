/// \file Validate.cpp
/// Everything a scene must satisfy beyond types: ranges, references, counts. The key paths are
/// those of the file (docs/scene-format.md), so that the reader can add the line.

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
    void finite(const std::string& key, const Vec3& v) const {
        if (!v.allFinite()) {
            fail(key, "expected finite numbers");
        }
    }
    void positive(const std::string& key, const Vec3& v) const {
        if (!v.allFinite() || !(v.minCoeff() > 0.0)) {
            fail(key, "expected 3 positive numbers");
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
    } else if constexpr (std::is_same_v<T, Vec3>) {
        if (rule.kind == detail::Rule::Finite) {
            c.finite(key, v);
        }
    } else if constexpr (std::is_same_v<T, std::string>) {
        if (rule.kind == detail::Rule::Material) {
            c.material(key, v);
        }
    }
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

void checkShape(const Checker& c, const std::string& key, const ShapeDesc& s) {
    switch (s.kind) {
    case ShapeKind::Sphere:
        c.positive(key + ".radius", s.radius);
        break;
    case ShapeKind::Box:
        c.positive(key + ".half_extents", s.halfExtents);
        c.nonNegative(key + ".rounding", s.rounding);
        break;
    case ShapeKind::Superquadric:
        c.positive(key + ".radii", s.radii);
        for (const double e : {s.exponents.x(), s.exponents.y()}) {
            if (!(e > 0.0 && e < 2.0)) {
                c.fail(key + ".exponents", "expected two numbers in (0, 2), got [" +
                                               text(s.exponents.x()) + ", " +
                                               text(s.exponents.y()) + "]");
            }
        }
        if (s.inflation) {
            c.nonNegative(key + ".inflation", *s.inflation);
        }
        break;
    case ShapeKind::Ellipsoid:
        c.positive(key + ".radii", s.radii);
        break;
    case ShapeKind::Capsule:
    case ShapeKind::Cylinder:
    case ShapeKind::Cone:
        c.positive(key + ".radius", s.radius);
        c.positive(key + ".half_height", s.halfHeight);
        break;
    case ShapeKind::Mesh:
        if (s.path.empty()) {
            c.fail(key + ".path", "expected a file path");
        }
        c.positive(key + ".scale", s.scale);
        if (s.smoothing && !(*s.smoothing > 2.0 && std::isfinite(*s.smoothing))) {
            c.fail(key + ".smoothing",
                   "expected a number > 2 (the sharpness beta), got " + text(*s.smoothing));
        }
        break;
    }
}

void checkMass(const Checker& c, const std::string& key, const std::optional<double>& density,
               const std::optional<double>& mass) {
    if (density) {
        c.positive(key + ".density", *density);
    }
    if (mass) {
        c.positive(key + ".mass", *mass);
    }
}

void checkBody(const Checker& c, const std::string& key, const BodySpec& b) {
    c.shape(key + ".shape", b.shape);
    c.finite(key + ".position", b.position);
    if (!b.rotation.coeffs().allFinite() || std::abs(b.rotation.norm() - 1.0) > 1e-6) {
        c.fail(key + ".rotation", "expected a unit quaternion");
    }
    c.finite(key + ".linear_velocity", b.linearVelocity);
    c.finite(key + ".angular_velocity", b.angularVelocity);
    if (b.type == BodyType::Static &&
        (!b.linearVelocity.isZero(0.0) || !b.angularVelocity.isZero(0.0))) {
        c.fail(key + ".linear_velocity", "a static body cannot move (use type = \"kinematic\")");
    }
    checkMass(c, key, b.density, b.mass);
    c.material(key + ".material", b.material);
}

void checkRange(const Checker& c, const std::string& key, const Range3& r) {
    c.finite(key + ".min", r.min);
    c.finite(key + ".max", r.max);
    if (!(r.min.array() <= r.max.array()).all()) {
        c.fail(key, "min must not exceed max");
    }
}

void checkPlacement(const Checker& c, const SceneDesc& scene, const std::string& key,
                    const GeneratorSpec& g) {
    switch (g.placement) {
    case Placement::Points:
        if (g.points.size() != static_cast<size_t>(g.count)) {
            c.fail(key + ".points", std::to_string(g.points.size()) + " points for count = " +
                                        std::to_string(g.count) + " (one point per body)");
        }
        for (const Vec3& p : g.points) {
            c.finite(key + ".points", p);
        }
        break;
    case Placement::Grid:
        c.finite(key + ".center", g.center);
        if (!g.halfSize.allFinite() || !(g.halfSize.minCoeff() > 0.0)) {
            c.fail(key + ".half_size", "expected 2 positive numbers");
        }
        break;
    case Placement::Funnel:
        if (!scene.funnel) {
            c.fail(key + ".placement", "placement \"funnel\" needs a [funnel] table");
        }
        c.nonNegative(key + ".start_height", g.startHeight);
        break;
    case Placement::Stack:
        c.finite(key + ".center", g.center);
        c.nonNegative(key + ".gap", g.gap);
        break;
    }
    c.nonNegative(key + ".cell", g.cell);
    c.between(key + ".jitter", g.jitter, 0.0, 1.0);
}

void checkGenerator(const Checker& c, const SceneDesc& scene, const std::string& key,
                    const GeneratorSpec& g) {
    c.atLeast(key + ".count", g.count, 0);
    if (g.shapes.empty()) {
        c.fail(key + ".shapes", "expected at least one shape name");
    }
    for (const std::string& shape : g.shapes) {
        c.shape(key + ".shapes", shape);
    }
    checkMass(c, key, g.density, g.mass);
    c.material(key + ".material", g.material);
    checkPlacement(c, scene, key, g);
    checkRange(c, key + ".linear_velocity", g.linearVelocity);
    checkRange(c, key + ".angular_velocity", g.angularVelocity);
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
        checkShape(c, "shapes." + name, shape);
    }
    if (scene.funnel) {
        checkFields(c, "funnel.", detail::kFunnelFields, *scene.funnel);
    }
    for (size_t i = 0; i < scene.bodies.size(); ++i) {
        checkBody(c, "bodies[" + std::to_string(i) + "]", scene.bodies[i]);
    }
    for (size_t i = 0; i < scene.generators.size(); ++i) {
        checkGenerator(c, scene, "generators[" + std::to_string(i) + "]", scene.generators[i]);
    }
    if (scene.bodies.empty() && scene.generators.empty() && !scene.funnel) {
        c.fail("", "the scene has no bodies ([[bodies]], [[generators]] or [funnel])");
    }
}

} // namespace mk::scenes
