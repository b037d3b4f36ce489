/// \file SdfShapes.cpp
/// Signed distance functions of the shapes with a subgradient (Lopez-Adeva Fernandez-Layos and
/// Merchante 2024, Sec. 2.3 and 4.5): exact ones for sphere, (rounded) box, capsule and
/// cylinder; the half-space approximation of eq. (21) for cone, ellipsoid and superquadric; the
/// polyhedron approximation of Algorithm 4 with face adjacency.

#include "minkowski/narrowphase/detail/SdfEllipsoid.h"

#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Rtr.h"
#include "minkowski/narrowphase/Shape.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

namespace mk {
namespace {

/// +1 for x >= 0 (including -0), -1 otherwise: ties pick the positive side.
double signOf(double x) { return x >= 0.0 ? 1.0 : -1.0; }

/// Unit vector of (x, y, 0), or +x when x = y = 0 (any unit vector of the plane is a
/// subgradient of rho = |(x, y)| there).
Vec3 radialUnit(const Vec3& p, double rho) {
    return rho > 0.0 ? Vec3(p.x() / rho, p.y() / rho, 0.0) : Vec3(Vec3::UnitX());
}

SdfSample sphereSdf(const Vec3& p, double r) {
    const double n = p.norm();
    return {n - r, n > 0.0 ? Vec3(p / n) : Vec3(Vec3::UnitX())};
}

/// Exact box SDF (Quilez): |max(q, 0)| + min(max_i q_i, 0) with q = |p| - h. Outside, the
/// gradient points from the closest point; inside, it is the normal of the closest face.
SdfSample boxSdf(const Vec3& p, const Vec3& h) {
    const Vec3 q = p.cwiseAbs() - h;
    const Vec3 outside = q.cwiseMax(0.0);
    const double out = outside.norm();
    if (out > 0.0) {
        const Vec3 s(signOf(p.x()), signOf(p.y()), signOf(p.z()));
        return {out, s.cwiseProduct(outside) / out};
    }
    int axis = 0;
    const double inside = q.maxCoeff(&axis);
    Vec3 g = Vec3::Zero();
    g[axis] = signOf(p[axis]);
    return {inside, g};
}

/// Exact capsule SDF: distance to the segment [-h, h] on z minus the radius.
SdfSample capsuleSdf(const Vec3& p, double r, double h) {
    const Vec3 d(p.x(), p.y(), p.z() - std::clamp(p.z(), -h, h));
    const double n = d.norm();
    if (n > 0.0) {
        return {n - r, d / n};
    }
    // on the segment: inside the ends any radial unit vector is a subgradient
    return {-r, std::abs(p.z()) < h ? Vec3(Vec3::UnitX()) : Vec3(0.0, 0.0, signOf(p.z()))};
}

/// Exact cylinder SDF: the 2-D box SDF of (rho - r, |z| - h).
SdfSample cylinderSdf(const Vec3& p, double r, double h) {
    const double rho = std::hypot(p.x(), p.y());
    const double dr = rho - r;
    const double dz = std::abs(p.z()) - h;
    const Vec3 radial = radialUnit(p, rho);
    const Vec3 axial(0.0, 0.0, signOf(p.z()));
    if (dr > 0.0 || dz > 0.0) {
        const double or_ = std::max(dr, 0.0);
        const double oz = std::max(dz, 0.0);
        const double n = std::hypot(or_, oz);
        return {n, (or_ * radial + oz * axial) / n};
    }
    return dr >= dz ? SdfSample{dr, radial} : SdfSample{dz, axial};
}

/// Cone (apex at +h, base of radius r at -h), eq. (21) over the cone's own half-spaces: the base
/// plane -z <= h and the tangent planes of the lateral surface, whose maximum over the azimuth is
/// (2 h rho + r z - r h) / sqrt(4 h^2 + r^2). Convex, exact inside and in front of the faces.
SdfSample coneSdf(const Vec3& p, double r, double h) {
    const double len = std::hypot(2.0 * h, r);
    const double rho = std::hypot(p.x(), p.y());
    const double lateral = (2.0 * h * rho + r * p.z() - r * h) / len;
    const double base = -p.z() - h;
    if (base > lateral) {
        return {base, Vec3(0.0, 0.0, -1.0)};
    }
    return {lateral, (2.0 * h / len) * radialUnit(p, rho) + Vec3(0.0, 0.0, r / len)};
}

/// The eq. (21) approximation of a body with gauge N (a norm, N < 1 inside): the tangent plane
/// where the ray from the centre through p leaves the body, phi~ = (N - 1) / |grad N|, gradient
/// grad N / |grad N|. At the centre (p = 0, no ray) the plane along `fallback` is used:
/// phi~ = -1 / |grad N(fallback)|.
struct Gauge {
    double value = 0.0; ///< N(p)
    Vec3 gradient = Vec3::Zero(); ///< grad N(p), homogeneous of degree 0
};

SdfSample gaugeSdf(const Gauge& g) {
    const double n = g.gradient.norm();
    return {(g.value - 1.0) / n, g.gradient / n};
}

/// Gauge of the ellipsoid: N = |p / radii|, grad N = (p / radii^2) / N.
Gauge ellipsoidGauge(const Vec3& p, const Vec3& radii) {
    const Vec3 q = p.cwiseQuotient(radii);
    const double n = q.norm();
    return {n, q.cwiseQuotient(radii) / n};
}

/// The exact SDF of the ellipsoid of semi-axes `radii` at a point p inside it (N(p) <= 1): minus
/// the distance to the nearest surface point x. Based on: Eberly, "Distance from a Point to an
/// Ellipse, an Ellipsoid, or a Hyperellipsoid" (2013), Sec. 3: x_i = a_i^2 y_i / (t + a_i^2) with
/// y = |p| (first octant) and t the root of F(t) = sum (a_i y_i / (t + a_i^2))^2 - 1 on
/// (-a_m^2, 0], a_m the smallest semi-axis, F decreasing there; found by bisection to rounding.
/// When y_m = 0 and F(-a_m^2) <= 0 the nearest point leaves the plane y_m = 0 (t = -a_m^2).
SdfSample ellipsoidInsideSdf(const Vec3& p, const Vec3& radii) {
    const Vec3 y = p.cwiseAbs();
    int m = 0;
    radii.minCoeff(&m);
    const Vec3 a2 = radii.cwiseProduct(radii);
    const auto f = [&](double t) {
        double sum = -1.0;
        for (int i = 0; i < 3; ++i) {
            const double d = t + a2[i];
            sum += d > 0.0 ? (radii[i] * y[i] / d) * (radii[i] * y[i] / d)
                           : (y[i] > 0.0 ? std::numeric_limits<double>::infinity() : 0.0);
        }
        return sum;
    };
    double lo = -a2[m];
    double hi = 0.0;
    Vec3 x;
    if (y[m] == 0.0 && f(lo) <= 0.0) { // the nearest point is off the plane y_m = 0
        double rest = 1.0;
        for (int i = 0; i < 3; ++i) {
            const double d = a2[i] - a2[m];
            x[i] = i == m || d <= 0.0 ? 0.0 : a2[i] * y[i] / d;
            rest -= i == m ? 0.0 : (x[i] / radii[i]) * (x[i] / radii[i]);
        }
        x[m] = radii[m] * std::sqrt(std::max(0.0, rest));
    } else {
        for (int it = 0; it < 200 && lo < hi; ++it) {
            const double mid = 0.5 * (lo + hi);
            if (mid <= lo || mid >= hi) {
                break;
            }
            (f(mid) > 0.0 ? lo : hi) = mid;
        }
        const double t = 0.5 * (lo + hi);
        for (int i = 0; i < 3; ++i) {
            x[i] = y[i] == 0.0 ? 0.0 : a2[i] * y[i] / (t + a2[i]);
        }
    }
    Vec3 normal = x.cwiseQuotient(a2).normalized(); // outward normal at x (first octant)
    for (int i = 0; i < 3; ++i) {
        normal[i] = p[i] < 0.0 ? -normal[i] : normal[i];
    }
    return {-(x - y).norm(), normal};
}

/// ||(x, y)||_r and its gradient, computed with ratios (no overflow for large r).
struct PNorm {
    double value = 0.0;
    double dx = 0.0;
    double dy = 0.0;
};

PNorm pNorm2(double x, double y, double r) {
    const double m = std::max(std::abs(x), std::abs(y));
    if (!(m > 0.0)) {
        return {};
    }
    const double ax = std::abs(x) / m;
    const double ay = std::abs(y) / m;
    const double value = m * std::pow(std::pow(ax, r) + std::pow(ay, r), 1.0 / r);
    return {value, signOf(x) * std::pow(std::abs(x) / value, r - 1.0),
            signOf(y) * std::pow(std::abs(y) / value, r - 1.0)};
}

/// Gauge of the superquadric (An et al. eq. 16): with q = p / radii, r1 = 2 / alpha1 and
/// r2 = 2 / alpha2, f + 1 = G^r1 + |q3|^r1 with G = ||(q1, q2)||_r2, so N = ||(G, q3)||_r1.
Gauge superquadricGauge(const Vec3& p, const SmoothSupport& sq) {
    const Vec3 q = p.cwiseQuotient(sq.radii());
    const PNorm inner = pNorm2(q.x(), q.y(), 2.0 / sq.alpha2());
    const PNorm outer = pNorm2(inner.value, q.z(), 2.0 / sq.alpha1());
    const Vec3 dq(outer.dx * inner.dx, outer.dx * inner.dy, outer.dy);
    return {outer.value, dq.cwiseQuotient(sq.radii())};
}

/// Unit direction of the smallest radius: the ray the gauge approximations use at the centre,
/// where their value -min radius is the exact SDF.
Vec3 shortestAxis(const Vec3& radii) {
    int axis = 0;
    radii.minCoeff(&axis);
    return Vec3::Unit(axis);
}

} // namespace

// ---------------------------------------------------------------------------------------------
// PolyhedronSdf
// ---------------------------------------------------------------------------------------------

namespace {

/// Union-find over triangles, to merge the coplanar triangles of one hull facet.
int findRoot(std::vector<int>& parent, int i) {
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

/// Key of the undirected edge (i, j).
std::int64_t edgeKey(int i, int j) {
    return (static_cast<std::int64_t>(std::min(i, j)) << 32) | std::max(i, j);
}

/// Pairs of triangles sharing an edge: (key, triangle) sorted by key, so that the two triangles
/// of each hull edge are neighbours in the list.
std::vector<std::pair<std::int64_t, int>> sortedEdges(const ConvexMesh& mesh) {
    std::vector<std::pair<std::int64_t, int>> edges;
    const auto& tris = mesh.triangles();
    edges.reserve(3 * tris.size());
    for (int t = 0; t < static_cast<int>(tris.size()); ++t) {
        for (int k = 0; k < 3; ++k) {
            edges.emplace_back(edgeKey(tris[t][k], tris[t][(k + 1) % 3]), t);
        }
    }
    std::sort(edges.begin(), edges.end());
    return edges;
}

/// Face of every triangle: coplanar neighbours (unit normals and offsets within 1e-9, relative
/// to `scale`) and zero-area slivers are merged by union-find over the hull edges.
std::vector<int> mergeCoplanar(const ConvexMesh& mesh,
                               const std::vector<std::pair<std::int64_t, int>>& edges,
                               double scale, int& faceCount) {
    const auto& v = mesh.vertices();
    const auto& tris = mesh.triangles();
    const int nt = static_cast<int>(tris.size());
    std::vector<Vec3> n(nt);
    for (int t = 0; t < nt; ++t) {
        n[t] = (v[tris[t][1]] - v[tris[t][0]]).cross(v[tris[t][2]] - v[tris[t][0]]);
    }
    std::vector<int> parent(nt);
    std::iota(parent.begin(), parent.end(), 0);
    constexpr double kCoplanar = 1e-9;
    for (size_t e = 0; e + 1 < edges.size(); ++e) {
        if (edges[e].first != edges[e + 1].first) {
            continue;
        }
        const int t1 = edges[e].second, t2 = edges[e + 1].second;
        const double a1 = n[t1].norm(), a2 = n[t2].norm();
        const bool sliver = a1 <= 1e-14 * scale * scale || a2 <= 1e-14 * scale * scale;
        if (sliver || ((n[t1] / a1 - n[t2] / a2).norm() <= kCoplanar &&
                       std::abs((n[t1] / a1).dot(v[tris[t1][0]] - v[tris[t2][0]])) <=
                           kCoplanar * scale)) {
            parent[findRoot(parent, t1)] = findRoot(parent, t2);
        }
    }
    std::vector<int> faceOf(nt, -1);
    std::vector<int> faceOfRoot(nt, -1);
    faceCount = 0;
    for (int t = 0; t < nt; ++t) {
        int& f = faceOfRoot[findRoot(parent, t)];
        if (f < 0) {
            f = faceCount++;
        }
        faceOf[t] = f;
    }
    return faceOf;
}

} // namespace

/// Normals (summed area normals of the face's triangles) and offsets (max over its vertices, so
/// that every vertex is inside) about the centroid.
void PolyhedronSdf::buildFaces(const ConvexMesh& mesh, const std::vector<int>& faceOf,
                               int faceCount) {
    const auto& v = mesh.vertices();
    const auto& tris = mesh.triangles();
    std::vector<Vec3> sum(faceCount, Vec3::Zero());
    for (size_t t = 0; t < tris.size(); ++t) {
        sum[faceOf[t]] += (v[tris[t][1]] - v[tris[t][0]]).cross(v[tris[t][2]] - v[tris[t][0]]);
    }
    normals_.resize(faceCount);
    offsets_.assign(faceCount, -std::numeric_limits<double>::infinity());
    for (int f = 0; f < faceCount; ++f) {
        normals_[f] = sum[f].normalized();
    }
    for (size_t t = 0; t < tris.size(); ++t) {
        for (const int k : tris[t]) {
            const int f = faceOf[t];
            offsets_[f] = std::max(offsets_[f], normals_[f].dot(v[k] - centre_));
        }
    }
    for (const double d : offsets_) {
        if (!(d > 1e-12 * boundingRadius_)) {
            throw ShapeError("PolyhedronSdf: a face passes through the centroid (flat hull)");
        }
    }
}

/// Face adjacency (CSR) from the hull edges joining two different faces.
void PolyhedronSdf::buildAdjacency(const std::vector<std::pair<std::int64_t, int>>& edges,
                                   const std::vector<int>& faceOf) {
    std::vector<std::pair<int, int>> links;
    for (size_t e = 0; e + 1 < edges.size(); ++e) {
        if (edges[e].first == edges[e + 1].first) {
            const int f1 = faceOf[edges[e].second], f2 = faceOf[edges[e + 1].second];
            if (f1 != f2) {
                links.emplace_back(f1, f2);
                links.emplace_back(f2, f1);
            }
        }
    }
    std::sort(links.begin(), links.end());
    links.erase(std::unique(links.begin(), links.end()), links.end());
    adjacencyOffsets_.assign(normals_.size() + 1, 0);
    for (const auto& [from, to] : links) {
        ++adjacencyOffsets_[from + 1];
        adjacency_.push_back(to);
    }
    std::partial_sum(adjacencyOffsets_.begin(), adjacencyOffsets_.end(), adjacencyOffsets_.begin());
}

std::shared_ptr<const PolyhedronSdf> PolyhedronSdf::build(const ConvexMesh& mesh) {
    auto out = std::shared_ptr<PolyhedronSdf>(new PolyhedronSdf());
    out->centre_ = mesh.centroid();
    for (const Vec3& p : mesh.vertices()) {
        out->boundingRadius_ = std::max(out->boundingRadius_, (p - out->centre_).norm());
    }
    const auto edges = sortedEdges(mesh);
    int faceCount = 0;
    const std::vector<int> faceOf = mergeCoplanar(mesh, edges, out->boundingRadius_, faceCount);
    out->buildFaces(mesh, faceOf, faceCount);
    out->buildAdjacency(edges, faceOf);
    return out;
}

SdfSample PolyhedronSdf::evaluate(const Vec3& x, int& face) const {
    const Vec3 y = x - centre_;
    int a = face >= 0 && face < faceCount() ? face : 0;
    double s = normals_[a].dot(y) / offsets_[a];
    for (bool improved = true; improved;) {
        improved = false;
        const int from = a;
        for (int b : neighbors(from)) {
            const double sb = normals_[b].dot(y) / offsets_[b];
            if (sb > s) {
                s = sb;
                a = b;
                improved = true;
            }
        }
    }
    face = a;
    const double value = normals_[a].dot(y) - offsets_[a];
    if (value >= 0.0) {
        return {value, normals_[a]};
    }
    // Inside, the ray's plane is only a lower bound (at the centre of a 0.3 x 0.2 x 0.1 box it
    // says -0.3 where the SDF is -0.1), and f* = max(phi_A, phi_B) too low means a depth deeper
    // than the true one. The exact SDF inside is the largest plane value: a scan of the faces.
    int nearest = a;
    double best = value;
    for (int f = 0; f < faceCount(); ++f) {
        const double v = normals_[f].dot(y) - offsets_[f];
        if (v > best) {
            best = v;
            nearest = f;
        }
    }
    return {best, normals_[nearest]};
}

int PolyhedronSdf::faceLinear(const Vec3& x) const {
    const Vec3 y = x - centre_;
    int best = 0;
    double s = -std::numeric_limits<double>::infinity();
    for (int f = 0; f < faceCount(); ++f) {
        const double sf = normals_[f].dot(y) / offsets_[f];
        if (sf > s) {
            s = sf;
            best = f;
        }
    }
    return best;
}

// ---------------------------------------------------------------------------------------------
// SdfShape
// ---------------------------------------------------------------------------------------------

SdfShape::SdfShape(SdfKind kind, const Vec3& params, double rounding)
    : kind_(kind), params_(params), rounding_(rounding) {}

SdfShape SdfShape::sphere(double radius) {
    SdfShape s(SdfKind::Sphere, Vec3(radius, 0.0, 0.0), 0.0);
    s.sphere_ = {Vec3::Zero(), radius};
    return s;
}

SdfShape SdfShape::box(const Vec3& halfExtents, double rounding) {
    SdfShape s(SdfKind::Box, halfExtents, rounding);
    s.sphere_ = {Vec3::Zero(), halfExtents.norm() + rounding};
    return s;
}

SdfShape SdfShape::capsule(double radius, double halfHeight) {
    SdfShape s(SdfKind::Capsule, Vec3(radius, 0.0, halfHeight), 0.0);
    s.sphere_ = {Vec3::Zero(), radius + halfHeight};
    return s;
}

SdfShape SdfShape::cylinder(double radius, double halfHeight) {
    SdfShape s(SdfKind::Cylinder, Vec3(radius, 0.0, halfHeight), 0.0);
    s.sphere_ = {Vec3::Zero(), std::hypot(radius, halfHeight)};
    return s;
}

SdfShape SdfShape::cone(double radius, double halfHeight) {
    SdfShape s(SdfKind::Cone, Vec3(radius, 0.0, halfHeight), 0.0);
    s.sphere_ = {Vec3::Zero(), std::hypot(radius, halfHeight)}; // the rim and the apex
    return s;
}

SdfShape SdfShape::ellipsoid(const Vec3& radii) {
    SdfShape s(SdfKind::Ellipsoid, radii, 0.0);
    s.sphere_ = {Vec3::Zero(), radii.maxCoeff()};
    return s;
}

SdfShape SdfShape::superquadric(const SmoothSupport& core, double inflation) {
    SdfShape s(SdfKind::Superquadric, core.radii(), inflation);
    s.superquadric_ = &core;
    s.sphere_ = core.boundingSphere();
    s.sphere_.radius += inflation;
    return s;
}

SdfShape SdfShape::polyhedron(const PolyhedronSdf& faces) {
    SdfShape s(SdfKind::Polyhedron, Vec3::Zero(), 0.0);
    s.faces_ = &faces;
    s.sphere_ = {faces.centre(), faces.boundingRadius()};
    return s;
}

/// The body is core + ball(rounding). For a convex core K, phi_{K+rB} = phi_K - r everywhere:
/// outside, the distance to K+rB is the distance to K minus r; inside, phi of a convex body is
/// max_n (n . x - h(n)) over unit n and h_{K+rB} = h_K + r. So an exact core SDF (the box) stays
/// exact, with the same subgradient, and an approximate one (the superquadric) stays a lower
/// bound with the right sign.
SdfSample SdfShape::evaluate(const Vec3& x, int& hint) const {
    SdfSample s = evaluateCore(x, hint);
    s.value -= rounding_;
    return s;
}

SdfSample SdfShape::evaluateCore(const Vec3& x, int& hint) const {
    switch (kind_) {
    case SdfKind::Sphere: return sphereSdf(x, params_.x());
    case SdfKind::Box: return boxSdf(x, params_);
    case SdfKind::Capsule: return capsuleSdf(x, params_.x(), params_.z());
    case SdfKind::Cylinder: return cylinderSdf(x, params_.x(), params_.z());
    case SdfKind::Cone: return coneSdf(x, params_.x(), params_.z());
    case SdfKind::Ellipsoid:
    case SdfKind::Superquadric: {
        const bool centre = x.isZero(0.0);
        const Vec3 ray = centre ? shortestAxis(params_) : x;
        Gauge g = kind_ == SdfKind::Ellipsoid ? ellipsoidGauge(ray, params_)
                                              : superquadricGauge(ray, *superquadric_);
        if (centre) {
            g.value = 0.0; // the limit of (N - 1) / |grad N| along the ray
        }
        // Departure from eq. (21) inside the ellipsoid: the exact SDF. The tangent plane at the
        // ray's exit underestimates it there (a lower bound), which made depths deeper than the
        // MTD (a thin ellipsoid sunk into a slab: +16%).
        if (kind_ == SdfKind::Ellipsoid && g.value < 1.0) {
            return ellipsoidInsideSdf(x, params_);
        }
        return gaugeSdf(g);
    }
    case SdfKind::Polyhedron: return faces_->evaluate(x, hint);
    }
    return {};
}

bool SdfShape::exact() const {
    return kind_ == SdfKind::Sphere || kind_ == SdfKind::Box || kind_ == SdfKind::Capsule ||
           kind_ == SdfKind::Cylinder;
}

} // namespace mk
