/// \file Build.cpp
/// SceneDesc -> World: the funnel, the listed bodies, the generators' bodies.

#include "minkowski/scenes/Build.h"

#include "Placement.h"
#include "minkowski/scenes/Funnel.h"
#include "minkowski/scenes/Rng.h"
#include "minkowski/scenes/SceneFile.h"

#include <numbers>

namespace mk::scenes {
namespace {

Material material(const SceneDesc& scene, const std::string& name) {
    const auto it = scene.materials.find(name.empty() ? std::string("default") : name);
    if (it == scene.materials.end()) {
        return Material{};
    }
    return Material{it->second.friction, it->second.restitution};
}

/// Adds a body, turning the engine's refusal into a SceneError about `key`.
void add(BuiltScene& built, const SceneDesc& scene, const BodyDesc& desc, BodyInfo info,
         const std::string& key) {
    try {
        built.world.addBody(desc);
    } catch (const EngineError& error) {
        throw sceneError(scene, key, error.what());
    }
    built.bodies.push_back(std::move(info));
}

void addFunnel(BuiltScene& built, const SceneDesc& scene) {
    for (const FunnelPart& part : funnelParts(*scene.funnel)) {
        BodyDesc desc(Shape::box(part.halfExtents));
        desc.type = BodyType::Static;
        desc.pose = part.pose;
        desc.material = material(scene, scene.funnel->material);
        add(built, scene, desc, BodyInfo{part.name, "", "funnel", nullptr}, "funnel");
    }
}

void addListed(BuiltScene& built, const SceneDesc& scene, const SceneShapes& shapes) {
    for (size_t i = 0; i < scene.bodies.size(); ++i) {
        const BodySpec& b = scene.bodies[i];
        const SceneShape& shape = shapes.at(b.shape);
        BodyDesc desc(shape.shape);
        desc.type = b.type;
        desc.pose = Pose(b.rotation, b.position);
        desc.linearVelocity = b.linearVelocity;
        desc.angularVelocity = b.angularVelocity;
        desc.density = b.density.value_or(desc.density);
        desc.mass = b.mass;
        desc.material = material(scene, b.material);
        const std::string name = b.name.empty() ? "bodies[" + std::to_string(i) + "]" : b.name;
        add(built, scene, desc, BodyInfo{name, b.shape, "bodies", shape.mesh},
            "bodies[" + std::to_string(i) + "]");
    }
}

/// Everything a generator draws for one body, from the body's own stream.
struct Draw {
    size_t shape = 0;
    Quat rotation = Quat::Identity();
    Vec3 jitter = Vec3::Zero(); ///< in [-1, 1)^3
    Vec3 linearVelocity = Vec3::Zero();
    Vec3 angularVelocity = Vec3::Zero();
};

Draw draw(const GeneratorSpec& g, Rng rng, size_t index) {
    Draw d;
    d.shape = g.pick == Pick::Cycle ? index % g.shapes.size() : rng.index(g.shapes.size());
    if (g.orientation == Orientation::Random) {
        d.rotation = rng.rotation();
    } else if (g.orientation == Orientation::Yaw) {
        d.rotation =
            Quat(Eigen::AngleAxisd(rng.uniform(0.0, 2.0 * std::numbers::pi), Vec3::UnitZ()));
    }
    d.jitter = rng.uniform(Vec3::Constant(-1.0), Vec3::Constant(1.0));
    d.linearVelocity = rng.uniform(g.linearVelocity.min, g.linearVelocity.max);
    d.angularVelocity = rng.uniform(g.angularVelocity.min, g.angularVelocity.max);
    return d;
}

/// Lowest and highest z of `shape` rotated by `q` about its frame's origin (unit: metre).
std::pair<double, double> zRange(const Shape& shape, const Quat& q) {
    int hint = -1;
    const Vec3 up = q.conjugate() * Vec3::UnitZ();
    const double top = (q * shape.support(up, hint)).z();
    const double bottom = (q * shape.support(-up, hint)).z();
    return {bottom, top};
}

void addGenerator(BuiltScene& built, const SceneDesc& scene, const SceneShapes& shapes,
                  size_t index, const Rng& rng) {
    const GeneratorSpec& g = scene.generators[index];
    const std::string key = "generators[" + std::to_string(index) + "]";
    const double cell = detail::cellSize(g, shapes);
    const std::vector<Vec3> centres = detail::placementCentres(scene, g, key, cell);
    double stackHeight = g.center.z();
    for (size_t i = 0; i < static_cast<size_t>(g.count); ++i) {
        const Draw d = draw(g, rng.derive(i), i);
        const std::string& shapeName = g.shapes[d.shape];
        const SceneShape& shape = shapes.at(shapeName);
        const BoundingSphere& sphere = shape.shape.boundingSphere();
        Vec3 translation;
        if (g.placement == Placement::Stack) {
            const auto [bottom, top] = zRange(shape.shape, d.rotation);
            const Vec3 axis = d.rotation * sphere.center;
            translation =
                Vec3(g.center.x() - axis.x(), g.center.y() - axis.y(), stackHeight - bottom);
            stackHeight += top - bottom + g.gap;
        } else {
            const double room = std::max(0.0, cell - 2.0 * sphere.radius);
            const Vec3 centre = centres[i] + 0.5 * g.jitter * room * d.jitter;
            translation = centre - d.rotation * sphere.center;
        }
        BodyDesc desc(shape.shape);
        desc.pose = Pose(d.rotation, translation);
        desc.linearVelocity = d.linearVelocity;
        desc.angularVelocity = d.angularVelocity;
        desc.density = g.density.value_or(desc.density);
        desc.mass = g.mass;
        desc.material = material(scene, g.material);
        add(built, scene, desc,
            BodyInfo{g.name + "[" + std::to_string(i) + "]", shapeName, g.name, shape.mesh}, key);
    }
}

World makeWorld(const SceneDesc& scene) {
    try {
        return World(worldSettings(scene));
    } catch (const EngineError& error) {
        throw sceneError(scene, "simulation", error.what());
    }
}

} // namespace

BuiltScene buildWorld(const SceneDesc& scene, const SceneShapes& shapes, int trajectory) {
    if (trajectory < 0 || trajectory >= scene.simulation.trajectories) {
        throw sceneError(scene, "simulation.trajectories",
                         "trajectory " + std::to_string(trajectory) + " out of range [0, " +
                             std::to_string(scene.simulation.trajectories) + ")");
    }
    BuiltScene built{makeWorld(scene), {}, trajectory};
    if (scene.funnel) {
        addFunnel(built, scene);
    }
    addListed(built, scene, shapes);
    const Rng rng = Rng(scene.simulation.seed).derive(static_cast<std::uint64_t>(trajectory));
    for (size_t g = 0; g < scene.generators.size(); ++g) {
        addGenerator(built, scene, shapes, g, rng.derive(g));
    }
    return built;
}

BuiltScene buildWorld(const SceneDesc& scene) {
    validateScene(scene);
    return buildWorld(scene, loadShapes(scene), 0);
}

} // namespace mk::scenes
