/// \file SceneWriter.cpp
/// SceneDesc -> TOML. Numbers in shortest round-trip form, so that reading the text back gives
/// the same doubles. Written by hand (not toml++'s formatter) to control the layout and comments.

#include "SceneFields.h"
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
    void put(std::string_view k, const std::string& s) { put(k, std::string_view(s)); }
    void put(std::string_view k, const Vec3& v) { raw(k, vec(v)); }
    void put(std::string_view k, const Eigen::Vector2d& v) { raw(k, array({v.x(), v.y()})); }
    void put(std::string_view k, const Quat& q) { raw(k, array({q.w(), q.x(), q.y(), q.z()})); }
    void put(std::string_view k, const std::vector<std::string>& names) {
        raw(k, stringList(names));
    }
    void put(std::string_view k, const std::vector<Vec3>& points) {
        std::string text = "[";
        for (size_t i = 0; i < points.size(); ++i) {
            text += (i ? ", " : "") + vec(points[i]);
        }
        raw(k, text + "]");
    }
    void put(std::string_view k, const Range3& r) { raw(k, range(r)); }
    /// Nothing when unset.
    void put(std::string_view k, const std::optional<double>& v) {
        if (v) {
            put(k, *v);
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
    } else {
        w.put(field.key, value);
    }
}

/// The kind, then the keys of that kind.
template <class S, class E>
void writeField(Writer& w, const S& s, const detail::KindField<S, E>& field) {
    const E kind = field.of(s);
    w.put(field.key, name(kind));
    detail::kindFields(kind, [&](const auto& fields) {
        detail::forEachField(fields, [&](const auto& f) { writeField(w, s, f); });
    });
}

/// Every key of a table (SettingsFields.h, SceneFields.h), in its order.
template <class Fields, class S> void writeFields(Writer& w, const Fields& fields, const S& s) {
    detail::forEachField(fields, [&](const auto& field) { writeField(w, s, field); });
}

/// `[header]` and its keys.
template <class Fields, class S>
void writeTable(Writer& w, const std::string& header, const Fields& fields, const S& s) {
    w.table(header);
    writeFields(w, fields, s);
}

} // namespace

std::string formatScene(const SceneDesc& scene) {
    Writer w;
    w.comment("Minkowski scene (docs/scene-format.md). Units: metre, second, kilogram.");
    w.put("name", std::string_view(scene.name));
    if (!scene.description.empty()) {
        w.put("description", scene.description);
    }
    if (!scene.plugins.empty()) {
        w.raw("plugins", stringList(scene.plugins));
    }
    writeTable(w, "simulation", detail::kSimulationFields, scene.simulation);
    writeTable(w, "contact", detail::kContactFields, scene.contact);
    writeTable(w, "pgs", detail::kPgsFields, scene.pgs);
    if (scene.funnel) {
        writeTable(w, "funnel", detail::kFunnelFields, *scene.funnel);
    }
    for (const auto& [materialName, m] : scene.materials) {
        writeTable(w, "materials." + key(materialName), detail::kMaterialFields, m);
    }
    for (const auto& [shapeName, shape] : scene.shapes) {
        writeTable(w, "shapes." + key(shapeName), detail::kShapeFields, shape);
    }
    for (const BodySpec& b : scene.bodies) {
        w.arrayTable("bodies");
        writeFields(w, detail::kBodyFields, b);
    }
    for (const GeneratorSpec& g : scene.generators) {
        w.arrayTable("generators");
        writeFields(w, detail::kGeneratorFields, g);
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
