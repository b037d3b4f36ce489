/// \file Interaction.cpp
/// The ViewerModel's mouse spring, thrown objects and default view bounds.

#include "minkowski/scenes/Rng.h"
#include "minkowski/viewer/ViewerModel.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace mk::viewer {
namespace {

Aabb worldBounds(const Body& body) {
    const Obb obb = body.shape.localObb().transformed(body.shapePose());
    const Vec3 extent = obb.axes.cwiseAbs() * obb.halfExtents;
    return {obb.center - extent, obb.center + extent};
}

void merge(std::optional<Aabb>& into, const Aabb& box) {
    if (!into) {
        into = box;
    } else {
        into->min = into->min.cwiseMin(box.min);
        into->max = into->max.cwiseMax(box.max);
    }
}

/// Shape names the generators draw from (all shapes when there is no generator).
std::vector<std::string> throwableShapes(const scenes::SceneDesc& scene) {
    std::set<std::string> names;
    for (const scenes::GeneratorSpec& g : scene.generators) {
        names.insert(g.shapes.begin(), g.shapes.end());
    }
    if (names.empty()) {
        for (const auto& entry : scene.shapes) {
            names.insert(entry.first);
        }
    }
    return {names.begin(), names.end()};
}

} // namespace

Aabb ViewerModel::viewBounds() const {
    std::optional<Aabb> moving;
    std::optional<Aabb> fixed;
    const World& w = world();
    for (BodyId id = 0; id < w.bodyCount(); ++id) {
        merge(w.body(id).isDynamic() ? moving : fixed, worldBounds(w.body(id)));
    }
    if (!moving) {
        return fixed.value_or(Aabb{Vec3::Constant(-1.0), Vec3::Constant(1.0)});
    }
    if (fixed) {
        // Static bodies count within 10 cm of the dynamic ones sideways and above, and all the way
        // down (the funnel's floor and lower walls; the ground the objects fall on).
        const Vec3 margin = Vec3::Constant(0.1);
        Aabb near{fixed->min.cwiseMax(moving->min - margin),
                  fixed->max.cwiseMin(moving->max + margin)};
        near.min.z() = fixed->min.z();
        if ((near.max - near.min).minCoeff() >= 0.0) {
            merge(moving, near);
        }
    }
    return *moving;
}

bool ViewerModel::grab(const Ray& ray, const Vec3& viewDirection) {
    const auto hit = pickBody(world(), meshes_, ray, true);
    if (!hit) {
        return false;
    }
    spring_.emplace(hit->body, world().body(hit->body), hit->point);
    dragPlanePoint_ = hit->point;
    dragPlaneNormal_ = viewDirection.normalized();
    return true;
}

void ViewerModel::drag(const Ray& ray) {
    if (!spring_) {
        return;
    }
    const double denominator = ray.direction.dot(dragPlaneNormal_);
    if (std::abs(denominator) < 1e-9) {
        return; // the ray runs along the plane
    }
    const double t = (dragPlanePoint_ - ray.origin).dot(dragPlaneNormal_) / denominator;
    if (t > 0.0) {
        spring_->setTarget(ray.origin + t * ray.direction);
    }
}

void ViewerModel::release() {
    spring_.reset();
}

BodyId ViewerModel::throwObject(const Vec3& from, const Vec3& to, double flightSeconds) {
    const std::vector<std::string> names = throwableShapes(scene_);
    scenes::Rng rng = scenes::Rng(scene_.simulation.seed).derive(0x7468726f77ULL).derive(thrown_);
    const std::string& name = names[rng.index(names.size())];
    const scenes::SceneShape& shape = shapes_.at(name);
    BodyDesc desc(shape.shape);
    desc.pose = Pose(rng.rotation(), from);
    const double t = std::max(flightSeconds, 0.05);
    const Vec3 gravity = world().settings().gravity;
    desc.linearVelocity = (to - from - 0.5 * gravity * t * t) / t;
    desc.angularVelocity = rng.uniform(Vec3::Constant(-3.0), Vec3::Constant(3.0));
    if (!scene_.generators.empty() && scene_.generators.front().density) {
        desc.density = *scene_.generators.front().density;
    }
    const auto material = scene_.materials.find("default");
    if (material != scene_.materials.end()) {
        desc.material = {material->second.friction, material->second.restitution};
    }
    const BodyId id = built_->world.addBody(desc);
    built_->bodies.push_back(
        {"thrown[" + std::to_string(thrown_) + "]", name, "thrown", shape.mesh});
    ++thrown_;
    return id;
}

} // namespace mk::viewer
