#pragma once
/// \file SceneFields.h
/// The keys of the scene file's object tables (`[shapes.NAME]`, `[[bodies]]`, `[[generators]]`),
/// each declared once with its member, its rule, its presence and its meaning (FieldTable.h:
/// what reads, writes, validates and documents them). A shape's `type` and a generator's
/// `placement` pick the table of keys that follows (kShapeKinds, kPlacements), so that a key of
/// another kind is an unknown key. The static_asserts below fail when ShapeDesc, BodySpec or
/// GeneratorSpec gains a member that no table names.

#include "FieldTable.h"
#include "minkowski/scenes/SceneDesc.h"

#include <array>
#include <cstddef>
#include <tuple>
#include <utility>

namespace mk::scenes::detail {

using Shape = ShapeDesc;

inline constexpr Field kRadius{"radius", &Shape::radius, kPositive, "radius (m)", kRequired};
inline constexpr Field kRadii{"radii", &Shape::radii, kPositive, "semi-axes (m)", kRequired};
/// Capsule, cylinder and cone: about the z axis.
inline constexpr std::tuple kAxialFields{
    kRadius, Field{"half_height", &Shape::halfHeight, kPositive,
                   "half length along z (m); a cone's apex is at +half_height", kRequired}};

/// The keys of each shape type, in the order the writer puts them.
inline constexpr std::tuple kShapeKinds{
    std::pair{ShapeKind::Sphere, std::tuple{kRadius}},
    std::pair{ShapeKind::Box,
              std::tuple{
                  Field{"half_extents", &Shape::halfExtents, kPositive,
                        "half sides of the box, of its core when rounded (m)", kRequired},
                  Field{"rounding", &Shape::rounding, kNonNegative,
                        "radius of the ball grown over the core (m): outer half extents "
                        "`half_extents + rounding`",
                        kOmitDefault},
              }},
    std::pair{ShapeKind::Capsule, kAxialFields},
    std::pair{ShapeKind::Cylinder, kAxialFields},
    std::pair{ShapeKind::Cone, kAxialFields},
    std::pair{ShapeKind::Ellipsoid, std::tuple{kRadii}},
    std::pair{ShapeKind::Mesh,
              std::tuple{
                  Field{"path", &Shape::path, nonEmpty("a file path"),
                        "OBJ or STL file, relative to the scene file's folder unless absolute",
                        kRequired},
                  Field{"scale", &Shape::scale, kPositive, "factor from the file's units to metres",
                        kOmitDefault},
                  Field{"hull_tolerance", &Shape::hullTolerance, kNonNegative,
                        "the file's points may lie this far outside the hull (m), which then "
                        "needs fewer vertices (Jolt's hull tolerance); 0: the exact hull",
                        kOmitDefault},
                  Field{"smoothing", &Shape::smoothing, above(2.0, "the sharpness beta"),
                        "sharpness beta of the hull smoothed by An et al. eq. (17); unset: the "
                        "hull itself",
                        kOmitDefault},
              }},
    std::pair{ShapeKind::Superquadric,
              std::tuple{
                  kRadii,
                  Field{"exponents", &Shape::exponents, open(0.0, 2.0),
                        "alpha1 (north-south), alpha2 (east-west) of An et al. eq. (16): "
                        "(1, 1) is the ellipsoid, smaller a box, larger an octahedron",
                        kRequired},
                  Field{"inflation", &Shape::inflation, kNonNegative,
                        "radius of the ball grown over it (m); unset: 1e-4 when an exponent "
                        "exceeds 1, else 0",
                        kOmitDefault},
              }},
};

/// `[shapes.NAME]`: the type, then its keys (kShapeKinds).
inline constexpr std::tuple kShapeFields{
    KindField{"type", &Shape::kind, "the shape's type; it decides which keys follow", kRequired}};

/// `[[bodies]]`.
using Body = BodySpec;
inline constexpr std::tuple kBodyFields{
    Field{"name", &Body::name, kAny, "for messages and viewers; empty: `bodies[i]`", kOmitDefault},
    Field{"shape", &Body::shape, kShape, "a key of `[shapes]`", kRequired},
    Field{"type", &Body::type, kAny,
          "`static`: never moves; `kinematic`: moves at its own velocity, pushing dynamic bodies"},
    Field{"position", &Body::position, kFinite, "of the shape's frame (m)"},
    Field{"rotation", &Body::rotation, kUnit,
          "of the shape's frame: a unit quaternion (normalised if within 1e-3)", kOmitDefault},
    Field{"linear_velocity", &Body::linearVelocity, kFinite,
          "(m/s), world frame; not for static bodies", kOmitDefault},
    Field{"angular_velocity", &Body::angularVelocity, kFinite,
          "(rad/s), world frame; not for static bodies", kOmitDefault},
    Field{"density", &Body::density, kPositive, "(kg/m^3); unset: 1000", kOmitDefault},
    Field{"mass", &Body::mass, kPositive, "(kg); overrides the density", kOmitDefault},
    Field{"material", &Body::material, kMaterial, "a key of `[materials]`; empty: `default`",
          kOmitDefault},
};

/// `[[generators]]`, placement keys apart (kPlacements).
using Generator = GeneratorSpec;
inline constexpr std::tuple kGeneratorFields{
    Field{"name", &Generator::name, kAny, "bodies are named `NAME[i]`"},
    Field{"count", &Generator::count, atLeast(0), "number of bodies"},
    Field{"shapes", &Generator::shapes, kShape, "keys of `[shapes]` to draw from", kRequired},
    Field{"pick", &Generator::pick, kAny,
          "the shape of body i: `random` (uniform) or `cycle` (i mod n)"},
    Field{"density", &Generator::density, kPositive, "(kg/m^3) of each body; unset: 1000",
          kOmitDefault},
    Field{"mass", &Generator::mass, kPositive, "(kg) of each body; overrides the density",
          kOmitDefault},
    Field{"material", &Generator::material, kMaterial, "a key of `[materials]`; empty: `default`",
          kOmitDefault},
    KindField{"placement", &Generator::placement,
              "where the bodies go; it decides which keys "
              "follow (placements below)"},
    Field{"orientation", &Generator::orientation, kAny,
          "`random`: uniform over all rotations; `yaw`: uniform about z"},
    Field{"linear_velocity", &Generator::linearVelocity, kRange,
          "each component uniform in [min, max) (m/s)"},
    Field{"angular_velocity", &Generator::angularVelocity, kRange,
          "each component uniform in [min, max) (rad/s)"},
};

inline constexpr Field kCenter{"center", &Generator::center, kFinite,
                               "grid: centre of the first layer; stack: bottom of the column (m)"};
inline constexpr Field kCell{"cell", &Generator::cell, kNonNegative,
                             "side of a square cell (m); 0: 1.1 x the largest bounding-sphere "
                             "diameter of the generator's shapes"};
inline constexpr Field kJitter{"jitter", &Generator::jitter, closed(0.0, 1.0),
                               "random offset of a body in its cell, as a fraction of the room "
                               "the cell leaves it"};

/// The keys of each placement, in the order the writer puts them.
inline constexpr std::tuple kPlacements{
    std::pair{Placement::Points, std::tuple{Field{"points", &Generator::points, kFinite,
                                                  "one point per body (m)", kRequired}}},
    std::pair{Placement::Grid, std::tuple{kCenter,
                                          Field{"half_size", &Generator::halfSize, kPositive,
                                                "half sides of the rectangle the layers fill (m)"},
                                          kCell, kJitter}},
    std::pair{Placement::Funnel,
              std::tuple{Field{"start_height", &Generator::startHeight, kNonNegative,
                               "height of the first layer's centres (m); needs `[funnel]`"},
                         kCell, kJitter}},
    std::pair{Placement::Stack,
              std::tuple{kCenter, Field{"gap", &Generator::gap, kNonNegative,
                                        "between one body's top and the next one's bottom (m)"}}},
};

/// Calls `f(table)` with the keys of the kind `kind` among `kinds` (kShapeKinds, kPlacements).
template <class Kinds, class E, class F> void forKind(const Kinds& kinds, E kind, F&& f) {
    forEachField(kinds, [&](const auto& entry) {
        if (entry.first == kind) {
            f(entry.second);
        }
    });
}

/// Calls `f(table)` with the keys of the shape type or placement `kind`.
template <class F> void kindFields(ShapeKind kind, F&& f) {
    forKind(kShapeKinds, kind, f);
}
template <class F> void kindFields(Placement placement, F&& f) {
    forKind(kPlacements, placement, f);
}

/// The kinds of `kinds`, in order.
template <class Kinds> constexpr auto kindsOf(const Kinds& kinds) {
    return std::apply([](const auto&... entry) { return std::array{entry.first...}; }, kinds);
}
/// Number of different keys over every kind of `kinds`.
template <class Kinds> constexpr std::size_t distinctKindKeys(const Kinds& kinds) {
    return std::apply([](const auto&... entry) { return distinctKeys(entry.second...); }, kinds);
}

/// The values a scene file may name for an enum field (readChoice()), in the order error
/// messages list them.
constexpr auto choices(ShapeKind) {
    return kindsOf(kShapeKinds);
}
constexpr auto choices(Placement) {
    return kindsOf(kPlacements);
}
constexpr auto choices(BodyType) {
    return std::array{BodyType::Static, BodyType::Dynamic, BodyType::Kinematic};
}
constexpr auto choices(Orientation) {
    return std::array{Orientation::Identity, Orientation::Random, Orientation::Yaw};
}
constexpr auto choices(Pick) {
    return std::array{Pick::Random, Pick::Cycle};
}

static_assert(memberCount<ShapeDesc>() ==
                  std::tuple_size_v<decltype(kShapeFields)> + distinctKindKeys(kShapeKinds),
              "a ShapeDesc member is missing from kShapeFields and kShapeKinds");
static_assert(memberCount<BodySpec>() == std::tuple_size_v<decltype(kBodyFields)>,
              "a BodySpec member is missing from kBodyFields");
static_assert(memberCount<GeneratorSpec>() ==
                  std::tuple_size_v<decltype(kGeneratorFields)> + distinctKindKeys(kPlacements),
              "a GeneratorSpec member is missing from kGeneratorFields and kPlacements");
static_assert(choices(ShapeKind{}).size() == 8 && choices(Placement{}).size() == 4,
              "a shape type or placement has no table of keys");

} // namespace mk::scenes::detail
