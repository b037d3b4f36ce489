/// \file Assets.cpp
/// The recipes of the everyday objects and their OBJ files.

#include "minkowski/scenes/Assets.h"

#include "AssetParts.h"
#include "minkowski/narrowphase/ConvexMesh.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <numbers>
#include <set>
#include <stdexcept>

namespace mk::scenes {
namespace {

using detail::append;
using detail::moved;
using detail::Points;
using detail::revolution;
using detail::Ring;
using detail::roundedBox;
using detail::roundedCylinderRings;

Quat turn(double degrees, const Vec3& axis) {
    return Quat(Eigen::AngleAxisd(degrees * std::numbers::pi / 180.0, axis));
}

/// A can: a cylinder with rounded rims.
Points can(double radius, double halfHeight) {
    return revolution(roundedCylinderRings(radius, halfHeight, 0.004, 6), 56);
}

Points mustardBottle() {
    // Elliptic body, shoulders, a round cap and a nozzle (0.096 x 0.058 x 0.192).
    const std::vector<Ring> rings{
        {0.040, 0.021, -0.096}, {0.045, 0.026, -0.094}, {0.0475, 0.0285, -0.090},
        {0.048, 0.029, -0.084}, {0.048, 0.029, 0.004},  {0.046, 0.028, 0.020},
        {0.040, 0.025, 0.036},  {0.030, 0.021, 0.048},  {0.020, 0.017, 0.057},
        {0.015, 0.015, 0.062},  {0.015, 0.015, 0.080},  {0.012, 0.012, 0.084},
        {0.006, 0.006, 0.090},  {0.003, 0.003, 0.096}};
    return revolution(rings, 64);
}

Points banana() {
    // A tube along a 125-degree arc of radius 0.105 m, thickest in the middle (0.196 x 0.08 x
    // 0.038); the hull of a curved object, as in the GJK++ benchmarks.
    const auto section = [](double t) {
        return std::max(0.005, 0.019 * std::pow(std::sin(std::numbers::pi * t), 0.6));
    };
    return detail::arcTube(0.105, 125.0, section, 96, 36);
}

Points mug() {
    // A cylinder with rounded rims and a handle (a torus arc) on +x (0.116 x 0.081 x 0.081).
    Points points = revolution(roundedCylinderRings(0.0405, 0.0405, 0.004, 6), 56);
    append(points, detail::torusArc(Vec3(0.048, 0.0, 0.0), 0.020, 0.007, -75.0, 75.0, 16, 12));
    return points;
}

Points powerDrill() {
    // Barrel (x axis) with a chuck on top of a tilted grip on a battery (0.163 x 0.12 x 0.184).
    const Quat alongX = turn(90.0, Vec3::UnitY());
    Points points = moved(revolution(roundedCylinderRings(0.032, 0.060, 0.008, 5), 40), alongX,
                          Vec3(-0.015, 0.0, 0.060));
    append(points, moved(revolution({{0.018, 0.018, 0.045}, {0.016, 0.016, 0.088}}, 32), alongX,
                         Vec3::Zero()));
    append(points, moved(roundedBox(Vec3(0.018, 0.025, 0.055), 0.008, 4), turn(15.0, Vec3::UnitY()),
                         Vec3(-0.030, 0.0, -0.015)));
    append(points, moved(roundedBox(Vec3(0.055, 0.060, 0.022), 0.006, 4), Quat::Identity(),
                         Vec3(-0.020, 0.0, -0.070)));
    return points;
}

Points scissors() {
    // Two handle rings with rounded edges and closed blades, flat (0.204 x 0.086 x 0.020).
    const std::vector<Ring> ring{{0.019, 0.019, -0.010},
                                 {0.022, 0.022, -0.007},
                                 {0.022, 0.022, 0.007},
                                 {0.019, 0.019, 0.010}};
    Points points;
    for (const double y : {-0.021, 0.021}) {
        append(points, moved(revolution(ring, 32), Quat::Identity(), Vec3(-0.080, y, 0.0)));
    }
    for (int i = 0; i <= 12; ++i) { // blade outline, tapering to the tip at x = +0.102
        const double x = -0.040 + 0.142 * i / 12.0;
        const double halfWidth = 0.009 * (1.0 - 0.85 * i / 12.0);
        for (const double z : {-0.0025, 0.0025}) {
            points.emplace_back(x, -halfWidth, z);
            points.emplace_back(x, halfWidth, z);
        }
    }
    return points;
}

struct Recipe {
    AssetInfo info;
    std::function<Points()> points;
};

const std::array<Recipe, 10>& recipes() {
    static const std::array<Recipe, 10> list{{
        {{"banana", "banana-like curved object, hull (0.196 x 0.08 x 0.038 m)"}, banana},
        {{"cracker_box", "cracker box, rounded edges (0.072 x 0.164 x 0.213 m)"},
         [] { return roundedBox(Vec3(0.036, 0.082, 0.1065), 0.003, 8); }},
        {{"foam_brick", "foam brick, rounded edges (0.075 x 0.090 x 0.054 m)"},
         [] { return roundedBox(Vec3(0.0375, 0.045, 0.027), 0.006, 6); }},
        {{"master_chef_can", "coffee can (0.102 x 0.102 x 0.140 m)"},
         [] { return can(0.051, 0.070); }},
        {{"mug", "mug-like object, hull (0.116 x 0.081 x 0.081 m)"}, mug},
        {{"mustard_bottle", "mustard-like bottle (0.096 x 0.058 x 0.192 m)"}, mustardBottle},
        {{"power_drill", "power-drill-like tool, hull (0.163 x 0.12 x 0.184 m)"}, powerDrill},
        {{"scissors", "scissors-like flat tool, hull (0.204 x 0.086 x 0.020 m)"}, scissors},
        {{"sugar_box", "sugar box, rounded edges (0.049 x 0.094 x 0.176 m)"},
         [] { return roundedBox(Vec3(0.0245, 0.047, 0.088), 0.003, 8); }},
        {{"tomato_soup_can", "soup can (0.068 x 0.068 x 0.102 m)"},
         [] { return can(0.034, 0.051); }},
    }};
    return list;
}

double onGrid(double v) {
    return std::round(v * 1e6) / 1e6 + 0.0;
} // + 0.0: no "-0"

/// Centred on the bounding box, on the micrometre grid, without duplicates, in input order.
Points normalised(const Points& points) {
    Aabb box{points.front(), points.front()};
    for (const Vec3& p : points) {
        box.min = box.min.cwiseMin(p);
        box.max = box.max.cwiseMax(p);
    }
    const Vec3 centre = box.center();
    Points out;
    std::set<std::array<double, 3>> seen;
    for (const Vec3& p : points) {
        const Vec3 q = (p - centre).unaryExpr([](double v) { return onGrid(v); });
        if (seen.insert({q.x(), q.y(), q.z()}).second) {
            out.push_back(q);
        }
    }
    return out;
}

std::string objText(const AssetInfo& info, const ConvexMesh& hull, size_t inputPoints) {
    std::string text =
        "# Minkowski asset " + std::string(info.name) + ": " + std::string(info.description) + "\n";
    text += "# Generated by make_assets (scenes/src/Assets.cpp); do not edit. Units: metre.\n";
    text += "# Convex hull of " + std::to_string(inputPoints) +
            " points: " + std::to_string(hull.vertices().size()) + " vertices, " +
            std::to_string(hull.triangles().size()) + " triangles.\n";
    text += "o " + std::string(info.name) + "\n";
    char line[96];
    for (const Vec3& v : hull.vertices()) {
        std::snprintf(line, sizeof line, "v %.6f %.6f %.6f\n", v.x(), v.y(), v.z());
        text += line;
    }
    for (const auto& t : hull.triangles()) {
        std::snprintf(line, sizeof line, "f %d %d %d\n", t[0] + 1, t[1] + 1, t[2] + 1);
        text += line;
    }
    return text;
}

} // namespace

std::span<const AssetInfo> assetCatalog() {
    static const std::vector<AssetInfo> infos = [] {
        std::vector<AssetInfo> v;
        for (const Recipe& r : recipes()) {
            v.push_back(r.info);
        }
        return v;
    }();
    return infos;
}

std::string assetObj(std::string_view name) {
    for (const Recipe& r : recipes()) {
        if (r.info.name == name) {
            const Points points = normalised(r.points());
            return objText(r.info, *ConvexMesh::fromPoints(points), points.size());
        }
    }
    throw std::invalid_argument("unknown asset '" + std::string(name) + "'");
}

std::vector<std::filesystem::path> writeAssets(const std::filesystem::path& folder) {
    std::filesystem::create_directories(folder);
    std::vector<std::filesystem::path> files;
    for (const AssetInfo& info : assetCatalog()) {
        const std::filesystem::path file = folder / (std::string(info.name) + ".obj");
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out << assetObj(info.name);
        out.close();
        if (!out) {
            throw std::runtime_error("cannot write '" + file.string() + "'");
        }
        files.push_back(file);
    }
    return files;
}

} // namespace mk::scenes
