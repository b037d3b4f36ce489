/// \file FunnelScene.cpp
/// Hull generation and the funnel layout.

#include "FunnelScene.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numbers>
#include <random>
#include <stdexcept>

namespace mk::bench {
namespace {

Quat randomRotation(std::mt19937_64& rng) {
    std::normal_distribution<double> n;
    return Quat(n(rng), n(rng), n(rng), n(rng)).normalized();
}

/// Largest bounding-sphere diameter of the hulls (unit: metre).
double largestDiameter(const std::vector<HullPtr>& hulls) {
    double d = 0.0;
    for (const HullPtr& h : hulls) {
        for (const Vec3& v : h->vertices()) {
            d = std::max(d, 2.0 * (v - h->centroid()).norm());
        }
    }
    return d;
}

} // namespace

std::vector<HullPtr> generatedHulls(int count, int minVertices, int maxVertices, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> axis(0.03, 0.09);
    std::normal_distribution<double> normal;
    std::vector<HullPtr> hulls;
    for (int i = 0; i < count; ++i) {
        const double t = count > 1 ? double(i) / (count - 1) : 0.0;
        const int n = int(std::round(minVertices * std::pow(double(maxVertices) / minVertices, t)));
        const Vec3 radii(axis(rng), axis(rng), axis(rng));
        std::vector<Vec3> points;
        for (int k = 0; k < n; ++k) {
            const Vec3 d = Vec3(normal(rng), normal(rng), normal(rng)).normalized();
            points.push_back(radii.cwiseProduct(d));
        }
        hulls.push_back(ConvexMesh::fromPoints(points));
    }
    return hulls;
}

std::vector<HullPtr> loadHulls(const std::string& directory) {
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(directory)) {
        if (entry.path().extension() == ".obj") {
            files.push_back(entry.path().string());
        }
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        throw std::runtime_error("no .obj file in '" + directory + "'");
    }
    std::vector<HullPtr> hulls;
    for (const std::string& f : files) {
        hulls.push_back(ConvexMesh::fromObjFile(f));
    }
    return hulls;
}

FunnelScene makeFunnel(std::vector<HullPtr> hulls, int count, std::uint64_t seed) {
    FunnelScene scene;
    scene.hulls = std::move(hulls);
    const double cell = 1.2 * largestDiameter(scene.hulls);
    const int side = std::max(2, int(std::ceil(std::sqrt(count / 6.0))));
    const double halfWidth = 0.5 * side * cell; // pit floor, half width (unit: metre)
    const double tilt = std::numbers::pi / 6.0;
    const double wallHeight = 2.0 * halfWidth + 1.0;
    scene.walls.push_back({Vec3(halfWidth + 2.0, halfWidth + 2.0, 0.5), Pose(Quat::Identity(), Vec3(0, 0, -0.5))});
    for (int k = 0; k < 4; ++k) { // walls leaning outwards by 30 degrees around the pit
        const Quat around(Eigen::AngleAxisd(k * std::numbers::pi / 2.0, Vec3::UnitZ()));
        const Quat lean(Eigen::AngleAxisd(tilt, Vec3::UnitY()));
        const Vec3 hinge = around * Vec3(halfWidth, 0.0, 0.0);
        const Quat q = around * lean;
        const Vec3 centre = hinge + q * Vec3(0.25, 0.0, 0.5 * wallHeight);
        scene.walls.push_back({Vec3(0.25, halfWidth + wallHeight, 0.5 * wallHeight), Pose(q, centre)});
    }
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::uniform_int_distribution<int> pick(0, int(scene.hulls.size()) - 1);
    for (int i = 0; i < count; ++i) {
        const int layer = i / (side * side);
        const int u = i % side;
        const int v = (i / side) % side;
        FunnelBody b;
        b.hull = pick(rng);
        const Vec3 centre((u + 0.5) * cell - halfWidth, (v + 0.5) * cell - halfWidth,
                          cell * (layer + 1.0));
        b.pose.rotation = randomRotation(rng);
        b.pose.translation = centre - b.pose.rotation * scene.hulls[b.hull]->centroid();
        b.linearVelocity = 0.5 * Vec3(unit(rng), unit(rng), unit(rng));
        b.angularVelocity = 2.0 * Vec3(unit(rng), unit(rng), unit(rng));
        scene.bodies.push_back(b);
    }
    return scene;
}

} // namespace mk::bench
