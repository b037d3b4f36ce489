/// \file SceneWriter.cpp
/// SceneDesc -> TOML. Numbers in shortest round-trip form, so that reading the text back gives
/// the same doubles. Written by hand (not toml++'s formatter) to control the layout and comments.

#include "SettingsFields.h"
#include "minkowski/scenes/SceneFile.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <type_traits>

namespace mk::scenes {
namespace {

std::string number(double v) {
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    std::string s(buffer, end);
    if (s.find_first_of(".eEn") == std::string::npos) {
        s += ".0"; // a TOML float, not an integer
    }
    return s;
}

std::string tomlString(std::string_view s) {
    std::string out = "\"";
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (ch == '"' || ch == '\\') {
            out += '\\';
            out += ch;
        } else if (c < 0x20 || c == 0x7f) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
            out += buffer;
        } else {
            out += ch;
        }
    }
    return out + "\"";
}

/// A bare key when TOML allows it, else a quoted one.
std::string key(std::string_view k) {
    const bool bare =
        !k.empty() && k.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmno"
                                          "pqrstuvwxyz0123456789_-") == std::string_view::npos;
    return bare ? std::string(k) : tomlString(k);
}

/// "[a, b, ...]". (Built by append: `"[" + std::string` trips GCC 12's -Wrestrict.)
std::string array(std::initializer_list<double> values) {
    std::string s("[");
    for (const double v : values) {
        s.append(s.size() > 1 ? ", " : "").append(number(v));
    }
    return s.append("]");
}

std::string vec(const Vec3& v) {
    return array({v.x(), v.y(), v.z()});
}

class Writer {
public:
    void table(const std::string& header) { out_ << "\n[" << header << "]\n"; }
    void arrayTable(const std::string& header) { out_ << "\n[[" << header << "]]\n"; }
    void comment(const std::string& text) { out_ << "# " << text << "\n"; }
    /// `value` is TOML text already (a number, an array, an inline table).
    void raw(std::string_view k, const std::string& value) {
        out_ << key(k) << " = " << value << "\n";
    }
    void put(std::string_view k, double v) { raw(k, number(v)); }
    void put(std::string_view k, std::int64_t v) { raw(k, std::to_string(v)); }
    void put(std::string_view k, int v) { raw(k, std::to_string(v)); }
    void put(std::string_view k, bool v) { raw(k, v ? "true" : "false"); }
    void put(std::string_view k, std::string_view s) { raw(k, tomlString(s)); }
    void put(std::string_view k, const Vec3& v) { raw(k, vec(v)); }
    void putIf(bool condition, std::string_view k, const auto& v) {
        if (condition) {
            put(k, v);
        }
    }
    [[nodiscard]] std::string str() const { return out_.str(); }

private:
    std::ostringstream out_;
};

template <class S> void writeField(Writer& w, const S& s, const detail::StepField<S>& field) {
    const double step = s.*field.member;
    const double hz = 1.0 / step;
    if (hz == std::round(hz) && 1.0 / hz == step) {
        w.put("hz", hz);
    } else {
        w.put("time_step", step);
    }
}

template <class S> void writeField(Writer& w, const S& s, const detail::CodedField<S>& field) {
    w.put(field.key, std::string_view(field.get(s)));
}

template <class S, detail::ValueField F> void writeField(Writer& w, const S& s, const F& field) {
    using T = typename F::Value;
    if (field.omitted(s)) {
        return;
    }
    const T& value = field.of(s);
    if constexpr (std::is_enum_v<T>) {
        w.put(field.key, name(value));
    } else if constexpr (std::is_same_v<T, std::uint64_t>) {
        w.put(field.key, static_cast<std::int64_t>(value));
    } else if constexpr (std::is_same_v<T, std::string>) {
        w.putIf(!value.empty(), field.key, std::string_view(value));
    } else {
        w.put(field.key, value);
    }
}

/// `[header]` and every key of a settings table (SettingsFields.h).
template <class Fields, class S>
void writeFields(Writer& w, const std::string& header, const Fields& fields, const S& s) {
    w.table(header);
    detail::forEachField(fields, [&](const auto& field) { writeField(w, s, field); });
}

void writeShape(Writer& w, const std::string& shapeName, const ShapeDesc& s) {
    w.table("shapes." + key(shapeName));
    w.put("type", name(s.kind));
    switch (s.kind) {
    case ShapeKind::Sphere:
        w.put("radius", s.radius);
        break;
    case ShapeKind::Box:
        w.put("half_extents", s.halfExtents);
        w.putIf(s.rounding != 0.0, "rounding", s.rounding);
        break;
    case ShapeKind::Ellipsoid:
        w.put("radii", s.radii);
        break;
    case ShapeKind::Superquadric:
        w.put("radii", s.radii);
        w.raw("exponents", array({s.exponents.x(), s.exponents.y()}));
        if (s.inflation) {
            w.put("inflation", *s.inflation);
        }
        break;
    case ShapeKind::Capsule:
    case ShapeKind::Cylinder:
    case ShapeKind::Cone:
        w.put("radius", s.radius);
        w.put("half_height", s.halfHeight);
        break;
    case ShapeKind::Mesh:
        w.put("path", std::string_view(s.path));
        w.putIf(s.scale != 1.0, "scale", s.scale);
        if (s.smoothing) {
            w.put("smoothing", *s.smoothing);
        }
        break;
    }
}

void writeBody(Writer& w, const BodySpec& b) {
    w.arrayTable("bodies");
    w.putIf(!b.name.empty(), "name", std::string_view(b.name));
    w.put("shape", std::string_view(b.shape));
    w.put("type", name(b.type));
    w.put("position", b.position);
    if (b.rotation.coeffs() != Quat::Identity().coeffs()) {
        const Quat& q = b.rotation;
        w.raw("rotation", array({q.w(), q.x(), q.y(), q.z()}));
    }
    w.putIf(!b.linearVelocity.isZero(0.0), "linear_velocity", b.linearVelocity);
    w.putIf(!b.angularVelocity.isZero(0.0), "angular_velocity", b.angularVelocity);
    w.putIf(b.density.has_value(), "density", b.density.value_or(0.0));
    w.putIf(b.mass.has_value(), "mass", b.mass.value_or(0.0));
    w.putIf(!b.material.empty(), "material", std::string_view(b.material));
}

std::string stringList(const std::vector<std::string>& names) {
    std::string s = "[";
    for (size_t i = 0; i < names.size(); ++i) {
        s += (i ? ", " : "") + tomlString(names[i]);
    }
    return s + "]";
}

/// "{ min = [..], max = [..] }".
std::string range(const Range3& r) {
    return std::string("{ min = ")
        .append(vec(r.min))
        .append(", max = ")
        .append(vec(r.max))
        .append(" }");
}

void writePlacement(Writer& w, const GeneratorSpec& g) {
    w.put("placement", name(g.placement));
    switch (g.placement) {
    case Placement::Points: {
        std::string points = "[";
        for (size_t i = 0; i < g.points.size(); ++i) {
            points += (i ? ", " : "") + vec(g.points[i]);
        }
        w.raw("points", points + "]");
        break;
    }
    case Placement::Grid:
        w.put("center", g.center);
        w.raw("half_size", array({g.halfSize.x(), g.halfSize.y()}));
        w.put("cell", g.cell);
        w.put("jitter", g.jitter);
        break;
    case Placement::Funnel:
        w.put("start_height", g.startHeight);
        w.put("cell", g.cell);
        w.put("jitter", g.jitter);
        break;
    case Placement::Stack:
        w.put("center", g.center);
        w.put("gap", g.gap);
        break;
    }
}

void writeGenerator(Writer& w, const GeneratorSpec& g) {
    w.arrayTable("generators");
    w.put("name", std::string_view(g.name));
    w.put("count", g.count);
    w.raw("shapes", stringList(g.shapes));
    w.put("pick", name(g.pick));
    w.putIf(g.density.has_value(), "density", g.density.value_or(0.0));
    w.putIf(g.mass.has_value(), "mass", g.mass.value_or(0.0));
    w.putIf(!g.material.empty(), "material", std::string_view(g.material));
    writePlacement(w, g);
    w.put("orientation", name(g.orientation));
    w.raw("linear_velocity", range(g.linearVelocity));
    w.raw("angular_velocity", range(g.angularVelocity));
}

} // namespace

std::string formatScene(const SceneDesc& scene) {
    Writer w;
    w.comment("Minkowski scene (docs/scene-format.md). Units: metre, second, kilogram.");
    w.put("name", std::string_view(scene.name));
    w.putIf(!scene.description.empty(), "description", std::string_view(scene.description));
    if (!scene.plugins.empty()) {
        w.raw("plugins", stringList(scene.plugins));
    }
    writeFields(w, "simulation", detail::kSimulationFields, scene.simulation);
    writeFields(w, "contact", detail::kContactFields, scene.contact);
    writeFields(w, "pgs", detail::kPgsFields, scene.pgs);
    if (scene.funnel) {
        writeFields(w, "funnel", detail::kFunnelFields, *scene.funnel);
    }
    for (const auto& [materialName, m] : scene.materials) {
        writeFields(w, "materials." + key(materialName), detail::kMaterialFields, m);
    }
    for (const auto& [shapeName, shape] : scene.shapes) {
        writeShape(w, shapeName, shape);
    }
    for (const BodySpec& b : scene.bodies) {
        writeBody(w, b);
    }
    for (const GeneratorSpec& g : scene.generators) {
        writeGenerator(w, g);
    }
    return w.str();
}

void writeSceneFile(const SceneDesc& scene, const std::filesystem::path& path) {
    namespace fs = std::filesystem;
    SceneDesc copy = scene;
    const fs::path folder = fs::absolute(path).parent_path();
    for (auto& [shapeName, shape] : copy.shapes) {
        if (shape.kind == ShapeKind::Mesh && fs::path(shape.path).is_relative()) {
            const fs::path target = fs::absolute(scene.baseDirectory / shape.path);
            const fs::path relative = target.lexically_normal().lexically_relative(folder);
            shape.path = (relative.empty() ? target : relative).generic_string();
        }
    }
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << formatScene(copy);
    out.close();
    if (!out) {
        throw SceneError(path.string(), 0, "", "cannot write the scene file");
    }
}

} // namespace mk::scenes
