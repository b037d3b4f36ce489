/// \file ConvexMeshFaces.cpp
/// The faces of a hull for contact clipping (ConvexMesh::Face): hull triangles merged into
/// polygons by region growing within an angle and a flatness tolerance, as Jolt's
/// ConvexHullBuilder merges coplanar triangles within its hull tolerance.

#include "CompressedRows.h"
#include "minkowski/narrowphase/ConvexMesh.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <unordered_map>

namespace mk {
namespace {

std::int64_t directedEdge(int from, int to) {
    return (static_cast<std::int64_t>(from) << 32) | static_cast<std::uint32_t>(to);
}

/// The triangle across each directed edge: the one holding the reverse edge.
std::unordered_map<std::int64_t, int> edgeOwners(const std::vector<std::array<int, 3>>& tris) {
    std::unordered_map<std::int64_t, int> owner;
    owner.reserve(3 * tris.size());
    for (int t = 0; t < static_cast<int>(tris.size()); ++t) {
        for (int k = 0; k < 3; ++k) {
            owner.emplace(directedEdge(tris[t][k], tris[t][(k + 1) % 3]), t);
        }
    }
    return owner;
}

/// The boundary of the triangles `members` (a face) as one loop of corners, counter-clockwise
/// from outside, appended to `corners`; false (and nothing appended) when the boundary is not
/// one simple loop.
bool appendBoundaryLoop(const std::vector<std::array<int, 3>>& tris,
                        const std::vector<int>& members, const std::vector<int>& faceOf, int face,
                        const std::unordered_map<std::int64_t, int>& owner,
                        std::vector<int>& corners) {
    std::unordered_map<int, int> next;
    for (const int t : members) {
        for (int k = 0; k < 3; ++k) {
            const int from = tris[t][k];
            const int to = tris[t][(k + 1) % 3];
            const auto across = owner.find(directedEdge(to, from));
            if (across != owner.end() && faceOf[across->second] == face) {
                continue; // an inner edge of the face
            }
            if (!next.emplace(from, to).second) {
                return false; // two boundary edges leave one corner: not a simple loop
            }
        }
    }
    if (next.size() < 3) {
        return false;
    }
    const int start = next.begin()->first;
    const size_t before = corners.size();
    int at = start;
    do {
        corners.push_back(at);
        const auto it = next.find(at);
        if (it == next.end() || corners.size() - before > next.size()) {
            corners.resize(before);
            return false;
        }
        at = it->second;
    } while (at != start);
    if (corners.size() - before != next.size()) { // several loops (a face with a hole)
        corners.resize(before);
        return false;
    }
    return true;
}

} // namespace

void ConvexMesh::buildFaces() {
    const int nt = static_cast<int>(triangles_.size());
    std::vector<Vec3> area(nt); // area vectors (twice the area, outward)
    for (int t = 0; t < nt; ++t) {
        const auto& tri = triangles_[t];
        area[t] =
            (vertices_[tri[1]] - vertices_[tri[0]]).cross(vertices_[tri[2]] - vertices_[tri[0]]);
    }
    double radius = 0.0;
    for (const Vec3& v : vertices_) {
        radius = std::max(radius, (v - centroid_).norm());
    }
    const double flatness = kFaceFlatness * radius;
    const double minCosine = std::cos(kFaceAngle);
    const auto owner = edgeOwners(triangles_);

    // Region growing from the largest triangles: a face's first triangle sets its plane.
    std::vector<int> order(nt);
    std::iota(order.begin(), order.end(), 0);
    // Ties by index: std::sort on a total order is as stable as std::stable_sort, whose
    // temporary buffer ASan reports as an alloc-dealloc mismatch with libstdc++ 12.
    std::sort(order.begin(), order.end(), [&](int x, int y) {
        const double ax = area[x].squaredNorm();
        const double ay = area[y].squaredNorm();
        return ax != ay ? ax > ay : x < y;
    });
    std::vector<int> faceOf(nt, -1);
    std::vector<std::vector<int>> members;
    for (const int seed : order) {
        if (faceOf[seed] >= 0) {
            continue;
        }
        const int face = static_cast<int>(members.size());
        const Vec3 normal = area[seed].normalized();
        const Vec3& origin = vertices_[triangles_[seed][0]];
        const auto joins = [&](int t) {
            const bool sliver = area[t].norm() <= 1e-12 * radius * radius;
            if (!sliver && area[t].normalized().dot(normal) < minCosine) {
                return false;
            }
            return std::all_of(triangles_[t].begin(), triangles_[t].end(), [&](int k) {
                return std::abs(normal.dot(vertices_[k] - origin)) <= flatness;
            });
        };
        std::vector<int> grown{seed};
        faceOf[seed] = face;
        for (size_t i = 0; i < grown.size(); ++i) {
            const auto& tri = triangles_[grown[i]];
            for (int k = 0; k < 3; ++k) {
                const auto across = owner.find(directedEdge(tri[(k + 1) % 3], tri[k]));
                if (across != owner.end() && faceOf[across->second] < 0 && joins(across->second)) {
                    faceOf[across->second] = face;
                    grown.push_back(across->second);
                }
            }
        }
        members.push_back(std::move(grown));
    }

    // A face whose boundary is not one simple loop goes back to its triangles.
    faces_.clear();
    faceCorners_.clear();
    std::vector<int> finalFace(nt, -1);
    // The face of triangles [first, last) whose corners were just appended to faceCorners_.
    const auto pushFace = [&](const int* first, const int* last, int cornersFrom) {
        Vec3 sum = Vec3::Zero();
        for (const int* t = first; t != last; ++t) {
            sum += area[*t];
            finalFace[*t] = static_cast<int>(faces_.size());
        }
        faces_.push_back({sum.squaredNorm() > 0.0 ? Vec3(sum.normalized()) : Vec3::UnitZ(),
                          cornersFrom, static_cast<int>(faceCorners_.size()) - cornersFrom});
    };
    for (int face = 0; face < static_cast<int>(members.size()); ++face) {
        const std::vector<int>& tris = members[face];
        const int from = static_cast<int>(faceCorners_.size());
        if (tris.size() > 1 &&
            appendBoundaryLoop(triangles_, tris, faceOf, face, owner, faceCorners_)) {
            pushFace(tris.data(), tris.data() + tris.size(), from);
            continue;
        }
        for (const int& t : tris) {
            const int single = static_cast<int>(faceCorners_.size());
            faceCorners_.insert(faceCorners_.end(), triangles_[t].begin(), triangles_[t].end());
            pushFace(&t, &t + 1, single);
        }
    }

    // The faces around each vertex: those of the triangles it is a corner of.
    std::vector<std::vector<int>> around(vertices_.size());
    for (int t = 0; t < nt; ++t) {
        for (const int k : triangles_[t]) {
            around[k].push_back(finalFace[t]);
        }
    }
    detail::toCompressedRows(around, vertexFaceOffsets_, vertexFaces_);
}

int ConvexMesh::supportingFace(const Vec3& dir, int& hint) const {
    (void)support(dir, hint);
    int best = -1;
    double bestDot = -std::numeric_limits<double>::infinity();
    for (int i = vertexFaceOffsets_[hint]; i < vertexFaceOffsets_[hint + 1]; ++i) {
        const int f = vertexFaces_[i];
        const double d = faces_[f].normal.dot(dir);
        if (d > bestDot) {
            bestDot = d;
            best = f;
        }
    }
    return best;
}

} // namespace mk
