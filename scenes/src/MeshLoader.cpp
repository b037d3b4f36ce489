/// \file MeshLoader.cpp
/// Format dispatch, the convex hull, and the convexity check of loadMesh().

#include "minkowski/scenes/MeshLoader.h"

#include "MeshReaders.h"
#include "minkowski/narrowphase/Shape.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <spdlog/spdlog.h>

namespace mk::scenes {
namespace detail {

std::string readWholeFile(const std::string& file) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        throw MeshError(file, 0,
                        std::filesystem::exists(file, ec) ? "not a regular file"
                                                          : "cannot open mesh file: no such file");
    }
    std::ifstream in(file, std::ios::binary | std::ios::ate);
    const std::streamoff size = in.tellg();
    std::string bytes(size > 0 ? static_cast<size_t>(size) : 0, '\0');
    in.seekg(0);
    if (!in.is_open() || size < 0 || !in.read(bytes.data(), size)) {
        throw MeshError(file, 0, "cannot read mesh file");
    }
    return bytes;
}

bool parseFinite(std::string_view token, double& out) {
    if (!token.empty() && token.front() == '+') { // from_chars does not take a leading '+'
        token.remove_prefix(1);
    }
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), out);
    return !token.empty() && ec == std::errc() && end == token.data() + token.size() &&
           std::isfinite(out);
}

} // namespace detail

namespace {

std::string lowerExtension(const std::filesystem::path& file) {
    std::string ext = file.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

/// Volume enclosed by the triangles (divergence theorem), absolute value (unit: m^3).
double enclosedVolume(const LoadedMesh& mesh) {
    double six = 0.0;
    for (const auto& t : mesh.triangles) {
        six += mesh.vertices[t[0]].dot(mesh.vertices[t[1]].cross(mesh.vertices[t[2]]));
    }
    return std::abs(six) / 6.0;
}

/// Vertices farther than `tolerance` inside every hull face plane.
int countInterior(const LoadedMesh& mesh, double tolerance) {
    const ConvexMesh& hull = *mesh.hull;
    std::vector<std::pair<Vec3, double>> planes; // outward unit normal n, offset n.a
    for (const auto& t : hull.triangles()) {
        const Vec3& a = hull.vertices()[t[0]];
        const Vec3 n = (hull.vertices()[t[1]] - a).cross(hull.vertices()[t[2]] - a);
        if (n.norm() > 0.0) {
            planes.emplace_back(n.normalized(), n.normalized().dot(a));
        }
    }
    int interior = 0;
    for (const Vec3& v : mesh.vertices) {
        double depth = INFINITY; // distance to the nearest face plane, positive inside
        for (const auto& [n, offset] : planes) {
            depth = std::min(depth, offset - n.dot(v));
        }
        interior += depth > tolerance ? 1 : 0;
    }
    return interior;
}

double diameter(const ConvexMesh& hull) {
    Aabb box{hull.vertices()[0], hull.vertices()[0]};
    for (const Vec3& v : hull.vertices()) {
        box.min = box.min.cwiseMin(v);
        box.max = box.max.cwiseMax(v);
    }
    return (box.max - box.min).norm();
}

void checkConvexity(LoadedMesh& mesh, const MeshLoadOptions& options) {
    mesh.interiorVertices = countInterior(mesh, options.surfaceTolerance * diameter(*mesh.hull));
    if (mesh.triangles.empty()) {
        mesh.convex = mesh.interiorVertices == 0;
    } else {
        mesh.volume = enclosedVolume(mesh);
        const double hullVolume = mesh.hull->volume();
        mesh.convex = std::abs(hullVolume - mesh.volume) <= options.volumeTolerance * hullVolume;
    }
    if (!mesh.convex && options.warnIfNotConvex) {
        const double hullVolume = mesh.hull->volume();
        spdlog::warn("{}: not convex ({}; {} of {} vertices inside the hull): the simulation uses "
                     "its convex hull",
                     mesh.file,
                     mesh.triangles.empty()
                         ? std::string("no faces")
                         : fmt::format("volume {:.4g} m^3, hull {:.4g} m^3, {:+.2f} %", mesh.volume,
                                       hullVolume, 100.0 * (hullVolume - mesh.volume) / hullVolume),
                     mesh.interiorVertices, mesh.vertices.size());
    }
}

/// "file:line: message" (no line when 0).
std::string located(const std::string& file, int line, const std::string& message) {
    std::string text = file;
    if (line > 0) {
        text.append(":").append(std::to_string(line));
    }
    return text.append(": ").append(message);
}

} // namespace

MeshError::MeshError(std::string file, int line, const std::string& message)
    : std::runtime_error(located(file, line, message)), file_(std::move(file)), line_(line) {}

std::shared_ptr<const LoadedMesh> loadMesh(const std::filesystem::path& file,
                                           const MeshLoadOptions& options) {
    const std::string name = file.string();
    const std::string ext = lowerExtension(file);
    if (ext != ".obj" && ext != ".stl") {
        throw MeshError(name, 0, "unsupported mesh format '" + ext + "' (supported: .obj, .stl)");
    }
    if (!(options.scale > 0.0) || !std::isfinite(options.scale)) {
        throw MeshError(name, 0, "scale must be a positive number");
    }
    detail::RawMesh raw = ext == ".obj" ? detail::readObj(name) : detail::readStl(name);
    auto mesh = std::make_shared<LoadedMesh>();
    mesh->file = name;
    mesh->vertices = std::move(raw.vertices);
    mesh->triangles = std::move(raw.triangles);
    for (Vec3& v : mesh->vertices) {
        v *= options.scale;
    }
    try {
        mesh->hull = ConvexMesh::fromPoints(mesh->vertices);
    } catch (const ShapeError& error) {
        throw MeshError(name, 0, std::string("no convex hull: ") + error.what());
    }
    checkConvexity(*mesh, options);
    if (options.hull != HullOptions{}) {
        try { // the exact hull's vertices span the same hull as the file's
            mesh->hull = ConvexMesh::fromPoints(mesh->hull->vertices(), options.hull);
        } catch (const ShapeError& error) {
            throw MeshError(name, 0, std::string("no convex hull: ") + error.what());
        }
    }
    return mesh;
}

std::vector<std::filesystem::path> meshFilesIn(const std::filesystem::path& folder) {
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec)) {
        throw MeshError(folder.string(), 0, "not a folder");
    }
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        const std::string ext = lowerExtension(entry.path());
        if (entry.is_regular_file() && (ext == ".obj" || ext == ".stl")) {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        throw MeshError(folder.string(), 0, "no .obj or .stl file in this folder");
    }
    return files;
}

} // namespace mk::scenes
