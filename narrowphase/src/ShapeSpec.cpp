/// \file ShapeSpec.cpp
/// Text specs of primitives in the collision-problem CSV format, e.g. `box:hx=1,hy=2,hz=0.5`,
/// `box:hx=1,hy=2,hz=0.5,r=0.1` (rounded) or `superquadric:a=1,b=1,c=2,e1=1.5,e2=1.2`
/// (unit: metre; exponents without unit). Values are read with std::from_chars and written with
/// 17 significant digits, so parsePrimitiveSpec(primitiveSpec(s)) reproduces s bit for bit.

#include "minkowski/narrowphase/Rtr.h"
#include "minkowski/narrowphase/Shape.h"

#include <array>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <system_error>

namespace mk {
namespace {

constexpr int kMaxSpecKeys = 6;

/// The keys of one primitive type, in the order primitiveSpec writes them: `required` keys, then
/// optional ones (which may be 0; primitiveSpec writes the box's rounding when it is not 0 and the
/// superquadric's inflation always, since its default depends on the exponents).
struct SpecLayout {
    ShapeType type;
    std::array<std::string_view, kMaxSpecKeys> keys;
    int count;
    int required;
};

constexpr std::array kLayouts{
    SpecLayout{ShapeType::Sphere, {"r"}, 1, 1},
    SpecLayout{ShapeType::Box, {"hx", "hy", "hz", "r"}, 4, 3},
    SpecLayout{ShapeType::Ellipsoid, {"a", "b", "c"}, 3, 3},
    SpecLayout{ShapeType::Capsule, {"r", "hz"}, 2, 2},
    SpecLayout{ShapeType::Cylinder, {"r", "hz"}, 2, 2},
    SpecLayout{ShapeType::Cone, {"r", "hz"}, 2, 2},
    SpecLayout{ShapeType::Superquadric, {"a", "b", "c", "e1", "e2", "inflation"}, 6, 5},
};

/// A value and whether the spec gave it (optional keys).
using Slots = std::array<std::optional<double>, kMaxSpecKeys>;

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
                   "'; valid: sphere, box, ellipsoid, capsule, cylinder, cone, superquadric "
                   "(a smoothed hull needs points: it has no spec)");
}

std::string validKeys(const SpecLayout& layout) {
    std::string keys;
    for (int i = 0; i < layout.count; ++i) {
        if (i > 0) {
            keys += ", ";
        }
        keys += layout.keys[i];
        if (i >= layout.required) {
            keys += " (optional)";
        }
    }
    return keys;
}

/// The whole of `text` as a finite double, positive (or >= 0 when `zeroAllowed`), or an error
/// naming `key`.
double parseValue(std::string_view spec, std::string_view key, std::string_view text,
                  bool zeroAllowed) {
    double value = 0.0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end) {
        fail(spec, "key '" + std::string(key) + "' has value '" + std::string(text) +
                       "', which is not a number");
    }
    if (!std::isfinite(value) || !(value > 0.0 || (zeroAllowed && value == 0.0))) {
        fail(spec, "key '" + std::string(key) + "' must be finite and " +
                       (zeroAllowed ? ">= 0" : "positive") + ", got '" + std::string(text) + "'");
    }
    return value;
}

/// Reads `key=value` pairs into the slots of `layout` (every required key exactly once, optional
/// keys at most once).
Slots parseValues(std::string_view spec, const SpecLayout& layout, std::string_view body) {
    Slots slots;
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
        slots[slot] = parseValue(spec, key, trim(item.substr(eq + 1)), slot >= layout.required);
        if (comma == std::string_view::npos) {
            break;
        }
        body.remove_prefix(comma + 1);
    }
    for (int i = 0; i < layout.required; ++i) {
        if (!slots[i]) {
            fail(spec, "missing key '" + std::string(layout.keys[i]) + "'");
        }
    }
    return slots;
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
    const Slots v = parseValues(spec, layout, spec.substr(colon + 1));
    try {
        switch (layout.type) {
        case ShapeType::Sphere: return Shape::sphere(*v[0]);
        case ShapeType::Box: return Shape::box(Vec3(*v[0], *v[1], *v[2]), v[3].value_or(0.0));
        case ShapeType::Ellipsoid: return Shape::ellipsoid(Vec3(*v[0], *v[1], *v[2]));
        case ShapeType::Capsule: return Shape::capsule(*v[0], *v[1]);
        case ShapeType::Cylinder: return Shape::cylinder(*v[0], *v[1]);
        case ShapeType::Cone: return Shape::cone(*v[0], *v[1]);
        case ShapeType::Superquadric:
            return Shape::superquadric(Vec3(*v[0], *v[1], *v[2]), *v[3], *v[4], v[5]);
        case ShapeType::ConvexMesh:
        case ShapeType::SmoothedHull: break;
        }
    } catch (const ShapeError& e) { // e.g. a superquadric exponent outside (0, 2)
        fail(spec, e.what());
    }
    fail(spec, "not a primitive");
}

std::string primitiveSpec(const Shape& shape) {
    std::array<double, kMaxSpecKeys> values{};
    int count = 0; // keys written: the required ones and the optional ones that are set
    switch (shape.type()) {
    case ShapeType::Sphere: values = {shape.radius()}; count = 1; break;
    case ShapeType::Box:
        values = {shape.radii().x(), shape.radii().y(), shape.radii().z(), shape.coreRadius()};
        count = shape.coreRadius() > 0.0 ? 4 : 3;
        break;
    case ShapeType::Ellipsoid:
        values = {shape.radii().x(), shape.radii().y(), shape.radii().z()};
        count = 3;
        break;
    case ShapeType::Capsule:
    case ShapeType::Cylinder:
    case ShapeType::Cone: values = {shape.radius(), shape.halfHeight()}; count = 2; break;
    case ShapeType::Superquadric: { // the inflation always: its default depends on the exponents
        const SmoothSupport& s = *shape.smoothSupport();
        values = {s.radii().x(), s.radii().y(), s.radii().z(), s.alpha1(), s.alpha2(),
                  shape.coreRadius()};
        count = 6;
        break;
    }
    case ShapeType::ConvexMesh:
        throw ShapeError("primitiveSpec: a mesh has no primitive spec (meshes are referenced by file path)");
    case ShapeType::SmoothedHull:
        throw ShapeError("primitiveSpec: a smoothed hull has no spec in the collision-problem "
                         "format (it is made of points: Shape::smoothedHull)");
    }
    const SpecLayout& layout = findLayout("", shapeTypeName(shape.type()));
    std::string spec(shapeTypeName(shape.type()));
    spec += ':';
    for (int i = 0; i < count; ++i) {
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
