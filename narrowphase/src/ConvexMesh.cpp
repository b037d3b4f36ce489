/// \file ConvexMesh.cpp
/// Convex hulls with Qhull's reentrant C library (Barber, Dobkin, Huhdanpaa, "The Quickhull
/// Algorithm for Convex Hulls", ACM TOMS 1996), vertex adjacency, hill-climbing support and
/// OBJ vertex reading.

#include "minkowski/narrowphase/ConvexMesh.h"

#include "CompressedRows.h"
#include "minkowski/narrowphase/Shape.h"

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <numeric>
#include <string_view>
#include <system_error>
#include <unordered_map>

namespace mk {
namespace {

/// Index of the first point maximising dot(p, dir) (ties keep the lowest index).
int argmaxDot(const std::vector<Vec3>& points, const Vec3& dir) {
    int best = 0;
    double bestDot = points[0].dot(dir);
    for (int i = 1; i < static_cast<int>(points.size()); ++i) {
        const double d = points[i].dot(dir);
        if (d > bestDot) {
            bestDot = d;
            best = i;
        }
    }
    return best;
}

/// A FILE* that collects what Qhull writes (errors and warnings) into memory, so that nothing
/// reaches stdout/stderr and the message can go into the exception.
class MessageSink {
public:
    MessageSink() : file_(open_memstream(&buffer_, &size_)) {
        if (file_ == nullptr) {
            throw ShapeError("convex hull: cannot open an in-memory stream for Qhull's messages");
        }
    }
    ~MessageSink() {
        std::fclose(file_);
        std::free(buffer_);
    }
    MessageSink(const MessageSink&) = delete;
    MessageSink& operator=(const MessageSink&) = delete;

    [[nodiscard]] FILE* file() const { return file_; }
    /// The first line of Qhull's error message (its QHnnnn code and summary).
    [[nodiscard]] std::string firstLine() {
        std::fflush(file_);
        std::string_view text(buffer_ != nullptr ? buffer_ : "", size_);
        const size_t start = text.find("QH");
        if (start != std::string_view::npos) {
            text.remove_prefix(start);
        }
        return std::string(text.substr(0, text.find('\n')));
    }

private:
    char* buffer_ = nullptr;
    size_t size_ = 0;
    FILE* file_ = nullptr;
};

/// Qhull's state, freed on every exit path.
class QhullRun {
public:
    explicit QhullRun(FILE* errors) { qh_zero(&qh_, errors); }
    ~QhullRun() {
        qh_freeqhull(&qh_, !qh_ALL);
        int curlong = 0;
        int totlong = 0;
        qh_memfreeshort(&qh_, &curlong, &totlong);
    }
    QhullRun(const QhullRun&) = delete;
    QhullRun& operator=(const QhullRun&) = delete;
    qhT* get() { return &qh_; }

private:
    qhT qh_{};
};

/// Drops every point closer than `tolerance` to an earlier kept point (spatial hash with cells
/// of side `tolerance`, so only the 27 neighbouring cells are searched).
std::vector<Vec3> mergeClosePoints(std::span<const Vec3> points, double tolerance) {
    struct CellHash {
        size_t operator()(const std::array<long long, 3>& c) const {
            return static_cast<size_t>(c[0] * 73856093LL ^ c[1] * 19349663LL ^ c[2] * 83492791LL);
        }
    };
    std::unordered_map<std::array<long long, 3>, std::vector<int>, CellHash> grid;
    std::vector<Vec3> kept;
    const double t2 = tolerance * tolerance;
    for (const Vec3& p : points) {
        const std::array<long long, 3> cell{static_cast<long long>(std::floor(p.x() / tolerance)),
                                            static_cast<long long>(std::floor(p.y() / tolerance)),
                                            static_cast<long long>(std::floor(p.z() / tolerance))};
        bool close = false;
        for (long long dx = -1; dx <= 1 && !close; ++dx) {
            for (long long dy = -1; dy <= 1 && !close; ++dy) {
                for (long long dz = -1; dz <= 1 && !close; ++dz) {
                    const auto it = grid.find({cell[0] + dx, cell[1] + dy, cell[2] + dz});
                    if (it == grid.end()) {
                        continue;
                    }
                    close = std::any_of(it->second.begin(), it->second.end(),
                                        [&](int k) { return (kept[k] - p).squaredNorm() < t2; });
                }
            }
        }
        if (!close) {
            grid[cell].push_back(static_cast<int>(kept.size()));
            kept.push_back(p);
        }
    }
    return kept;
}

void validateTolerance(const char* name, double value) {
    if (!std::isfinite(value) || value < 0.0) {
        throw ShapeError(std::string("convex hull: ") + name + " must be finite and >= 0, got " +
                         std::to_string(value));
    }
}

void validateInput(std::span<const Vec3> points, const HullOptions& options) {
    validateTolerance("mergeTolerance", options.mergeTolerance);
    validateTolerance("hullTolerance", options.hullTolerance);
    if (points.size() < 4) {
        throw ShapeError("convex hull: needs at least 4 points, got " +
                         std::to_string(points.size()));
    }
    for (size_t i = 0; i < points.size(); ++i) {
        if (!points[i].allFinite()) {
            throw ShapeError("convex hull: point " + std::to_string(i) +
                             " has a non-finite coordinate");
        }
    }
}

/// Hull of `points` by Qhull (options "Qt": triangulated output, default merging of facets
/// that are coplanar within round-off; `minOutside` > 0 adds "W": points less than that far
/// above a facet are not outside it): vertices renumbered in input order and triangles
/// counter-clockwise seen from outside.
void runQhull(const std::vector<Vec3>& points, std::vector<Vec3>& vertices,
              std::vector<std::array<int, 3>>& triangles, double minOutside = 0.0) {
    std::vector<coordT> coords;
    coords.reserve(3 * points.size());
    for (const Vec3& p : points) {
        coords.insert(coords.end(), {p.x(), p.y(), p.z()});
    }
    MessageSink messages;
    QhullRun run(messages.file());
    qhT* qh = run.get();
    char command[64] = "qhull Qt";
    if (minOutside > 0.0) {
        std::snprintf(command, sizeof command, "qhull Qt W%.17g", minOutside);
    }
    const int exitCode = qh_new_qhull(qh, 3, static_cast<int>(points.size()), coords.data(), False,
                                      command, nullptr, messages.file());
    if (exitCode != 0) {
        throw ShapeError("convex hull: Qhull failed on " + std::to_string(points.size()) +
                         " points (coplanar, collinear or coincident?): " + messages.firstLine());
    }
    // Renumber hull vertices in input order.
    std::vector<int> newIndex(points.size(), -1);
    vertexT* vertex = nullptr;
    FORALLvertices {
        const int id = qh_pointid(qh, vertex->point);
        if (id < 0 || id >= static_cast<int>(points.size())) {
            throw ShapeError("convex hull: Qhull returned a vertex that is not an input point");
        }
        newIndex[id] = 0;
    }
    for (size_t i = 0; i < points.size(); ++i) {
        if (newIndex[i] == 0) {
            newIndex[i] = static_cast<int>(vertices.size());
            vertices.push_back(points[i]);
        }
    }
    facetT* facet = nullptr;
    FORALLfacets {
        std::array<int, 3> t{};
        int k = 0;
        vertexT** vertexp = nullptr;
        FOREACHvertex_(facet->vertices) {
            if (k < 3) {
                t[k] = newIndex[qh_pointid(qh, vertex->point)];
            }
            ++k;
        }
        if (k != 3 || t[0] == t[1] || t[1] == t[2] || t[0] == t[2]) {
            continue; // Qhull's 'Qt' never gives k != 3; duplicated vertices are null facets
        }
        // Counter-clockwise from outside: the right-hand normal agrees with Qhull's outward
        // facet normal (shared by the triangles of a merged facet, so zero-area triangles of a
        // triangulated merged facet are oriented consistently too).
        const Vec3 outward(facet->normal[0], facet->normal[1], facet->normal[2]);
        const Vec3& a = vertices[t[0]];
        if ((vertices[t[1]] - a).cross(vertices[t[2]] - a).dot(outward) < 0.0) {
            std::swap(t[0], t[1]);
        }
        triangles.push_back(t);
    }
}

/// The point of `points` farthest above a face plane of the hull (vertices, triangles), if
/// that is more than `tolerance`; null otherwise. Zero-area triangles of a merged facet are
/// skipped: its other triangles carry its plane.
const Vec3* farthestOutside(const std::vector<Vec3>& points, const std::vector<Vec3>& vertices,
                            const std::vector<std::array<int, 3>>& triangles, double tolerance) {
    struct Plane {
        Vec3 point, normal; // a vertex and the edges' cross product
        double length;      // of the cross product
    };
    std::vector<Plane> planes;
    planes.reserve(triangles.size());
    for (const auto& t : triangles) {
        const Vec3& a = vertices[t[0]];
        const Vec3 n = (vertices[t[1]] - a).cross(vertices[t[2]] - a);
        if (const double length = n.norm(); length > 0.0) {
            planes.push_back({a, n, length});
        }
    }
    double worst = tolerance;
    const Vec3* farthest = nullptr;
    for (const Vec3& p : points) {
        for (const Plane& plane : planes) {
            const double height = plane.normal.dot(p - plane.point) / plane.length;
            if (height > worst) {
                worst = height;
                farthest = &p;
            }
        }
    }
    return farthest;
}

/// The hull (vertices, triangles as runQhull() gives them) with fewer vertices that every point
/// of `points` lies at most `tolerance` above each face plane of (HullOptions::hullTolerance).
/// Based on: Jolt's ConvexHullBuilder with mHullTolerance, which grows the hull by the farthest
/// outside point until no point is farther out than the tolerance. Here Qhull's option
/// "W<tolerance>" builds that hull in one run; its rounding and facet merging can leave a point
/// slightly farther out of the plain hull of its vertices, so the farthest such point is added
/// back until the bound holds on the hull returned. Each round adds a vertex of the exact hull;
/// a round that does not (a tolerance below Qhull's rounding) ends the loop.
void runSimplifiedQhull(const std::vector<Vec3>& points, double tolerance,
                        std::vector<Vec3>& vertices, std::vector<std::array<int, 3>>& triangles) {
    std::vector<Vec3> exact;
    runQhull(points, exact, triangles);
    std::vector<Vec3> candidates;
    triangles.clear();
    runQhull(exact, candidates, triangles, tolerance);
    size_t previous = 0;
    for (;;) {
        // the plain hull of the candidates, without "W" (its faces can differ from W's)
        vertices.clear();
        triangles.clear();
        runQhull(candidates, vertices, triangles);
        if (vertices.size() <= previous) {
            return;
        }
        previous = vertices.size();
        const Vec3* farthest = farthestOutside(exact, vertices, triangles, tolerance);
        if (farthest == nullptr) {
            return;
        }
        candidates = vertices;
        candidates.push_back(*farthest);
    }
}

/// `text` as a double, accepting a leading '+' (std::from_chars does not).
bool parseDouble(std::string_view text, double& value) {
    if (!text.empty() && text.front() == '+') {
        text.remove_prefix(1);
    }
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    return !text.empty() && ec == std::errc() && ptr == end && std::isfinite(value);
}

/// Whitespace-separated tokens of an OBJ line.
std::vector<std::string_view> tokens(std::string_view line) {
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) {
            ++i;
        }
        const size_t start = i;
        while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) {
            ++i;
        }
        if (i > start) {
            out.push_back(line.substr(start, i - start));
        }
    }
    return out;
}

/// The 'v x y z [w]' vertices of an OBJ file; every other statement is ignored.
std::vector<Vec3> readObjVertices(const std::string& path) {
    std::ifstream in(path);
    if (!in) {
        throw ShapeError("cannot open OBJ file '" + path + "'");
    }
    std::vector<Vec3> points;
    std::string line;
    for (int lineNumber = 1; std::getline(in, line); ++lineNumber) {
        const std::vector<std::string_view> words = tokens(line);
        if (words.empty() || words[0] != "v") {
            continue; // comments, vn, vt, f, o, g, s, usemtl, mtllib, ...
        }
        Vec3 p;
        bool ok = words.size() >= 4;
        for (int k = 0; ok && k < 3; ++k) {
            ok = parseDouble(words[k + 1], p[k]);
        }
        if (!ok) {
            throw ShapeError(path + ":" + std::to_string(lineNumber) +
                             ": malformed vertex line (expected 'v x y z' with finite numbers): '" +
                             line + "'");
        }
        points.push_back(p);
    }
    if (in.bad()) {
        throw ShapeError("error while reading OBJ file '" + path + "'");
    }
    return points;
}

} // namespace

std::shared_ptr<const ConvexMesh> ConvexMesh::fromPoints(std::span<const Vec3> points,
                                                         const HullOptions& options) {
    validateInput(points, options);
    std::vector<Vec3> input = options.mergeTolerance > 0.0
                                  ? mergeClosePoints(points, options.mergeTolerance)
                                  : std::vector<Vec3>(points.begin(), points.end());
    if (input.size() < 4) {
        throw ShapeError("convex hull: only " + std::to_string(input.size()) +
                         " points remain after merging points closer than " +
                         std::to_string(options.mergeTolerance));
    }
    std::shared_ptr<ConvexMesh> mesh(new ConvexMesh());
    if (options.hullTolerance > 0.0) {
        runSimplifiedQhull(input, options.hullTolerance, mesh->vertices_, mesh->triangles_);
    } else {
        runQhull(input, mesh->vertices_, mesh->triangles_);
    }
    mesh->buildAdjacency();
    mesh->computeMassProperties();
    mesh->buildFaces();
    if (mesh->vertices_.size() >= static_cast<size_t>(kLinearScanBelow)) {
        mesh->buildDirectionMap();
    }
    if (!(mesh->volume_ > 0.0)) {
        throw ShapeError("convex hull: the hull of " + std::to_string(points.size()) +
                         " points has no volume");
    }
    return mesh;
}

std::shared_ptr<const ConvexMesh> ConvexMesh::fromObjFile(const std::string& path,
                                                          const HullOptions& options) {
    const std::vector<Vec3> points = readObjVertices(path);
    try {
        return fromPoints(points, options);
    } catch (const ShapeError& e) {
        throw ShapeError("OBJ file '" + path + "': " + e.what());
    }
}

void ConvexMesh::buildAdjacency() {
    const int n = static_cast<int>(vertices_.size());
    std::vector<std::vector<int>> lists(n);
    for (const auto& t : triangles_) {
        for (int k = 0; k < 3; ++k) {
            lists[t[k]].push_back(t[(k + 1) % 3]);
            lists[t[(k + 1) % 3]].push_back(t[k]);
        }
    }
    detail::toCompressedRows(lists, adjacencyOffsets_, adjacency_);
}

/// Volume and centroid by the divergence theorem: the hull is the union of the tetrahedra
/// (o, a, b, c) over its outward triangles, o the mean vertex; each has signed volume
/// (a - o) . ((b - o) x (c - o)) / 6 and centroid (o + a + b + c) / 4.
void ConvexMesh::computeMassProperties() {
    Vec3 origin = Vec3::Zero();
    for (const Vec3& v : vertices_) {
        origin += v;
    }
    origin /= static_cast<double>(vertices_.size());
    double volume = 0.0;
    Vec3 moment = Vec3::Zero();
    for (const auto& t : triangles_) {
        const Vec3 a = vertices_[t[0]] - origin;
        const Vec3 b = vertices_[t[1]] - origin;
        const Vec3 c = vertices_[t[2]] - origin;
        const double v = a.dot(b.cross(c)) / 6.0;
        volume += v;
        moment += v * (a + b + c) / 4.0;
    }
    volume_ = volume;
    centroid_ = volume > 0.0 ? Vec3(origin + moment / volume) : origin;
}

int ConvexMesh::supportIndexLinear(const Vec3& dir) const {
    return argmaxDot(vertices_, dir);
}

namespace {

/// Cell of the cube map (ConvexMesh::directionMap_) holding the direction `dir`: face
/// 2 a + (d_a < 0) of the axis a of its largest component, then the other two components
/// divided by |d_a| (so in [-1, 1]) binned into `cells` each; `major` receives |d_a|. Any input
/// gives a valid cell (NaN, zero and overflowing quotients land in an end cell): the cell only
/// chooses a start vertex. What a cell skips (ConvexMesh::isBelowInCone) is trusted only for
/// directions and vertices of at most this dynamic range away from 1: there the binning of
/// mapCell cannot overflow and the climb's dot products keep relative rounding (no subnormal
/// products), which the margin assumes. Other directions climb over every neighbour, as all did
/// before the cells listed neighbours.
constexpr double kTrustedRange = 1e100;

bool inTrustedRange(double x) {
    return x >= 1.0 / kTrustedRange && x <= kTrustedRange;
}

int mapCell(const Vec3& dir, int cells, double& major) {
    const double ax = std::abs(dir.x()), ay = std::abs(dir.y()), az = std::abs(dir.z());
    // the axis and the other two components by selects, not branches: GJK's directions are
    // unpredictable, and a mispredicted branch costs as much as the rest of the lookup
    const bool xMajor = ax >= ay && ax >= az;
    const bool yMajor = !xMajor && ay >= az;
    const int axis = xMajor ? 0 : (yMajor ? 1 : 2);
    major = xMajor ? ax : (yMajor ? ay : az);
    const double c1 = xMajor ? dir.y() : (yMajor ? dir.z() : dir.x());
    const double c2 = xMajor ? dir.z() : (yMajor ? dir.x() : dir.y());
    const int face = 2 * axis + (dir[axis] < 0.0 ? 1 : 0);
    const double half = 0.5 * cells;
    const double scale = half / (major > 0.0 ? major : 1.0);
    const auto bin = [cells](double t) {
        return t > 0.0 ? (t < cells ? static_cast<int>(t) : cells - 1) : 0;
    };
    return (face * cells + bin(c1 * scale + half)) * cells + bin(c2 * scale + half);
}

/// rank[order[i]] = i: each vertex's climb index, for `order` in climb index order.
std::vector<std::int32_t> ranksOf(const std::vector<int>& order) {
    std::vector<std::int32_t> rank(order.size());
    for (size_t i = 0; i < order.size(); ++i) {
        rank[static_cast<size_t>(order[i])] = static_cast<std::int32_t>(i);
    }
    return rank;
}

/// The cell (u, v) at distance `d` along the Hilbert curve filling a `cells` x `cells` square
/// (`cells` a power of two; the classic iterative d -> (x, y) conversion).
void hilbertCell(int cells, int d, int& u, int& v) {
    u = 0;
    v = 0;
    for (int side = 1; side < cells; side *= 2) {
        const int ru = 1 & (d / 2);
        const int rv = 1 & (d ^ ru);
        if (rv == 0) {
            if (ru == 1) {
                u = side - 1 - u;
                v = side - 1 - v;
            }
            std::swap(u, v);
        }
        u += side * ru;
        v += side * rv;
        d /= 4;
    }
}

/// The vertices (original indices) in the order support() meets them: each cube-map face's
/// cells along a Hilbert curve (nearby directions, nearby cells), each cell's start then the
/// neighbours it lists, each vertex where it first appears; then the vertices no cell names,
/// in original order. So a cell's vertices and the next cells' share cache lines.
template <typename Cell> std::vector<int> localityOrder(const std::vector<Cell>& map, int count) {
    constexpr int cells = ConvexMesh::kMapCells;
    static_assert((cells & (cells - 1)) == 0, "the Hilbert curve needs a power of two");
    std::vector<int> order;
    order.reserve(static_cast<size_t>(count));
    std::vector<char> placed(static_cast<size_t>(count), 0);
    const auto place = [&](int vertex) {
        if (vertex >= 0 && placed[static_cast<size_t>(vertex)] == 0) {
            placed[static_cast<size_t>(vertex)] = 1;
            order.push_back(vertex);
        }
    };
    for (int face = 0; face < 6; ++face) {
        for (int d = 0; d < cells * cells; ++d) {
            int u = 0, v = 0;
            hilbertCell(cells, d, u, v);
            const Cell& cell = map[static_cast<size_t>((face * cells + u) * cells + v)];
            place(cell.start);
            for (const auto candidate : cell.candidates) {
                place(candidate);
            }
        }
    }
    for (int vertex = 0; vertex < count; ++vertex) {
        place(vertex);
    }
    return order;
}

} // namespace

/// Every cell's support vertex, each climb starting from the previous cell's answer (adjacent
/// cells have nearby support vertices), so the map costs a few climbing steps per cell, then
/// the start's neighbours that are not below it all over the cell. The map is built over the
/// original numbering, then the vertices are laid out in climb order (localityOrder) and the
/// cells renumbered.
void ConvexMesh::buildDirectionMap() {
    std::vector<int> identity(vertices_.size());
    std::iota(identity.begin(), identity.end(), 0);
    buildClimbLayout(identity);
    std::vector<MapCell<std::int32_t>> map(static_cast<size_t>(6 * kMapCells * kMapCells));
    int start = supportIndexLinear(Vec3::UnitX());
    double size = 0.0;
    for (const Vec3& v : vertices_) {
        size = std::max(size, v.norm());
    }
    const bool trusted = inTrustedRange(size);
    for (int face = 0; face < 6; ++face) {
        const int axis = face / 2;
        // the direction through the point (u, v) of the face, u and v in [-1, 1]
        const auto direction = [&](double u, double v) {
            Vec3 d;
            d[axis] = face % 2 == 0 ? 1.0 : -1.0;
            d[(axis + 1) % 3] = u;
            d[(axis + 2) % 3] = v;
            return d;
        };
        for (int u = 0; u < kMapCells; ++u) {
            for (int v = 0; v < kMapCells; ++v) {
                const Vec3 centre =
                    direction((2.0 * u + 1.0) / kMapCells - 1.0, (2.0 * v + 1.0) / kMapCells - 1.0);
                start = climb(centre, start);
                const double u0 = 2.0 * u / kMapCells - 1.0, u1 = 2.0 * (u + 1) / kMapCells - 1.0;
                const double v0 = 2.0 * v / kMapCells - 1.0, v1 = 2.0 * (v + 1) / kMapCells - 1.0;
                const std::array<Vec3, 4> corners{direction(u0, v0), direction(u0, v1),
                                                  direction(u1, v0), direction(u1, v1)};
                double major = 0.0;
                MapCell<std::int32_t>& cell =
                    map[static_cast<size_t>(mapCell(centre, kMapCells, major))];
                cell.start = start;
                cell.candidates.fill(kNone);
                int count = 0;
                for (int neighbor : neighbors(start)) {
                    if (trusted && isBelowInCone(start, neighbor, corners)) {
                        continue;
                    }
                    if (count == kCellCandidates) {
                        cell.candidates.fill(kEveryNeighbor);
                        break;
                    }
                    cell.candidates[static_cast<size_t>(count++)] = neighbor;
                }
            }
        }
    }
    const std::vector<int> order = localityOrder(map, static_cast<int>(vertices_.size()));
    buildClimbLayout(order);
    const std::vector<std::int32_t> rank = ranksOf(order);
    for (MapCell<std::int32_t>& cell : map) {
        cell.start = rank[static_cast<size_t>(cell.start)];
        for (std::int32_t& candidate : cell.candidates) {
            candidate = candidate >= 0 ? rank[static_cast<size_t>(candidate)] : candidate;
        }
    }
    if (vertices_.size() <= static_cast<size_t>(INT16_MAX)) {
        compactMap_.reserve(map.size());
        for (const MapCell<std::int32_t>& cell : map) {
            MapCell<std::int16_t>& compact = compactMap_.emplace_back();
            compact.start = static_cast<std::int16_t>(cell.start);
            for (size_t k = 0; k < cell.candidates.size(); ++k) {
                compact.candidates[k] = static_cast<std::int16_t>(cell.candidates[k]);
            }
        }
    } else {
        wideMap_ = std::move(map);
    }
}

/// Every direction of the cone spanned by the corners (both convex cones) is above `vertex`
/// rather than `neighbor` when every corner c has dot(c, vertex - neighbor) > 0. The margin,
/// relative to |c| (|vertex| + |neighbor|), is far above the rounding of the climb's dot products
/// (3 ulp of |d| |u|) and of mapCell's binning, so along any direction of the cell the climb
/// finds `neighbor` below `vertex`: skipping it cannot change an answer.
bool ConvexMesh::isBelowInCone(int vertex, int neighbor, const std::array<Vec3, 4>& corners) const {
    constexpr double kMargin = 1e-12;
    const Vec3& p = vertices_[vertex];
    const Vec3& q = vertices_[neighbor];
    const Vec3 edge = p - q;
    const double size = kMargin * (p.norm() + q.norm());
    return std::all_of(corners.begin(), corners.end(),
                       [&](const Vec3& corner) { return corner.dot(edge) > size * corner.norm(); });
}

/// Steepest-ascent hill climbing over the hull's edge graph. On a convex polytope a vertex
/// whose neighbours are all no better along `dir` is a global maximum, so the climb stops at
/// the support vertex; strict improvement makes it terminate on plateaus.
int ConvexMesh::climb(const Vec3& dir, int current) const {
    return climbFrom(dir, current, climbVertices_[static_cast<size_t>(current)].position.dot(dir));
}

int ConvexMesh::climbFrom(const Vec3& dir, int current, double best) const {
    const ClimbVertex* vertices = climbVertices_.data();
    const std::int32_t* neighbors = climbNeighbors_.data();
    while (true) {
        int next = current;
        const int end = vertices[current + 1].firstNeighbor;
        for (int k = vertices[current].firstNeighbor; k < end; ++k) {
            const int neighbor = neighbors[k];
            const double d = vertices[neighbor].position.dot(dir);
            if (d > best) {
                best = d;
                next = neighbor;
            }
        }
        if (next == current) {
            return current;
        }
        current = next;
    }
}

void ConvexMesh::buildClimbLayout(const std::vector<int>& order) {
    const std::vector<std::int32_t> rank = ranksOf(order);
    climbVertices_.clear();
    climbNeighbors_.clear();
    climbVertices_.reserve(order.size() + 1);
    climbNeighbors_.reserve(adjacency_.size());
    for (const int original : order) {
        ClimbVertex& record = climbVertices_.emplace_back();
        record.position = vertices_[static_cast<size_t>(original)];
        record.original = original;
        record.firstNeighbor = static_cast<std::int32_t>(climbNeighbors_.size());
        for (const int neighbor : neighbors(original)) {
            climbNeighbors_.push_back(rank[static_cast<size_t>(neighbor)]);
        }
    }
    ClimbVertex& sentinel = climbVertices_.emplace_back();
    sentinel.position = Vec3::Zero();
    sentinel.original = -1;
    sentinel.firstNeighbor = static_cast<std::int32_t>(climbNeighbors_.size());
}

double ConvexMesh::ownedCellShare() const {
    const auto owned = [](const auto& map) {
        return std::count_if(map.begin(), map.end(),
                             [](const auto& cell) { return cell.candidates[0] == kNone; });
    };
    const size_t cells = compactMap_.size() + wideMap_.size();
    return cells == 0 ? 0.0
                      : static_cast<double>(owned(compactMap_) + owned(wideMap_)) /
                            static_cast<double>(cells);
}

/// The climb starts from the cube-map cell of `dir`, whatever the hint: on the YCB hulls (300 to
/// 3300 vertices), with 16 cells per face side, it then takes 1.4 steps per call (1 is the
/// minimum: the final vertex's neighbours are all checked), against 8.3 from the previous call's
/// answer or the best of 14 axis and diagonal extremes (GJK's directions turn by large angles
/// between iterations). Starting from the better of the hint and the map's vertex costs two more
/// dot products and was slower on the YCB pairs (docs/solvers-optimization.md). A cell owned by
/// its vertex (33-74% of the cells of the YCB hulls) needs no climb at all; in the others the
/// first step looks at the neighbours the cell lists (1.9 at most on average per YCB hull)
/// instead of all (6 on average).
Vec3 ConvexMesh::support(const Vec3& dir, int& hint) const {
    int index = 0;
    if (!compactMap_.empty()) {
        index = supportIndex(compactMap_, dir);
    } else if (!wideMap_.empty()) {
        index = supportIndex(wideMap_, dir);
    } else {
        hint = supportIndexLinear(dir);
        return vertices_[static_cast<size_t>(hint)];
    }
    const ClimbVertex& vertex = climbVertices_[static_cast<size_t>(index)];
    hint = vertex.original;
    return vertex.position;
}

ConvexMesh::SupportLines ConvexMesh::supportLines(const Vec3& dir) const {
    const auto lines = [this, &dir](const auto& map) {
        double major = 0.0;
        const auto& cell = map[static_cast<size_t>(mapCell(dir, kMapCells, major))];
        return SupportLines{&cell, &climbVertices_[static_cast<size_t>(cell.start)]};
    };
    if (!compactMap_.empty()) {
        return lines(compactMap_);
    }
    return wideMap_.empty() ? SupportLines{} : lines(wideMap_);
}

template <typename Index>
int ConvexMesh::supportIndex(const std::vector<MapCell<Index>>& map, const Vec3& dir) const {
    double major = 0.0;
    const MapCell<Index>& cell = map[static_cast<size_t>(mapCell(dir, kMapCells, major))];
    const int start = cell.start;
    if (cell.candidates[0] == kEveryNeighbor || !inTrustedRange(major)) {
        return climb(dir, start);
    }
    if (cell.candidates[0] == kNone) {
        return start;
    }
    // the climb's first step over the listed neighbours only, in neighbour order
    const ClimbVertex* vertices = climbVertices_.data();
    double best = vertices[start].position.dot(dir);
    int next = start;
    for (const Index candidate : cell.candidates) {
        if (candidate == kNone) {
            break;
        }
        const double d = vertices[candidate].position.dot(dir);
        if (d > best) {
            best = d;
            next = candidate;
        }
    }
    return next == start ? start : climbFrom(dir, next, best);
}

} // namespace mk
