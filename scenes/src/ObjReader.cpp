/// \file ObjReader.cpp
/// Wavefront OBJ through tinyobjloader, after our own line-by-line check: tinyobjloader reads a
/// malformed number as 0 and an out-of-range face index with a warning only, and we want both to
/// be errors naming the line.

#include "MeshReaders.h"
#include "minkowski/scenes/MeshLoader.h"

#include <charconv>
#include <sstream>
#include <tiny_obj_loader.h>

namespace mk::scenes::detail {
namespace {

std::vector<std::string_view> tokens(std::string_view line) {
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < line.size()) {
        const size_t start = line.find_first_not_of(" \t\r", i);
        if (start == std::string_view::npos) {
            break;
        }
        const size_t end = std::min(line.find_first_of(" \t\r", start), line.size());
        out.push_back(line.substr(start, end - start));
        i = end;
    }
    return out;
}

/// Checks one `f` corner ("i", "i/j", "i//k", "i/j/k") against the vertices defined so far.
void checkCorner(const std::string& file, int line, std::string_view corner, long vertices) {
    const std::string_view index = corner.substr(0, corner.find('/'));
    long i = 0;
    const auto [end, ec] = std::from_chars(index.data(), index.data() + index.size(), i);
    if (ec != std::errc() || end != index.data() + index.size() || i == 0) {
        throw MeshError(file, line, "bad face index '" + std::string(corner) + "'");
    }
    if (i > vertices || -i > vertices) {
        throw MeshError(file, line,
                        "face index " + std::to_string(i) + " out of range (" +
                            std::to_string(vertices) + " vertices defined so far)");
    }
}

/// The `v` and `f` statements, checked; returns the number of vertices.
long checkObjText(const std::string& file, const std::string& text) {
    std::istringstream in(text);
    std::string raw;
    long vertices = 0;
    for (int line = 1; std::getline(in, raw); ++line) {
        const std::string_view content = std::string_view(raw).substr(0, raw.find('#'));
        const std::vector<std::string_view> t = tokens(content);
        if (t.empty()) {
            continue;
        }
        if (t[0] == "v") {
            double value = 0.0;
            if (t.size() < 4 || t.size() > 8) {
                throw MeshError(file, line, "expected 'v x y z'");
            }
            for (size_t k = 1; k < t.size(); ++k) {
                if (!parseFinite(t[k], value)) {
                    throw MeshError(file, line,
                                    "bad vertex coordinate '" + std::string(t[k]) + "'");
                }
            }
            ++vertices;
        } else if (t[0] == "f") {
            if (t.size() < 4) {
                throw MeshError(file, line, "a face needs at least 3 vertices");
            }
            for (size_t k = 1; k < t.size(); ++k) {
                checkCorner(file, line, t[k], vertices);
            }
        }
    }
    return vertices;
}

} // namespace

RawMesh readObj(const std::string& file) {
    const std::string text = readWholeFile(file);
    if (checkObjText(file, text) == 0) {
        throw MeshError(file, 0, "no vertices ('v x y z' lines)");
    }
    tinyobj::ObjReaderConfig config;
    config.triangulate = true;
    config.vertex_color = false;
    tinyobj::ObjReader reader;
    if (!reader.ParseFromString(text, "", config)) {
        throw MeshError(file, 0, "tinyobjloader: " + reader.Error());
    }
    RawMesh mesh;
    const std::vector<tinyobj::real_t>& v = reader.GetAttrib().vertices;
    for (size_t i = 0; i + 2 < v.size(); i += 3) {
        mesh.vertices.emplace_back(v[i], v[i + 1], v[i + 2]);
    }
    for (const tinyobj::shape_t& shape : reader.GetShapes()) {
        const std::vector<tinyobj::index_t>& idx = shape.mesh.indices;
        for (size_t i = 0; i + 2 < idx.size(); i += 3) {
            mesh.triangles.push_back(
                {idx[i].vertex_index, idx[i + 1].vertex_index, idx[i + 2].vertex_index});
        }
    }
    return mesh;
}

} // namespace mk::scenes::detail
