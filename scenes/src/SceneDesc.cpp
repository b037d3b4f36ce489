/// \file SceneDesc.cpp
/// Comparisons, names and the engine settings of a scene description.

#include "minkowski/scenes/SceneDesc.h"

#include "SceneFields.h"
#include "SettingsFields.h"

#include <algorithm>
#include <cmath>

namespace mk::scenes {
namespace detail {

std::string solverText(const SimulationSpec& s) {
    return name(s.solver);
}

void setSolverText(SimulationSpec& s, std::string_view text) {
    s.solver = parseSolverChoice(text);
}

} // namespace detail

bool BodySpec::operator==(const BodySpec& o) const {
    return detail::sameFields(detail::kBodyFields, *this, o);
}

bool SceneDesc::operator==(const SceneDesc& o) const {
    return name == o.name && description == o.description && plugins == o.plugins &&
           simulation == o.simulation &&
           detail::sameFields(detail::kContactFields, contact, o.contact) &&
           detail::sameFields(detail::kPgsFields, pgs, o.pgs) && shapes == o.shapes &&
           materials == o.materials && funnel == o.funnel && bodies == o.bodies &&
           generators == o.generators;
}

int lineOf(const SceneDesc& scene, const std::string& key) {
    std::string k = key;
    while (!k.empty()) {
        if (const auto it = scene.keyLines.find(k); it != scene.keyLines.end()) {
            return it->second;
        }
        const size_t cut = k.find_last_of(".[");
        k = cut == std::string::npos ? std::string() : k.substr(0, cut);
    }
    return 0;
}

std::int64_t stepsPerTrajectory(const SimulationSpec& simulation) {
    // Clamped before rounding: llround of a value beyond 2^63 is undefined (it gave one step).
    const double steps = std::min(simulation.seconds / simulation.timeStep,
                                  static_cast<double>(kMaxStepsPerTrajectory));
    return std::max<std::int64_t>(1, std::llround(steps));
}

WorldSettings worldSettings(const SceneDesc& scene) {
    WorldSettings settings;
    settings.timeStep = scene.simulation.timeStep;
    settings.gravity = scene.simulation.gravity;
    settings.gyroscopic = scene.simulation.gyroscopic;
    settings.narrowPhase.solver = scene.simulation.solver;
    settings.narrowPhase.warmStart = scene.simulation.warmStart;
    settings.narrowPhase.contactCache = scene.simulation.contactCache;
    settings.narrowPhase.cacheTranslation = scene.simulation.cacheTranslation;
    settings.narrowPhase.cacheRotation = scene.simulation.cacheRotation;
    settings.contact = scene.contact;
    settings.pgs = scene.pgs;
    settings.escape = scene.simulation.escape;
    return settings;
}

std::string_view name(ShapeKind kind) {
    switch (kind) {
    case ShapeKind::Sphere:
        return "sphere";
    case ShapeKind::Box:
        return "box";
    case ShapeKind::Capsule:
        return "capsule";
    case ShapeKind::Cylinder:
        return "cylinder";
    case ShapeKind::Cone:
        return "cone";
    case ShapeKind::Ellipsoid:
        return "ellipsoid";
    case ShapeKind::Mesh:
        return "mesh";
    case ShapeKind::Superquadric:
        return "superquadric";
    }
    return "?";
}

std::string_view name(BodyType type) {
    switch (type) {
    case BodyType::Static:
        return "static";
    case BodyType::Dynamic:
        return "dynamic";
    case BodyType::Kinematic:
        return "kinematic";
    }
    return "?";
}

std::string_view name(Placement placement) {
    switch (placement) {
    case Placement::Points:
        return "points";
    case Placement::Grid:
        return "grid";
    case Placement::Funnel:
        return "funnel";
    case Placement::Stack:
        return "stack";
    }
    return "?";
}

std::string_view name(Orientation orientation) {
    switch (orientation) {
    case Orientation::Identity:
        return "identity";
    case Orientation::Random:
        return "random";
    case Orientation::Yaw:
        return "yaw";
    }
    return "?";
}

std::string_view name(Pick pick) {
    switch (pick) {
    case Pick::Random:
        return "random";
    case Pick::Cycle:
        return "cycle";
    }
    return "?";
}

} // namespace mk::scenes
