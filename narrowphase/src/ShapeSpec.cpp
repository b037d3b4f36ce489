/// \file ShapeSpec.cpp
/// Text specs of primitives in the collision-problem CSV format, e.g. `box:hx=1,hy=2,hz=0.5`
/// (unit: metre). Values are read with std::from_chars and written with 17 significant digits,
/// so parsePrimitiveSpec(primitiveSpec(s)) reproduces s bit for bit.

#include "minkowski/narrowphase/Shape.h"

#include <array>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <system_error>

namespace mk {
namespace {

/// The keys of one primitive type, in the order primitiveSpec writes them.
struct SpecLayout {
    ShapeType type;
    std::array<std::string_view, 3> keys;
    int count;
};

constexpr std::array kLayouts{
    SpecLayout{ShapeType::Sphere, {"r", "", ""}, 1},
    SpecLayout{ShapeType::Box, {"hx", "hy", "hz"}, 3},
    SpecLayout{ShapeType::Ellipsoid, {"a", "b", "c"}, 3},
    SpecLayout{ShapeType::Capsule, {"r", "hz", ""}, 2},
    SpecLayout{ShapeType::Cylinder, {"r", "hz", ""}, 2},
    SpecLayout{ShapeType::Cone, {"r", "hz", ""}, 2},
};

[[noreturn]] void fail(std::string_view spec, const std::string& what) {
    throw ShapeError("shape spec '" + std::string(spec) + "': " + what);
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
        s.remove_suffix(1);
    }
    return s;
}

const SpecLayout& findLayout(std::string_view spec, std::string_view typeName) {
    for (const SpecLayout& layout : kLayouts) {
        if (shapeTypeName(layout.type) == typeName) {
            return layout;
        }
    }
    fail(spec, "unknown shape type '" + std::string(typeName) +
                   "'; valid: sphere, box, ellipsoid, capsule, cylinder, cone");
}

std::string validKeys(const SpecLayout& layout) {
    std::string keys;
    for (int i = 0; i < layout.count; ++i) {
        if (i > 0) {
            keys += ", ";
        }
        keys += layout.keys[i];
    }
    return keys;
}

/// The whole of `text` as a finite, positive double, or an error naming `key`.
double parseValue(std::string_view spec, std::string_view key, std::string_view text) {
    double value = 0.0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end) {
        fail(spec, "key '" + std::string(key) + "' has value '" + std::string(text) +
                       "', which is not a number");
    }
    if (!std::isfinite(value) || !(value > 0.0)) {
        fail(spec, "key '" + std::string(key) + "' must be finite and positive, got '" +
                       std::string(text) + "'");
    }
    return value;
}

/// Reads `key=value` pairs into the slots of `layout` (every key exactly once).
std::array<double, 3> parseValues(std::string_view spec, const SpecLayout& layout,
                                  std::string_view body) {
    std::array<std::optional<double>, 3> slots;
    while (true) {
        const size_t comma = body.find(',');
        const std::string_view item = trim(body.substr(0, comma));
        const size_t eq = item.find('=');
        if (eq == std::string_view::npos) {
            fail(spec, "expected key=value, got '" + std::string(item) + "'");
        }
        const std::string_view key = trim(item.substr(0, eq));
        int slot = -1;
        for (int i = 0; i < layout.count; ++i) {
            if (layout.keys[i] == key) {
                slot = i;
            }
        }
        if (slot < 0) {
            fail(spec, "unknown key '" + std::string(key) + "'; valid: " + validKeys(layout));
        }
        if (slots[slot]) {
            fail(spec, "duplicate key '" + std::string(key) + "'");
        }
        slots[slot] = parseValue(spec, key, trim(item.substr(eq + 1)));
        if (comma == std::string_view::npos) {
            break;
        }
        body.remove_prefix(comma + 1);
    }
    std::array<double, 3> values{};
    for (int i = 0; i < layout.count; ++i) {
        if (!slots[i]) {
            fail(spec, "missing key '" + std::string(layout.keys[i]) + "'");
        }
        values[i] = *slots[i];
    }
    return values;
}

/// `value` with 17 significant digits (enough to round-trip any double).
std::string formatValue(double value) {
    std::array<char, 64> buffer{};
    const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value,
                                      std::chars_format::general, 17);
    return {buffer.data(), result.ptr};
}

} // namespace

Shape parsePrimitiveSpec(std::string_view spec) {
    const size_t colon = spec.find(':');
    if (colon == std::string_view::npos) {
        fail(spec, "expected type:key=value,..., e.g. sphere:r=0.5");
    }
    const SpecLayout& layout = findLayout(spec, trim(spec.substr(0, colon)));
    const std::array<double, 3> v = parseValues(spec, layout, spec.substr(colon + 1));
    switch (layout.type) {
    case ShapeType::Sphere: return Shape::sphere(v[0]);
    case ShapeType::Box: return Shape::box(Vec3(v[0], v[1], v[2]));
    case ShapeType::Ellipsoid: return Shape::ellipsoid(Vec3(v[0], v[1], v[2]));
    case ShapeType::Capsule: return Shape::capsule(v[0], v[1]);
    case ShapeType::Cylinder: return Shape::cylinder(v[0], v[1]);
    case ShapeType::Cone: return Shape::cone(v[0], v[1]);
    case ShapeType::ConvexMesh:
    case ShapeType::Superquadric:
    case ShapeType::SmoothedHull: break;
    }
    fail(spec, "not a primitive");
}

std::string primitiveSpec(const Shape& shape) {
    std::array<double, 3> values{};
    switch (shape.type()) {
    case ShapeType::Sphere: values = {shape.radius(), 0.0, 0.0}; break;
    case ShapeType::Box:
    case ShapeType::Ellipsoid: values = {shape.radii().x(), shape.radii().y(), shape.radii().z()}; break;
    case ShapeType::Capsule:
    case ShapeType::Cylinder:
    case ShapeType::Cone: values = {shape.radius(), shape.halfHeight(), 0.0}; break;
    case ShapeType::ConvexMesh:
        throw ShapeError("primitiveSpec: a mesh has no primitive spec (meshes are referenced by file path)");
    case ShapeType::Superquadric:
    case ShapeType::SmoothedHull:
        throw ShapeError("primitiveSpec: superquadrics and smoothed hulls have no spec in the "
                         "collision-problem format");
    }
    const SpecLayout& layout = findLayout("", shapeTypeName(shape.type()));
    std::string spec(shapeTypeName(shape.type()));
    spec += ':';
    for (int i = 0; i < layout.count; ++i) {
        if (i > 0) {
            spec += ',';
        }
        spec += layout.keys[i];
        spec += '=';
        spec += formatValue(values[i]);
    }
    return spec;
}

} // namespace mk
