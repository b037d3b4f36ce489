/// \file Shapes.cpp
/// SceneDesc::shapes -> mk::Shape, and the --meshes replacement of the object set.

#include "minkowski/scenes/Shapes.h"

#include "minkowski/scenes/SceneFile.h"

#include <algorithm>
#include <map>
#include <set>
#include <spdlog/spdlog.h>
#include <tuple>

namespace mk::scenes {
namespace {

Shape primitive(const ShapeDesc& d) {
    switch (d.kind) {
    case ShapeKind::Sphere:
        return Shape::sphere(d.radius);
    case ShapeKind::Box:
        return Shape::box(d.halfExtents, d.rounding);
    case ShapeKind::Capsule:
        return Shape::capsule(d.radius, d.halfHeight);
    case ShapeKind::Cylinder:
        return Shape::cylinder(d.radius, d.halfHeight);
    case ShapeKind::Cone:
        return Shape::cone(d.radius, d.halfHeight);
    case ShapeKind::Ellipsoid:
        return Shape::ellipsoid(d.radii);
    case ShapeKind::Superquadric:
        return Shape::superquadric(d.radii, d.exponents.x(), d.exponents.y(), d.inflation);
    case ShapeKind::Mesh:
        break;
    }
    throw ShapeError("not a primitive");
}

std::filesystem::path resolve(const SceneDesc& scene, const std::string& path) {
    const std::filesystem::path p(path);
    return p.is_absolute() ? p : scene.baseDirectory / p;
}

bool allMeshes(const SceneDesc& scene, const GeneratorSpec& g) {
    return std::all_of(g.shapes.begin(), g.shapes.end(), [&](const std::string& name) {
        const auto it = scene.shapes.find(name);
        return it != scene.shapes.end() && it->second.kind == ShapeKind::Mesh;
    });
}

/// Removes the shapes that no body and no generator names.
void dropUnused(SceneDesc& scene) {
    std::set<std::string> used;
    for (const BodySpec& b : scene.bodies) {
        used.insert(b.shape);
    }
    for (const GeneratorSpec& g : scene.generators) {
        used.insert(g.shapes.begin(), g.shapes.end());
    }
    std::erase_if(scene.shapes, [&](const auto& entry) { return !used.contains(entry.first); });
}

} // namespace

SceneShapes loadShapes(const SceneDesc& scene) {
    SceneShapes shapes;
    std::map<std::tuple<std::string, double, double>, std::shared_ptr<const LoadedMesh>> files;
    for (const auto& [name, desc] : scene.shapes) {
        const std::string key = "shapes." + name;
        try {
            if (desc.kind != ShapeKind::Mesh) {
                shapes.emplace(name, SceneShape{primitive(desc), nullptr});
                continue;
            }
            const std::filesystem::path file = resolve(scene, desc.path).lexically_normal();
            auto& mesh = files[{file.string(), desc.scale, desc.hullTolerance}];
            if (!mesh) {
                MeshLoadOptions options;
                options.scale = desc.scale;
                options.hull.hullTolerance = desc.hullTolerance;
                mesh = loadMesh(file, options);
                spdlog::debug("{}: {} vertices, {} triangles, hull of {} vertices", mesh->file,
                              mesh->vertices.size(), mesh->triangles.size(),
                              mesh->hull->vertices().size());
            }
            if (desc.smoothing) { // drawn through its support function, not as the file's mesh
                shapes.emplace(name, SceneShape{Shape::smoothedHull(mesh->hull->vertices(),
                                                                    *desc.smoothing),
                                                nullptr});
                continue;
            }
            shapes.emplace(name, SceneShape{Shape::mesh(mesh->hull), mesh});
        } catch (const MeshError& error) {
            throw sceneError(scene, key + ".path", error.what());
        } catch (const ShapeError& error) {
            throw sceneError(scene, key, error.what());
        }
    }
    return shapes;
}

bool hasMeshGenerator(const SceneDesc& scene) {
    return std::any_of(
        scene.generators.begin(), scene.generators.end(),
        [&](const GeneratorSpec& g) { return !g.shapes.empty() && allMeshes(scene, g); });
}

void useMeshFolder(SceneDesc& scene, const std::filesystem::path& folder) {
    if (!hasMeshGenerator(scene)) {
        throw sceneError(scene, "generators",
                         "no generator draws from meshes: --meshes does not apply to this scene");
    }
    std::vector<std::filesystem::path> files;
    try {
        files = meshFilesIn(folder);
    } catch (const MeshError& error) {
        throw sceneError(scene, "", std::string("--meshes: ") + error.what());
    }
    std::vector<std::string> names;
    for (const std::filesystem::path& file : files) {
        std::string name = file.stem().string();
        while (scene.shapes.contains(name)) {
            name += "+";
        }
        ShapeDesc desc;
        desc.kind = ShapeKind::Mesh;
        desc.path = std::filesystem::absolute(file).lexically_normal().string();
        scene.shapes.emplace(name, desc);
        names.push_back(name);
    }
    for (GeneratorSpec& g : scene.generators) {
        if (!g.shapes.empty() && allMeshes(scene, g)) {
            g.shapes = names;
        }
    }
    dropUnused(scene);
}

void useHullTolerance(SceneDesc& scene, double tolerance) {
    bool anyMesh = false;
    for (auto& [name, desc] : scene.shapes) {
        if (desc.kind == ShapeKind::Mesh) {
            desc.hullTolerance = tolerance;
            anyMesh = true;
        }
    }
    if (!anyMesh) {
        throw sceneError(scene, "shapes", "no mesh shape: a hull tolerance does not apply");
    }
}

} // namespace mk::scenes
