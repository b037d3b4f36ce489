/// \file TextbookSolver.cpp
/// An example solver plugin (docs/plugins.md): textbook GJK with a brute-force sub-distance
/// for separations, and textbook EPA for penetrations. Copy this file, rename the solver and
/// replace the algorithm.
///
/// Based on: Gilbert, Johnson, Keerthi, "A fast procedure for computing the distance between
/// complex objects in three-dimensional space", IEEE J. Robotics and Automation 4(2), 1988, with
/// the relative stopping test of van den Bergen 1999 (Sec. 3.3). Departure: the sub-distance
/// problem (the point of the simplex closest to the origin) is solved by brute force over the
/// 15 faces of the simplex, projecting the origin on each face's affine hull and keeping the
/// closest projection with positive barycentric coordinates, instead of Johnson's recursion.
/// Penetration: van den Bergen, "Proximity queries and penetration depth computation on 3D
/// game objects", GDC 2001 (EPA), from GJK's simplex grown to a tetrahedron.
///
/// Everything happens in the world frame; the only thing used of the shapes is their support
/// function Shape::support(direction, hint), in the shape's local frame. No allocation.

#include "minkowski/narrowphase/Plugin.h"

#include <array>
#include <cmath>
#include <limits>

namespace {

using mk::Pose;
using mk::QueryRequest;
using mk::QueryResult;
using mk::Shape;
using mk::Status;
using mk::Task;
using mk::Vec3;

/// Most EPA vertices (option `epa-vertices` chooses up to this); faces <= 2 V - 4.
constexpr int kMaxVertices = 256;
constexpr int kMaxFaces = 2 * kMaxVertices;
constexpr int kEpaVerticesOption = 0;

/// A point of the Minkowski difference A - B with the support points it came from.
struct Vertex {
    Vec3 w = Vec3::Zero();
    Vec3 a = Vec3::Zero();
    Vec3 b = Vec3::Zero();
};

/// The support of A - B along `d` (world frame), with the shapes' hints.
struct Difference {
    const Shape& shapeA;
    const Pose& poseA;
    const Shape& shapeB;
    const Pose& poseB;
    std::array<int, 2> hints;
    int calls = 0;

    Vertex support(const Vec3& d) {
        ++calls;
        Vertex v;
        v.a = poseA.apply(shapeA.support(poseA.rotation.conjugate() * d, hints[0]));
        v.b = poseB.apply(shapeB.support(poseB.rotation.conjugate() * -d, hints[1]));
        v.w = v.a - v.b;
        return v;
    }
};

/// The closest point to the origin of a simplex's hull, and the smallest face holding it.
struct Closest {
    Vec3 point = Vec3::Zero();
    std::array<double, 4> lambda{};
    unsigned face = 0; ///< bit i: vertex i is in the face
};

/// Projection of the origin on the affine hull of the vertices of `face`, or false when those
/// are affinely dependent or a barycentric coordinate is not positive.
bool projectOnFace(const std::array<Vertex, 4>& s, unsigned face, Closest& out) {
    std::array<int, 4> idx{};
    int n = 0;
    for (int i = 0; i < 4; ++i) {
        if ((face & (1u << unsigned(i))) != 0u) {
            idx[size_t(n++)] = i;
        }
    }
    // Fixed maximum sizes: no heap.
    using Gram = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 3, 3>;
    using Column = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 3, 1>;
    const int m = n - 1;
    const Vec3& y0 = s[size_t(idx[0])].w;
    Gram gram(m, m);
    Column rhs(m);
    for (int i = 0; i < m; ++i) {
        const Vec3 ei = s[size_t(idx[size_t(i + 1)])].w - y0;
        rhs(i) = -ei.dot(y0);
        for (int j = 0; j < m; ++j) {
            gram(i, j) = ei.dot(s[size_t(idx[size_t(j + 1)])].w - y0);
        }
    }
    Column mu(m);
    if (m > 0) {
        // Affinely dependent vertices give a Gram matrix whose determinant vanishes relative to
        // the product of its diagonal (Hadamard's bound).
        const double bound = gram.diagonal().prod();
        const Eigen::FullPivLU<Gram> lu(gram);
        if (!(bound > 0.0) || !(std::abs(lu.determinant()) > 1e-20 * bound)) {
            return false;
        }
        mu = lu.solve(rhs);
    }
    out = Closest{};
    out.face = face;
    out.point = y0;
    double rest = 1.0;
    for (int i = 0; i < m; ++i) {
        out.lambda[size_t(idx[size_t(i + 1)])] = mu(i);
        out.point += mu(i) * (s[size_t(idx[size_t(i + 1)])].w - y0);
        rest -= mu(i);
    }
    out.lambda[size_t(idx[0])] = rest;
    for (int i = 0; i < n; ++i) {
        if (!(out.lambda[size_t(idx[size_t(i)])] > 0.0)) {
            return false;
        }
    }
    return true;
}

/// Brute-force sub-distance: the closest of the projections over every face of the simplex
/// (vertices 0..count-1). A projection with positive coordinates is a point of the hull, so the
/// closest of them is the hull's closest point (it lies in the relative interior of some face).
Closest closestOfSimplex(const std::array<Vertex, 4>& s, int count) {
    Closest best;
    double bestNorm = std::numeric_limits<double>::infinity();
    for (unsigned face = 1; face < (1u << unsigned(count)); ++face) {
        Closest c;
        if (projectOnFace(s, face, c) && c.point.squaredNorm() < bestNorm) {
            bestNorm = c.point.squaredNorm();
            best = c;
        }
    }
    return best;
}

/// Keeps the vertices of best.face, in order.
int shrink(std::array<Vertex, 4>& s, Closest& best, int count) {
    int kept = 0;
    for (int i = 0; i < count; ++i) {
        if ((best.face & (1u << unsigned(i))) != 0u) {
            s[size_t(kept)] = s[size_t(i)];
            best.lambda[size_t(kept)] = best.lambda[size_t(i)];
            ++kept;
        }
    }
    return kept;
}

QueryResult separated(const Vec3& v, const std::array<Vertex, 4>& s, const Closest& c, int count,
                      Status status, double distance) {
    QueryResult r;
    r.status = status;
    r.distance = distance;
    r.witnessA = Vec3::Zero();
    r.witnessB = Vec3::Zero();
    for (int i = 0; i < count; ++i) {
        r.witnessA += c.lambda[size_t(i)] * s[size_t(i)].a;
        r.witnessB += c.lambda[size_t(i)] * s[size_t(i)].b;
    }
    r.normal = -v.normalized();
    r.separation = v;
    return r;
}

/// A triangle of the EPA polytope, vertices counter-clockwise seen from outside.
struct Face {
    std::array<int, 3> v{};
    Vec3 normal = Vec3::UnitX(); ///< unit, outward
    double distance = 0.0;       ///< of the face's plane from the origin
    bool alive = false;
};

struct Polytope {
    std::array<Vertex, kMaxVertices> vertices;
    std::array<Face, kMaxFaces> faces;
    int vertexCount = 0;
    int faceCount = 0;

    /// Adds face (i, j, k); false when it is degenerate (zero area) or the store is full.
    bool addFace(int i, int j, int k) {
        const Vec3& p = vertices[size_t(i)].w;
        const Vec3 n = (vertices[size_t(j)].w - p).cross(vertices[size_t(k)].w - p);
        const double len = n.norm();
        if (faceCount == kMaxFaces || !(len > 0.0)) {
            return false;
        }
        Face& f = faces[size_t(faceCount++)];
        f = {{i, j, k}, n / len, n.dot(p) / len, true};
        return true;
    }

    /// Drops the removed faces, keeping the others in order (deterministic choices).
    void compact() {
        int kept = 0;
        for (int f = 0; f < faceCount; ++f) {
            if (faces[size_t(f)].alive) {
                faces[size_t(kept++)] = faces[size_t(f)];
            }
        }
        faceCount = kept;
    }
};

/// The live face nearest the origin (the first of equals).
Face closestFace(const Polytope& poly) {
    int best = -1;
    for (int f = 0; f < poly.faceCount; ++f) {
        const Face& g = poly.faces[size_t(f)];
        if (g.alive && (best < 0 || g.distance < poly.faces[size_t(best)].distance)) {
            best = f;
        }
    }
    return poly.faces[size_t(best)];
}

/// GJK's simplex grown to a tetrahedron by supports normal to its span. False when A - B is
/// flat (every support lies in the span): the shapes have no volume to penetrate.
bool growToTetrahedron(std::array<Vertex, 4>& s, int& count, Difference& diff) {
    const std::array<Vec3, 6> axes{Vec3::UnitX(),  -Vec3::UnitX(), Vec3::UnitY(),
                                   -Vec3::UnitY(), Vec3::UnitZ(),  -Vec3::UnitZ()};
    const double scale = std::max(1.0, s[0].w.norm());
    while (count < 4) {
        Vec3 best = Vec3::Zero();
        double bestGain = 0.0;
        Vertex bestVertex;
        const auto tryDirection = [&](const Vec3& d) {
            const Vertex v = diff.support(d);
            Vec3 off = v.w - s[0].w; // its distance from the span of the simplex
            if (count == 2) {
                const Vec3 e = (s[1].w - s[0].w).normalized();
                off -= off.dot(e) * e;
            } else if (count == 3) {
                const Vec3 n = (s[1].w - s[0].w).cross(s[2].w - s[0].w).normalized();
                off = off.dot(n) * n;
            }
            if (off.norm() > bestGain) {
                bestGain = off.norm();
                best = d;
                bestVertex = v;
            }
        };
        if (count == 3) {
            const Vec3 n = (s[1].w - s[0].w).cross(s[2].w - s[0].w);
            tryDirection(n);
            tryDirection(-n);
        } else {
            for (const Vec3& d : axes) {
                tryDirection(d);
            }
        }
        if (!(bestGain > 1e-12 * scale)) {
            return false;
        }
        s[size_t(count++)] = bestVertex;
    }
    return true;
}

/// EPA from the tetrahedron s[0..3], which holds the origin (inside or on its boundary).
QueryResult epa(const std::array<Vertex, 4>& s, Difference& diff, const QueryRequest& request,
                int maxVertices) {
    static thread_local Polytope poly; // 42 kB: not on the stack, reused without allocation
    poly.vertexCount = 4;
    poly.faceCount = 0;
    for (int i = 0; i < 4; ++i) {
        poly.vertices[size_t(i)] = s[size_t(i)];
    }
    // Orient the four faces outward: away from the fourth vertex.
    constexpr std::array<std::array<int, 4>, 4> kTetra{
        {{0, 1, 2, 3}, {0, 3, 1, 2}, {0, 2, 3, 1}, {1, 3, 2, 0}}};
    for (const auto& t : kTetra) {
        const Vec3& p = s[size_t(t[0])].w;
        const Vec3 n = (s[size_t(t[1])].w - p).cross(s[size_t(t[2])].w - p);
        const bool outward = n.dot(s[size_t(t[3])].w - p) < 0.0;
        if (!(outward ? poly.addFace(t[0], t[1], t[2]) : poly.addFace(t[0], t[2], t[1]))) {
            QueryResult r;
            r.status = Status::Degenerate;
            return r;
        }
    }
    QueryResult r;
    Status status = Status::MaxIterations;
    Face face;
    for (int it = 0;; ++it) {
        face = closestFace(poly);
        r.penetrationIterations = it;
        if (it >= request.maxPenetrationIterations || poly.vertexCount == maxVertices) {
            break;
        }
        const Vertex v = diff.support(face.normal);
        if (v.w.dot(face.normal) - face.distance <= request.penetrationTolerance) {
            status = Status::Penetrating;
            break;
        }
        // Remove the faces that see the new vertex; their boundary is the horizon.
        const int vi = poly.vertexCount++;
        poly.vertices[size_t(vi)] = v;
        std::array<std::array<int, 2>, 3 * kMaxFaces> horizon{};
        int edges = 0;
        for (int f = 0; f < poly.faceCount; ++f) {
            Face& g = poly.faces[size_t(f)];
            if (!g.alive || g.normal.dot(v.w - poly.vertices[size_t(g.v[0])].w) <= 0.0) {
                continue;
            }
            g.alive = false;
            for (int e = 0; e < 3; ++e) {
                const std::array<int, 2> edge{g.v[size_t(e)], g.v[size_t((e + 1) % 3)]};
                bool shared = false; // the reverse edge of another removed face: not horizon
                for (int h = 0; h < edges; ++h) {
                    if (horizon[size_t(h)][0] == edge[1] && horizon[size_t(h)][1] == edge[0]) {
                        horizon[size_t(h)] = horizon[size_t(--edges)];
                        shared = true;
                        break;
                    }
                }
                if (!shared) {
                    horizon[size_t(edges++)] = edge;
                }
            }
        }
        poly.compact();
        for (int h = 0; h < edges; ++h) {
            if (!poly.addFace(horizon[size_t(h)][0], horizon[size_t(h)][1], vi)) {
                status = Status::Degenerate;
                break;
            }
        }
        if (status == Status::Degenerate) {
            break;
        }
    }
    const Face& f = face;
    // The origin's projection on the face, in barycentric coordinates, gives the witnesses.
    const Vec3 p = f.normal * f.distance;
    const Vec3& w0 = poly.vertices[size_t(f.v[0])].w;
    const Vec3 e1 = poly.vertices[size_t(f.v[1])].w - w0;
    const Vec3 e2 = poly.vertices[size_t(f.v[2])].w - w0;
    const double area = e1.cross(e2).dot(f.normal);
    const double l1 = (p - w0).cross(e2).dot(f.normal) / area;
    const double l2 = e1.cross(p - w0).dot(f.normal) / area;
    const std::array<double, 3> lambda{1.0 - l1 - l2, l1, l2};
    r.status = status;
    r.distance = -f.distance;
    r.normal = f.normal;
    for (int i = 0; i < 3; ++i) {
        r.witnessA += lambda[size_t(i)] * poly.vertices[size_t(f.v[size_t(i)])].a;
        r.witnessB += lambda[size_t(i)] * poly.vertices[size_t(f.v[size_t(i)])].b;
    }
    r.separation = -f.distance * f.normal;
    if (status == Status::Penetrating && f.distance <= request.absoluteTolerance) {
        r.status = Status::Touching;
    }
    return r;
}

QueryResult overlapping(const QueryRequest& request, Status status) {
    QueryResult r;
    r.status = status;
    r.collide = true;
    r.separation = request.initialGuess;
    return r;
}

/// GJK until convergence, or until the origin is (within absoluteTolerance) in the simplex's
/// hull: then `r` is left empty and the function returns true.
bool gjk(Difference& diff, const QueryRequest& request, std::array<Vertex, 4>& s, int& count,
         QueryResult& r) {
    Vec3 v = request.initialGuess;
    if (!v.allFinite() || v.squaredNorm() == 0.0) {
        v = Vec3::UnitX();
    }
    s[0] = diff.support(-v);
    count = 1;
    Closest c{s[0].w, {1.0, 0.0, 0.0, 0.0}, 1u};
    v = s[0].w;
    const double absolute2 = request.absoluteTolerance * request.absoluteTolerance;
    double lower = 0.0; // best lower bound mu of the distance (van den Bergen 1999, Sec. 3.3)
    for (r.iterations = 1; r.iterations <= request.maxIterations; ++r.iterations) {
        const double vv = v.squaredNorm();
        if (vv <= absolute2 || count == 4) {
            return true;
        }
        const Vertex w = diff.support(-v);
        const double norm = std::sqrt(vv);
        lower = std::max(lower, v.dot(w.w) / norm);
        if (request.task == Task::Boolean && lower > request.margin) {
            r = separated(v, s, c, count, Status::SeparatedEarlyExit, lower);
            return false;
        }
        // Converged: the gap between the bounds, or no new point (w is already a vertex: in
        // exact arithmetic the gap would then be 0; rounding keeps it above eps on tiny
        // distances).
        bool known = false;
        for (int i = 0; i < count; ++i) {
            known = known || s[size_t(i)].w == w.w;
        }
        if (norm - lower <= request.tolerance * norm || known) {
            r = separated(v, s, c, count, Status::Separated, norm);
            return false;
        }
        s[size_t(count++)] = w;
        const Closest next = closestOfSimplex(s, count);
        if (next.face == 0u || !(next.point.squaredNorm() < vv)) {
            // Non-finite points, or no progress: ||v|| decreases strictly in exact arithmetic,
            // so v is the closest point to machine precision.
            r = separated(v, s, c, count - 1,
                          next.face == 0u ? Status::Degenerate : Status::Separated, norm);
            return false;
        }
        c = next;
        count = shrink(s, c, count);
        v = c.point;
    }
    r = separated(v, s, c, count, Status::MaxIterations, v.norm());
    return false;
}

/// The solver's query (SolverQueryFunction).
QueryResult textbookQuery(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                          const QueryRequest& request, const void* /*context*/) {
    Difference diff{a, poseA, b, poseB, request.hints};
    std::array<Vertex, 4> s;
    int count = 0;
    QueryResult r;
    if (gjk(diff, request, s, count, r)) { // overlap, or touching within absoluteTolerance
        const int iterations = r.iterations;
        const bool inside = count == 4; // the origin strictly inside a tetrahedron of A - B
        if (request.task != Task::SignedDistance && inside) {
            r = overlapping(request, Status::Overlapping);
        } else if (!growToTetrahedron(s, count, diff)) {
            r = overlapping(request, Status::Touching); // A - B is flat
        } else {
            // The origin is on a face of GJK's simplex: EPA tells touching from overlapping.
            r = epa(s, diff, request, int(request.solver.option(kEpaVerticesOption)));
            if (request.task != Task::SignedDistance) {
                const int epaIterations = r.penetrationIterations;
                r = overlapping(request, r.status == Status::Touching ? Status::Touching
                                                                      : Status::Overlapping);
                r.penetrationIterations = epaIterations;
            }
        }
        r.iterations = iterations;
    }
    r.collide = r.distance <= request.margin;
    r.supportCalls = diff.calls;
    r.hints = diff.hints;
    return r;
}

std::vector<mk::SolverEntry> solvers() {
    mk::SolverEntry e{.name = "textbook-gjk",
                      .description = "example plugin: GJK with a brute-force sub-distance "
                                     "(Gilbert et al. 1988) + textbook EPA"};
    e.options = {mk::SolverOption{.name = "epa-vertices",
                                  .help = "most vertices of the EPA polytope (memory of one query)",
                                  .minimum = 16,
                                  .maximum = kMaxVertices,
                                  .integer = true,
                                  .defaultValue = 128}};
    e.warmStarts = mk::kAllWarmStarts; // the first direction is request.initialGuess
    e.query = textbookQuery;
    return {e};
}

} // namespace

extern "C" MK_PLUGIN_EXPORT const mk::PluginRegistration* minkowski_plugin() {
    static const mk::PluginRegistration registration{
        mk::kPluginAbiVersion, mk::PluginLayout::current(), "textbook-solver", &solvers};
    return &registration;
}
