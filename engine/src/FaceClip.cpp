/// \file FaceClip.cpp
/// Supporting faces of polytopes and their clipping (FaceClip.h).

#include "FaceClip.h"

#include "minkowski/narrowphase/ConvexMesh.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mk {
namespace {

/// The face of a box of half extents `h` whose normal is closest to the local direction `d`:
/// the axis of its largest component, corners counter-clockwise seen from outside.
void boxFace(const Vec3& h, const Vec3& d, FacePolygon& out) {
    int i = 0;
    d.cwiseAbs().maxCoeff(&i);
    const int j = (i + 1) % 3;
    const int k = (i + 2) % 3;
    const double s = d[i] < 0.0 ? -1.0 : 1.0;
    // (j, k) corners counter-clockwise about +e_i = e_j x e_k; reversed on the -e_i face.
    const std::array<std::array<double, 2>, 4> jk{{{1, -1}, {1, 1}, {-1, 1}, {-1, -1}}};
    for (int c = 0; c < 4; ++c) {
        const auto& q = jk[s > 0.0 ? c : 3 - c];
        Vec3 p;
        p[i] = s * h[i];
        p[j] = q[0] * h[j];
        p[k] = q[1] * h[k];
        out.corners[c] = p;
    }
    out.count = 4;
    out.normal = s * Vec3::Unit(i);
}

using Ring = std::array<Vec3, 2 * FacePolygon::kMaxCorners>;

/// Sutherland-Hodgman: the part of the polygon `in` (`count` corners) on the inner side
/// (side . (x - origin) <= 0) of one plane, written to `out`; returns its corner count, or -1
/// when `out` is too small (a merged face that is far from convex).
int clipByPlane(const Ring& in, int count, const Vec3& origin, const Vec3& side, Ring& out) {
    int written = 0;
    for (int c = 0; c < count; ++c) {
        if (written + 2 > static_cast<int>(out.size())) {
            return -1;
        }
        const Vec3& from = in[c];
        const Vec3& to = in[(c + 1) % count];
        const double dFrom = side.dot(from - origin);
        const double dTo = side.dot(to - origin);
        if (dFrom <= 0.0) {
            out[written++] = from;
        }
        if ((dFrom < 0.0 && dTo > 0.0) || (dFrom > 0.0 && dTo < 0.0)) {
            out[written++] = from + (dFrom / (dFrom - dTo)) * (to - from);
        }
    }
    return written;
}

/// Keeps at most four of the `count` points in `points`: the deepest, the one farthest from it
/// across the normal, and the farthest on either side of their line.
int prune(const std::array<ClipPoint, 2 * FacePolygon::kMaxCorners>& points, int count,
          const Vec3& normal, std::array<ClipPoint, 4>& out) {
    if (count <= 4) {
        std::copy(points.begin(), points.begin() + count, out.begin());
        return count;
    }
    const auto across = [&normal](const Vec3& v) { return Vec3(v - v.dot(normal) * normal); };
    int first = 0;
    for (int i = 1; i < count; ++i) {
        if (points[i].distance < points[first].distance) {
            first = i;
        }
    }
    int second = first;
    double far = 0.0;
    for (int i = 0; i < count; ++i) {
        const double d2 = across(points[i].onA - points[first].onA).squaredNorm();
        if (d2 > far) {
            far = d2;
            second = i;
        }
    }
    int kept = 0;
    out[kept++] = points[first];
    if (second == first) {
        return kept;
    }
    out[kept++] = points[second];
    const Vec3 line = points[second].onA - points[first].onA;
    int left = -1, right = -1;
    double most = 0.0, least = 0.0;
    for (int i = 0; i < count; ++i) {
        const double side = line.cross(points[i].onA - points[first].onA).dot(normal);
        if (side > most) {
            most = side;
            left = i;
        } else if (side < least) {
            least = side;
            right = i;
        }
    }
    if (left >= 0) {
        out[kept++] = points[left];
    }
    if (right >= 0) {
        out[kept++] = points[right];
    }
    return kept;
}

} // namespace

bool supportingFace(const Shape& shape, const Pose& shapePose, const Vec3& dir, int& hint,
                    FacePolygon& out) {
    if (!hasFlatFaces(shape)) {
        return false;
    }
    const Vec3 local = shapePose.rotation.conjugate() * dir;
    if (const ConvexMesh* mesh = shape.convexMesh()) {
        const int index = mesh->supportingFace(local, hint);
        if (index < 0) {
            return false; // no face around the support vertex (not a solid hull)
        }
        const ConvexMesh::Face& face = mesh->faces()[static_cast<size_t>(index)];
        const auto corners = mesh->faceCorners(face);
        if (corners.size() > static_cast<size_t>(FacePolygon::kMaxCorners)) {
            return false;
        }
        out.count = static_cast<int>(corners.size());
        for (int c = 0; c < out.count; ++c) {
            out.corners[c] = mesh->vertices()[corners[c]];
        }
        out.normal = face.normal;
    } else {
        boxFace(shape.halfExtents(), local, out);
    }
    for (int c = 0; c < out.count; ++c) {
        out.corners[c] = shapePose.apply(out.corners[c]);
    }
    out.normal = shapePose.rotation * out.normal;
    return true;
}

int clipFaces(const FacePolygon& faceA, const FacePolygon& faceB, const Vec3& normal,
              double separation, std::array<ClipPoint, 4>& out) {
    const double alignA = faceA.normal.dot(normal);
    const double alignB = -faceB.normal.dot(normal);
    const bool referenceA = alignA >= alignB;
    const FacePolygon& reference = referenceA ? faceA : faceB;
    const FacePolygon& incident = referenceA ? faceB : faceA;
    const double alignment = referenceA ? alignA : alignB;
    if (!(alignment >= kMinAlignment) || reference.count < 3 || incident.count < 1) {
        return 0;
    }
    std::array<Ring, 2> rings;
    std::copy(incident.corners.begin(), incident.corners.begin() + incident.count,
              rings[0].begin());
    int count = incident.count;
    int current = 0;
    // The side planes hold the contact normal (as Jolt's ClipPolyVsPoly takes the penetration
    // axis), not the reference face's: a corner kept is then still inside the reference face
    // once moved onto its plane along the normal.
    const Vec3 across = referenceA ? normal : Vec3(-normal);
    for (int c = 0; c < reference.count && count > 0; ++c) {
        const Vec3& from = reference.corners[c];
        const Vec3 edge = reference.corners[(c + 1) % reference.count] - from;
        if (edge.squaredNorm() == 0.0) {
            continue;
        }
        count = clipByPlane(rings[current], count, from, edge.cross(across), rings[1 - current]);
        if (count < 0) {
            return 0;
        }
        current = 1 - current;
    }
    const Ring& ring = rings[current];
    // The reference plane touches the face's highest corner (a merged face is flat only
    // within ConvexMesh::kFaceFlatness).
    double offset = -std::numeric_limits<double>::infinity();
    for (int c = 0; c < reference.count; ++c) {
        offset = std::max(offset, reference.normal.dot(reference.corners[c]));
    }
    // Each clipped corner of the incident face, and the reference face's plane straight along
    // the normal from it.
    std::array<ClipPoint, 2 * FacePolygon::kMaxCorners> points;
    int kept = 0;
    for (int c = 0; c < count; ++c) {
        const double height = reference.normal.dot(ring[c]) - offset;
        const double distance = height / alignment;
        if (!(distance < separation)) {
            continue;
        }
        ClipPoint& p = points[kept++];
        p.distance = distance;
        p.onA = referenceA ? Vec3(ring[c] - distance * normal) : ring[c];
        p.onB = referenceA ? ring[c] : Vec3(ring[c] + distance * normal);
    }
    return prune(points, kept, normal, out);
}

} // namespace mk
