#pragma once
/// \file Epa.h
/// Expanding Polytope Algorithm (van den Bergen, "Proximity Queries and Penetration Depth
/// Computation on 3D Game Objects", GDC 2001; Bullet's btGjkEpa2 and coal's EPA follow the same
/// scheme): penetration depth, normal and witness points of two overlapping convex shapes, started
/// from GJK's terminal simplex.
///
/// Header-only template over any support type `S` with
/// `void support(const Vec3& dir, SupportPoint& out)` maximising dot(out.w, dir), w = a - b, all in
/// one frame (mk::MinkowskiDifference, or a point set in the tests).
///
/// Sign convention (Query.h: the normal points from A to B). Let d be the distance from the
/// origin to the boundary of A - B and n the outward unit normal of A - B at the boundary point
/// p = d n closest to the origin. Translating B by t turns A - B into (A - B) - t, which contains
/// the origin iff t is in A - B; the shortest t outside A - B is d n. So moving B by
/// depth * normal, with normal = n, brings the shapes to touching contact (a bit more separates
/// them). The witnesses satisfy pa - pb = depth * normal: pa is the deepest point of A inside B,
/// pb that of B inside A.
///
/// Robustness, against the known failures of the peers (coal's -DBL_MAX depth on ellipsoids at
/// 1e-10 and wrong face on cylinders; libccd #7 and FCL #319 on cylinders; FCL #395 zero-area
/// triangles; FCL #545 wrong normal on cubes): rank-deficient start simplices are grown to a
/// tetrahedron along directions orthogonal to their affine hull (as Bullet and coal do); faces are
/// only removed when the new point is above them by more than a rounding-level margin; new faces
/// are checked against an interior point (the polytope stays convex); the horizon must be a single
/// simple cycle; every failure ends with a status and the best estimate so far, never an assert or
/// a sentinel depth. Storage is fixed-capacity (Defaults.h) and per thread: allocated on a thread's
/// first query, reused after.

#include "minkowski/narrowphase/Defaults.h"
#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/PenetrationSeed.h"
#include "minkowski/narrowphase/detail/MinkowskiDifference.h"
#include "minkowski/narrowphase/detail/Simplex.h"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <limits>
#include <memory>
#include <string_view>

namespace mk {

struct EpaSettings {
    /// Absolute depth tolerance (unit: metre). EPA stops when the support along the closest face's
    /// normal is at most tolerance + relativeTolerance * scale beyond that face, where scale is the
    /// largest |w| among the polytope's vertices. The true depth then lies in
    /// [depth, depth + that threshold].
    double tolerance = defaults::kEpaTolerance;
    /// Expansion steps (support calls after the start tetrahedron is built). Also bounded by the
    /// storage: at most kEpaMaxVertices - 4 steps, then OutOfCapacity.
    int maxIterations = defaults::kEpaMaxIterations;
    /// Relative part of the threshold (dimensionless): keeps large shapes (Bullet #1703,
    /// 128 m boxes) from asking for digits that double precision does not have.
    double relativeTolerance = 1e-12;
};

/// How EPA ended. Every value leaves depth, normal and witnesses finite.
enum class EpaStatus : unsigned char {
    Converged,  ///< the support along the closest face's normal is within the threshold of it:
                ///< depth is exact to the threshold, normal and witnesses are those of that face
    Touching,   ///< the origin is on the boundary of A - B (depth within the threshold of 0),
                ///< or A - B is flat (rank < 3) and contains the origin: depth = 0; the normal is
                ///< the closest face's (for a flat A - B, a normal of its affine hull)
    Separated,  ///< the origin is outside A - B: a support value h(n) < -threshold proved a
                ///< separating plane (the start simplex did not enclose the origin); depth = 0,
                ///< normal = that n (B lies along +n from A)
    Degenerate, ///< the polytope could not grow (horizon not a simple cycle, a zero-area or
                ///< non-convex new face, non-finite support) or A - B is flat without the
                ///< origin: best estimate, see EpaOutput::depth
    MaxIterations, ///< settings.maxIterations expansions done: best estimate, see EpaOutput::depth
    OutOfCapacity, ///< kEpaMaxVertices or kEpaMaxFaces reached: best estimate (as MaxIterations)
    InvalidInput,  ///< simplex size outside [1, 4] or a non-finite point: nothing computed
    SeedRejected,  ///< epaWarm(): the seed is not a certificate at these poses (empty, a face
                   ///< turned away from the origin or too flat, a reflex edge, bad indices), or
                   ///< EPA from it did not converge: nothing reported, run epa() (cold)
};

[[nodiscard]] constexpr std::string_view name(EpaStatus s) {
    switch (s) {
    case EpaStatus::Converged:
        return "converged";
    case EpaStatus::Touching:
        return "touching";
    case EpaStatus::Separated:
        return "separated";
    case EpaStatus::Degenerate:
        return "degenerate";
    case EpaStatus::MaxIterations:
        return "max-iterations";
    case EpaStatus::OutOfCapacity:
        return "out-of-capacity";
    case EpaStatus::InvalidInput:
        return "invalid-input";
    case EpaStatus::SeedRejected:
        return "seed-rejected";
    }
    return "?";
}

struct EpaOutput {
    EpaStatus status = EpaStatus::InvalidInput;
    /// Penetration depth, >= 0 (unit: metre). Converged: the closest face's distance, within the
    /// threshold below the truth. MaxIterations, OutOfCapacity, Degenerate: depthUpperBound, the
    /// best *feasible* estimate (moving B by depth * normal brings the shapes to touching); for
    /// smooth shapes it is also by far the more accurate bound (its error is quadratic in the
    /// direction's error). Touching, Separated: 0.
    double depth = 0.0;
    /// Distance from the origin to the polytope's boundary: the truth is at least this when the
    /// start simplex enclosed the origin (unit: metre).
    double depthLowerBound = 0.0;
    /// Smallest support value h(n) = max over A - B of dot(w, n) among the directions n tried: the
    /// truth is at most this (unit: metre). +inf if no support was evaluated.
    double depthUpperBound = std::numeric_limits<double>::infinity();
    /// Unit outward normal of A - B at the closest face (Converged, Touching), the direction of
    /// depthUpperBound (best-estimate statuses) or a separating direction (Separated): move B by
    /// depth * normal to separate.
    Vec3 normal = Vec3::UnitX();
    /// Witness points of A and B (support's frame). Converged: pa - pb = depth * normal up to the
    /// threshold. Best-estimate statuses: the support points of A along normal and of B along
    /// -normal, so dot(pa - pb, normal) = depth.
    Vec3 pa = Vec3::Zero();
    Vec3 pb = Vec3::Zero();
    int iterations = 0; ///< expansion steps (support calls after the start tetrahedron)
};

/// Warm start of EPA across the queries of one pair (PenetrationSeed.h): where the final polytope
/// is kept, and the polytope to start from. The seed stores points of B in B's shape frame; the
/// frame change maps them into the support's frame: b = rotationB * pointB + translationB.
struct EpaWarmStart {
    const PenetrationSeed* seed = nullptr; ///< epaWarm(): the polytope to start from
    /// Converged and Touching ends store their final polytope here (compacted to the vertices of
    /// its live faces); other ends and polytopes of more than PenetrationSeed::kMaxVertices
    /// vertices leave it empty. May be the same object as seed. Null: nothing kept.
    PenetrationSeed* keep = nullptr;
    Mat3 rotationB = Mat3::Identity(); ///< B's shape frame -> the support's frame
    Vec3 translationB = Vec3::Zero();  ///< (unit: metre)
};

namespace epa_detail {

inline constexpr int kMaxVertices = defaults::kEpaMaxVertices;
inline constexpr int kMaxFaces = defaults::kEpaMaxFaces;
/// Points closer than this (relative to the scale) count as one; flatness threshold of growth.
inline constexpr double kRankTolerance = 1e-10;
/// Rounding-level margin of the visibility test, relative to the scale.
inline constexpr double kVisibilityMargin = 16.0 * DBL_EPSILON;
/// A triangle with |cross| below this times its longest edge squared has no reliable normal.
inline constexpr double kFlatTriangle = 1e-13;
/// A support point within this many thresholds of the closest face is checked against every
/// vertex (a repeated vertex cannot grow the polytope).
inline constexpr double kRepeatWindow = 16.0;
/// Up to this many live faces the closest one is found by a scan in slot order (cheaper than
/// keeping a heap on the 20-40 faces of typical overlaps); above it, by the heap.
inline constexpr int kScanFaces = 128;
/// Faces whose normals have at least this cosine count as coplanar for the witness search.
inline constexpr double kCoplanarCosine = 1.0 - 1e-9;

/// Barycentric coordinates of the point of triangle (a, b, c) closest to p (Ericson, Real-Time
/// Collision Detection, Sec. 5.1.5).
inline std::array<double, 3> closestOnTriangle(const Vec3& a, const Vec3& b, const Vec3& c,
                                               const Vec3& p) {
    const Vec3 ab = b - a, ac = c - a, ap = p - a;
    const double d1 = ab.dot(ap), d2 = ac.dot(ap);
    if (d1 <= 0 && d2 <= 0)
        return {1, 0, 0};
    const Vec3 bp = p - b;
    const double d3 = ab.dot(bp), d4 = ac.dot(bp);
    if (d3 >= 0 && d4 <= d3)
        return {0, 1, 0};
    const double vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) {
        const double v = d1 / (d1 - d3);
        return {1 - v, v, 0};
    }
    const Vec3 cp = p - c;
    const double d5 = ab.dot(cp), d6 = ac.dot(cp);
    if (d6 >= 0 && d5 <= d6)
        return {0, 0, 1};
    const double vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) {
        const double w = d2 / (d2 - d6);
        return {1 - w, 0, w};
    }
    const double va = d3 * d6 - d5 * d4;
    if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
        const double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        return {0, 1 - w, w};
    }
    const double sum = va + vb + vc;
    if (!(sum > 0))
        return {1.0 / 3, 1.0 / 3, 1.0 / 3}; // zero-area triangle: centroid
    const double v = vb / sum, w = vc / sum;
    return {1 - v - w, v, w};
}

/// Barycentric coordinates of the point of segment [a, b] closest to p.
inline std::array<double, 2> closestOnSegment(const Vec3& a, const Vec3& b, const Vec3& p) {
    const Vec3 ab = b - a;
    const double len2 = ab.squaredNorm();
    const double t = len2 > 0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
    return {1 - t, t};
}

/// The edge after and before edge e of a triangle (e + 1 and e + 2 modulo 3).
inline constexpr std::array<int, 3> kNextEdge{1, 2, 0};
inline constexpr std::array<int, 3> kPrevEdge{2, 0, 1};

/// Unit normal of the triangle with edges ab, bc, ca (counter-clockwise) and their squared lengths,
/// from the two edges at the vertex facing the longest edge (the best-conditioned cross product).
/// False when the triangle is too flat.
inline bool normalFromEdges(const Vec3& ab, const Vec3& bc, const Vec3& ca, double lab, double lbc,
                            double lca, Vec3& n) {
    Vec3 cross;
    double longest;
    if (lab >= lbc && lab >= lca) {
        cross = bc.cross(ca);
        longest = lab;
    } else if (lbc >= lca) {
        cross = ca.cross(ab);
        longest = lbc;
    } else {
        cross = ab.cross(bc);
        longest = lca;
    }
    const double len = cross.norm();
    if (!(len > kFlatTriangle * longest) || !std::isfinite(len))
        return false;
    n = cross / len;
    return true;
}

/// Unit normal of triangle (a, b, c), counter-clockwise (normalFromEdges()).
inline bool triangleNormal(const Vec3& a, const Vec3& b, const Vec3& c, Vec3& n) {
    const Vec3 ab = b - a, bc = c - b, ca = a - c;
    return normalFromEdges(ab, bc, ca, ab.squaredNorm(), bc.squaredNorm(), ca.squaredNorm(), n);
}

/// Plane of triangle (a, b, c), counter-clockwise: its unit normal n (triangleNormal()) and
/// d = n . centroid, the centroid's rounding being the smallest of the three vertices'. False
/// when the triangle is too flat.
inline bool facePlane(const Vec3& a, const Vec3& b, const Vec3& c, Vec3& n, double& d) {
    if (!triangleNormal(a, b, c, n))
        return false;
    d = n.dot((a + b + c) / 3.0);
    return true;
}

/// A (face, edge) pair: edge e of a face goes from v[e] to v[(e + 1) % 3]. Packed in one int,
/// face * 4 + edge, as Face::adj holds it: the flood fill pops what it pushed a few instructions
/// earlier, and a load of 8 bytes from two 4-byte stores cannot be forwarded from the store
/// buffer (a stall of a dozen cycles on every pop).
struct EdgeRef {
    int key;
    [[nodiscard]] int face() const { return key >> 2; }
    [[nodiscard]] int edge() const { return key & 3; }
};

/// Triangle of the polytope, counter-clockwise seen from outside (64 bytes: one cache line).
struct Face {
    Vec3 n;                 ///< unit outward normal
    double d;               ///< signed distance of the plane from the origin, dot(n, v)
    std::array<int, 3> v;   ///< vertex indices
    std::array<int, 3> adj; ///< across edge i (v[i] -> v[i+1]): neighbour face * 4 + its edge index
    int pass;               ///< == Polytope::pass_ while marked for removal
    int heapPos;            ///< position in the face heap (0 while scanned); -1 once removed
    [[nodiscard]] int adjFace(int e) const { return adj[e] >> 2; }
    [[nodiscard]] int adjEdge(int e) const { return adj[e] & 3; }
};

/// The planes of faces [0, count) over the vertices `w`: facePlane() of each into its n and d,
/// d also into dist[f]. False as soon as a face is too flat or does not have the origin
/// strictly behind it (d > 0): what a loaded seed must satisfy (Polytope::loadSeed()). Four
/// faces at a time on CPUs with AVX2, each lane computing facePlane()'s operations in their
/// order, so the bits are the same on every CPU (EpaFacePlanes.cpp).
bool seedFacePlanes(const Vec3* w, Face* faces, double* dist, int count);
/// seedFacePlanes() one face at a time: the path without AVX2, and the reference of the tests.
bool seedFacePlanesOneByOne(const Vec3* w, Face* faces, double* dist, int count);
/// Whether seedFacePlanes() takes four faces at a time on this CPU.
bool seedFacePlanesFourWide();

/// Convex polytope inside A - B. Its storage (kMaxVertices vertices, about 6 MB of address space,
/// touched only as far as a query grows) belongs to the thread (threadPolytope()) and is reused:
/// no allocation per query. Up to kScanFaces live faces the closest face is found by a linear scan;
/// beyond, the live faces go into an indexed binary heap ordered by (d, slot), so the closest face
/// is found in O(1) and kept in O(log F) per change (the scan made dense hulls quadratic); the slot
/// tie-break picks the same face as the scan in slot order, so both give the same answers.
class Polytope {
public:
    enum class Grow : unsigned char { Ok, Degenerate, OutOfFaces };

    Polytope()
        : w_(new Vec3[kMaxVertices]), a_(new Vec3[kMaxVertices]), b_(new Vec3[kMaxVertices]),
          faces_(new Face[kMaxFaces]), dist_(new double[kMaxFaces + kDistPadding]),
          free_(new int[kMaxFaces]), heap_(new int[kMaxFaces]), stack_(new EdgeRef[3 * kMaxFaces]),
          horizon_(new EdgeRef[3 * kMaxFaces]), removed_(new int[kMaxFaces]),
          mark_(new int[kMaxVertices]), start_(new int[kMaxVertices]),
          apex_(new Vec3[kMaxVertices]), apexLength2_(new double[kMaxVertices]),
          newN_(new Vec3[kMaxVertices]), newD_(new double[kMaxVertices]),
          newId_(new int[kMaxVertices]) {}

    /// Empties the polytope for a new query.
    void reset() {
        numVerts_ = numFree_ = heapSize_ = numLive_ = pass_ = 0;
        setFaceCount(0);
        heapMode_ = false;
        convexityPending_ = false;
        scale_ = 0.0;
    }

    [[nodiscard]] int numVertices() const { return numVerts_; }
    [[nodiscard]] double scale() const { return scale_; }
    [[nodiscard]] const Face& face(int f) const { return faces_[f]; }
    [[nodiscard]] const Vec3& w(int i) const { return w_[i]; }

    /// Appends a vertex; -1 when kMaxVertices are in use.
    int addVertex(const SupportPoint& p) {
        if (numVerts_ >= kMaxVertices)
            return -1;
        storeVertex(numVerts_, p.w, p.a, p.b);
        scale_ = std::max(scale_, p.w.norm());
        return numVerts_++;
    }
    void popVertex() { --numVerts_; }

    /// True if some vertex is within `tol` of w.
    [[nodiscard]] bool hasVertex(const Vec3& w, double tol) const {
        for (int i = 0; i < numVerts_; ++i) {
            if ((w_[i] - w).squaredNorm() <= tol * tol)
                return true;
        }
        return false;
    }

    [[nodiscard]] double visibilityMargin() const { return kVisibilityMargin * scale_; }

    /// The live face whose plane is nearest the origin (smallest d; the most negative when the
    /// origin is outside; the lowest slot among equals). -1 if there is none.
    [[nodiscard]] int closestFace() const {
        if (heapMode_)
            return heapSize_ > 0 ? heap_[0] : -1;
        // The smallest d by four independent minima (no branch per face; dist_ is padded with
        // +inf to a multiple of four), then the first slot holding it.
        const double* const dist = dist_.get();
        const int n = numFaces_;
        double m0 = kInf, m1 = kInf, m2 = kInf, m3 = kInf;
        for (int f = 0; f < n; f += 4) {
            m0 = std::min(m0, dist[f]);
            m1 = std::min(m1, dist[f + 1]);
            m2 = std::min(m2, dist[f + 2]);
            m3 = std::min(m3, dist[f + 3]);
        }
        const double m = std::min(std::min(m0, m1), std::min(m2, m3));
        if (!(m < kInf))
            return -1;
        int best = 0;
        while (dist[best] > m) // every d is >= m: "d > m" is "d != m" in one compare
            ++best;
        return best;
    }

    bool initTetrahedron();
    /// Loads a kept polytope into this empty one (reset()) at the current poses (its vertices
    /// moved with the bodies, at the seed's indices) and checks that it is a certificate: indices
    /// and adjacency consistent (a closed surface), every face with a reliable normal and the
    /// origin strictly behind it (d > 0). False (polytope unusable) otherwise. Convexity is left
    /// to confirmConvex(): the depth bracket does not need it, only the expansion and the
    /// witnesses do (epaWarm()).
    bool loadSeed(const PenetrationSeed& seed, const EpaWarmStart& frame);
    /// True when every edge is convex to the visibility margin. A polytope EPA built is convex
    /// by construction; a loaded one is checked here, and once it passes not again.
    bool confirmConvex();
    /// Stores the live faces and the vertices they use into `seed` (B's points in B's frame);
    /// false, with `seed` emptied, when they exceed its capacity.
    bool storeSeed(PenetrationSeed& seed, const EpaWarmStart& frame);
    Grow expand(int f, int vertex);
    /// Writes depth, normal and witnesses of face f (projection of the origin onto its plane,
    /// clamped to the triangle) and `status` into out. Returns the squared distance from that
    /// projection to the triangle the witnesses come from (0 up to rounding when convex).
    double finish(int f, EpaStatus status, EpaOutput& out) const;

private:
    /// Writes vertex slot i (w = a - b); the count and the scale are the caller's.
    void storeVertex(int i, const Vec3& w, const Vec3& a, const Vec3& b) {
        w_[i] = w;
        a_[i] = a;
        b_[i] = b;
        mark_[i] = 0;
    }
    /// Face slot f on vertices (a, b, c), out of the heap and unmarked; its plane and adjacency
    /// are the caller's.
    Face& openFace(int f, int a, int b, int c) {
        Face& face = faces_[f];
        face.v = {a, b, c};
        face.pass = 0;
        face.heapPos = -1;
        return face;
    }
    bool setFace(int f, int a, int b, int c);
    void floodFill(int f, const Vec3& w);
    bool horizonIsCycle(const Vec3& w);
    bool prepareNewFaces(const Vec3& w);
    void commitNewFaces(int vertex);

    static constexpr double kInf = std::numeric_limits<double>::infinity();
    static constexpr int kDistPadding = 4;
    /// Sets the high-water mark of faces_ and the +inf padding of dist_ after it.
    void setFaceCount(int n) {
        numFaces_ = n;
        std::fill(dist_.get() + n, dist_.get() + n + kDistPadding, kInf);
    }

    [[nodiscard]] bool before(int f, int g) const {
        return faces_[f].d < faces_[g].d || (faces_[f].d == faces_[g].d && f < g);
    }
    void place(int pos, int f) {
        heap_[pos] = f;
        faces_[f].heapPos = pos;
    }
    void siftUp(int pos, int f) {
        while (pos > 0) {
            const int parent = (pos - 1) / 2;
            if (!before(f, heap_[parent]))
                break;
            place(pos, heap_[parent]);
            pos = parent;
        }
        place(pos, f);
    }
    void siftDown(int pos, int f) {
        for (;;) {
            int child = 2 * pos + 1;
            if (child >= heapSize_)
                break;
            if (child + 1 < heapSize_ && before(heap_[child + 1], heap_[child]))
                ++child;
            if (!before(heap_[child], f))
                break;
            place(pos, heap_[child]);
            pos = child;
        }
        place(pos, f);
    }
    void heapPush(int f) { siftUp(heapSize_++, f); }
    void addLive(int f) {
        ++numLive_;
        if (heapMode_)
            heapPush(f);
        else
            faces_[f].heapPos = 0;
    }
    /// Moves the live faces into the heap once there are more than kScanFaces of them.
    void switchToHeapIfLarge() {
        if (heapMode_ || numLive_ <= kScanFaces)
            return;
        heapMode_ = true;
        heapSize_ = 0;
        for (int f = 0; f < numFaces_; ++f) {
            if (faces_[f].heapPos >= 0)
                heapPush(f);
        }
    }
    void heapRemove(int f) {
        const int pos = faces_[f].heapPos;
        faces_[f].heapPos = -1;
        const int last = heap_[--heapSize_];
        if (pos == heapSize_)
            return;
        if (pos > 0 && before(last, heap_[(pos - 1) / 2]))
            siftUp(pos, last);
        else
            siftDown(pos, last);
    }

    std::unique_ptr<Vec3[]> w_;
    std::unique_ptr<Vec3[]> a_;
    std::unique_ptr<Vec3[]> b_;
    int numVerts_ = 0;
    std::unique_ptr<Face[]> faces_;
    int numFaces_ = 0; ///< high-water mark of faces_
    /// Face::d of the live faces by slot, +inf for removed ones and for the kDistPadding slots
    /// from numFaces_ on (setFaceCount()): closestFace()'s scan reads 8 bytes a face instead of a
    /// cache line, four at a time.
    std::unique_ptr<double[]> dist_;
    std::unique_ptr<int[]> free_;
    int numFree_ = 0;
    std::unique_ptr<int[]> heap_; ///< live faces, a binary min-heap on (d, slot)
    int heapSize_ = 0;
    int numLive_ = 0;
    bool heapMode_ = false;        ///< the live faces are in heap_ (more than kScanFaces of them)
    bool convexityPending_ = false; ///< loaded by loadSeed(), convexity not yet confirmed
    Vec3 interior_ = Vec3::Zero(); ///< centroid of the start tetrahedron, inside forever
    double scale_ = 0.0;
    int pass_ = 0; ///< flood fills of this query (Face::pass and mark_ hold a pass number)
    // Scratch of expand().
    std::unique_ptr<EdgeRef[]> stack_;
    std::unique_ptr<EdgeRef[]> horizon_; ///< the horizon as a cycle walked backwards
    int numHorizon_ = 0;
    std::unique_ptr<int[]> removed_;
    int numRemoved_ = 0;
    std::unique_ptr<int[]> mark_;  ///< per vertex: == pass_ once it starts a horizon edge
    std::unique_ptr<int[]> start_; ///< per horizon edge: its vertex s (the new face is s, t, w)
    std::unique_ptr<Vec3[]> apex_; ///< per horizon edge: w - s, shared by two new faces
    std::unique_ptr<double[]> apexLength2_; ///< |w - s|^2
    std::unique_ptr<Vec3[]> newN_; ///< one per horizon edge: a simple cycle has <= V of them
    std::unique_ptr<double[]> newD_;
    std::unique_ptr<int[]> newId_;
};

/// The calling thread's polytope (created on its first EPA query, then reused).
inline Polytope& threadPolytope() {
    static thread_local Polytope polytope;
    polytope.reset();
    return polytope;
}

/// Computes the plane of face slot f from vertices (a, b, c); false if the triangle is too flat.
inline bool Polytope::setFace(int f, int a, int b, int c) {
    Face& face = openFace(f, a, b, c);
    if (!facePlane(w_[a], w_[b], w_[c], face.n, face.d))
        return false;
    dist_[f] = face.d;
    return true;
}

/// Triangles of the start tetrahedron on vertices 0..3, outward when (1 - 0) x (2 - 0) . (3 - 0)
/// >= 0 (then (0, 1, 2) faces vertex 3), and with their last two vertices swapped otherwise.
inline constexpr std::array<std::array<int, 3>, 4> kTetrahedron{
    {{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {0, 3, 2}}};

/// Adjacency (face * 4 + edge across, as Face::adj) of the tetrahedron's triangles.
constexpr std::array<std::array<int, 3>, 4> tetrahedronAdjacency(bool swapped) {
    std::array<std::array<int, 3>, 4> tris = kTetrahedron;
    if (swapped) {
        for (auto& t : tris) {
            const int x = t[1];
            t[1] = t[2];
            t[2] = x;
        }
    }
    std::array<std::array<int, 3>, 4> adj{};
    for (int f = 0; f < 4; ++f) {
        for (int e = 0; e < 3; ++e) {
            const int from = tris[f][e], to = tris[f][(e + 1) % 3];
            for (int g = 0; g < 4; ++g) {
                for (int k = 0; k < 3; ++k) {
                    if (tris[g][k] == to && tris[g][(k + 1) % 3] == from)
                        adj[f][e] = g * 4 + k;
                }
            }
        }
    }
    return adj;
}
inline constexpr std::array<std::array<std::array<int, 3>, 4>, 2> kTetrahedronAdjacency{
    tetrahedronAdjacency(false), tetrahedronAdjacency(true)};

/// Builds the four faces of the tetrahedron on vertices 0..3, oriented outward, and links them.
inline bool Polytope::initTetrahedron() {
    interior_ = (w_[0] + w_[1] + w_[2] + w_[3]) / 4.0;
    const double volume = (w_[1] - w_[0]).cross(w_[2] - w_[0]).dot(w_[3] - w_[0]);
    const bool swapped = volume < 0;
    setFaceCount(4);
    numFree_ = 0;
    for (int f = 0; f < 4; ++f) {
        const auto& t = kTetrahedron[f];
        if (!setFace(f, t[0], swapped ? t[2] : t[1], swapped ? t[1] : t[2]))
            return false;
        if (faces_[f].n.dot(interior_) - faces_[f].d >= 0)
            return false;
    }
    for (int f = 0; f < 4; ++f) {
        faces_[f].adj = kTetrahedronAdjacency[swapped ? 1 : 0][f];
        addLive(f);
    }
    return true;
}

inline bool Polytope::loadSeed(const PenetrationSeed& seed, const EpaWarmStart& frame) {
    const int nv = seed.numVertices, nf = seed.numFaces;
    if (nv < 4 || nv > PenetrationSeed::kMaxVertices || nf != 2 * nv - 4)
        return false;
    interior_ = Vec3::Zero();
    // addVertex() without its square root per vertex: sqrt is monotone and correctly rounded,
    // so the largest norm is the norm of the largest squared norm, to the bit
    double scale2 = 0.0;
    for (int i = 0; i < nv; ++i) {
        const Vec3 b = frame.rotationB * seed.pointB[i] + frame.translationB;
        const Vec3 w = seed.pointA[i] - b;
        if (!w.allFinite())
            return false;
        storeVertex(i, w, seed.pointA[i], b);
        scale2 = std::max(scale2, w.squaredNorm());
        interior_ += w;
    }
    numVerts_ = nv;
    scale_ = std::max(scale_, std::sqrt(scale2));
    interior_ /= nv;
    setFaceCount(nf);
    for (int f = 0; f < nf; ++f) {
        const auto& v = seed.faces[f];
        const auto& adj = seed.adjacent[f];
        for (int e = 0; e < 3; ++e) {
            if (v[e] >= nv || (adj[e] >> 2) >= nf)
                return false;
        }
        openFace(f, v[0], v[1], v[2]).adj = {adj[0], adj[1], adj[2]};
    }
    // d > 0: the origin is strictly behind every face (each is positively oriented seen from
    // it), what makes the faces' smallest d a lower bound of the depth
    if (!seedFacePlanes(w_.get(), faces_.get(), dist_.get(), nf))
        return false;
    for (int f = 0; f < nf; ++f) {
        const Face& face = faces_[f];
        for (int e = 0; e < 3; ++e) {
            const Face& g = faces_[face.adjFace(e)];
            const int k = face.adjEdge(e);
            const bool linked = k < 3 && g.adj[k] == f * 4 + e && g.v[k] == face.v[(e + 1) % 3] &&
                                g.v[(k + 1) % 3] == face.v[e];
            if (!linked)
                return false;
        }
        addLive(f);
    }
    convexityPending_ = true;
    return true;
}

inline bool Polytope::confirmConvex() {
    if (!convexityPending_)
        return true;
    const double margin = visibilityMargin();
    for (int f = 0; f < numFaces_; ++f) {
        const Face& face = faces_[f];
        for (int e = 0; e < 3; ++e) {
            const Face& g = faces_[face.adjFace(e)];
            if (face.n.dot(w_[g.v[(face.adjEdge(e) + 2) % 3]]) - face.d > margin)
                return false;
        }
    }
    convexityPending_ = false;
    return true;
}

inline bool Polytope::storeSeed(PenetrationSeed& seed, const EpaWarmStart& frame) {
    seed.clear();
    if (numLive_ > PenetrationSeed::kMaxFaces)
        return false;
    int* vertexId = mark_.get();  // scratch of expand() (addVertex resets it): old -> kept vertex
    int* faceId = removed_.get(); // old face slot -> kept face
    std::fill(vertexId, vertexId + numVerts_, -1);
    int nv = 0, nf = 0;
    for (int f = 0; f < numFaces_; ++f) {
        faceId[f] = -1;
        if (faces_[f].heapPos < 0)
            continue;
        faceId[f] = nf++;
        for (const int v : faces_[f].v) {
            if (vertexId[v] >= 0)
                continue;
            if (nv == PenetrationSeed::kMaxVertices)
                return false;
            vertexId[v] = nv++;
        }
    }
    if (nf != 2 * nv - 4)
        return false;
    const Mat3 toB = frame.rotationB.transpose();
    for (int i = 0; i < numVerts_; ++i) {
        if (vertexId[i] < 0)
            continue;
        seed.pointA[vertexId[i]] = a_[i];
        seed.pointB[vertexId[i]] = toB * (b_[i] - frame.translationB);
    }
    for (int f = 0; f < numFaces_; ++f) {
        if (faceId[f] < 0)
            continue;
        const Face& face = faces_[f];
        for (int e = 0; e < 3; ++e) {
            seed.faces[faceId[f]][e] = static_cast<std::uint8_t>(vertexId[face.v[e]]);
            seed.adjacent[faceId[f]][e] =
                static_cast<std::uint8_t>(faceId[face.adjFace(e)] * 4 + face.adjEdge(e));
        }
    }
    seed.numVertices = nv;
    seed.numFaces = nf;
    return true;
}

/// Marks every face visible from w that is connected to f through visible faces (f itself is
/// visible by the caller's test) and collects the horizon: the edges from a marked face to an
/// unmarked one, seen from the unmarked side. Iterative depth-first search on fixed storage that
/// turns the same way around every face (from the edge it entered by, to the edge before it, then
/// the one after), so the horizon of a disc of visible faces comes out in cycle order, walked
/// backwards: each edge ends where the previous one starts. (The hot loops of expand() work on
/// local copies of the members: stores through the int arrays could alias them.)
inline void Polytope::floodFill(int f, const Vec3& w) {
    const int pass = ++pass_;
    Face* const faces = faces_.get();
    EdgeRef* const stack = stack_.get();
    EdgeRef* const horizon = horizon_.get();
    int* const removed = removed_.get();
    int numRemoved = 0, numHorizon = 0, top = 0;
    const double margin = visibilityMargin();
    faces[f].pass = pass;
    removed[numRemoved++] = f;
    for (int e = 0; e < 3; ++e)
        stack[top++] = {faces[f].adj[e]};
    while (top > 0) {
        const EdgeRef cur = stack[--top];
        Face& g = faces[cur.face()];
        if (g.pass == pass)
            continue;
        if (g.n.dot(w) - g.d > margin) {
            g.pass = pass;
            removed[numRemoved++] = cur.face();
            stack[top++] = {g.adj[kNextEdge[cur.edge()]]};
            stack[top++] = {g.adj[kPrevEdge[cur.edge()]]};
        } else {
            horizon[numHorizon++] = cur;
        }
    }
    numRemoved_ = numRemoved;
    numHorizon_ = numHorizon;
}

/// True when the horizon is one simple cycle, the condition for the new faces to close the
/// polytope: in floodFill()'s order each edge ends where the previous one starts, and no vertex
/// starts two edges. (A visible region that is not a disc, e.g. a ring around a hidden face or
/// two discs touching at a vertex, breaks one of the two.) Fills start_, and apex_ and
/// apexLength2_ for the new apex w.
inline bool Polytope::horizonIsCycle(const Vec3& w) {
    const int h = numHorizon_;
    if (h < 3 || h > numVerts_)
        return false;
    const Face* const faces = faces_.get();
    const EdgeRef* const horizon = horizon_.get();
    const Vec3* const verts = w_.get();
    int* const mark = mark_.get();
    int* const start = start_.get();
    const int pass = pass_;
    int previous = faces[horizon[h - 1].face()].v[kNextEdge[horizon[h - 1].edge()]];
    for (int i = 0; i < h; ++i) {
        const Face& g = faces[horizon[i].face()];
        // The new face on this edge runs s -> t (the reverse of g's edge).
        const int s = g.v[kNextEdge[horizon[i].edge()]], t = g.v[horizon[i].edge()];
        if (t != previous || mark[s] == pass)
            return false;
        mark[s] = pass;
        start[i] = s;
        previous = s;
        apex_[i] = w - verts[s];
        apexLength2_[i] = apex_[i].squaredNorm();
    }
    return true;
}

/// Planes of the new faces (s_i, t_i, w), t_i = s_{i-1}; false if one is too flat or does not keep
/// the interior point behind it (the polytope would stop being convex). Two of a face's edges,
/// w - t_i and s_i - w, are apex edges shared with its neighbours: computed once per vertex.
inline bool Polytope::prepareNewFaces(const Vec3& w) {
    const int h = numHorizon_;
    const Vec3* const verts = w_.get();
    const int* const start = start_.get();
    const Vec3* const apex = apex_.get();
    const double* const apexLength2 = apexLength2_.get();
    Vec3* const newN = newN_.get();
    double* const newD = newD_.get();
    const Vec3 interior = interior_;
    for (int i = 0, prev = h - 1; i < h; prev = i++) {
        const Vec3& s = verts[start[i]];
        const Vec3& t = verts[start[prev]];
        const Vec3 ab = t - s, ca = -apex[i]; // bc = w - t = apex[prev]
        if (!normalFromEdges(ab, apex[prev], ca, ab.squaredNorm(), apexLength2[prev],
                             apexLength2[i], newN[i]))
            return false;
        newD[i] = newN[i].dot((s + t + w) / 3.0);
        if (newN[i].dot(interior) - newD[i] >= 0)
            return false;
    }
    return true;
}

/// Frees the removed faces and links one new face (s_i, t_i, vertex) per horizon edge: edge 0 to
/// the kept face across the horizon, edge 1 (t_i -> vertex) to the new face i - 1, edge 2
/// (vertex -> s_i) to the new face i + 1. Slots are reused as from a stack of free slots onto
/// which the removed faces were pushed in order: the last removed first, then the older free
/// slots, then fresh ones.
inline void Polytope::commitNewFaces(int vertex) {
    Face* const faces = faces_.get();
    double* const dist = dist_.get();
    int* const free = free_.get();
    int* const newId = newId_.get();
    const int* const removed = removed_.get();
    const int* const start = start_.get();
    const EdgeRef* const horizon = horizon_.get();
    const Vec3* const newN = newN_.get();
    const double* const newD = newD_.get();
    const int h = numHorizon_, numRemoved = numRemoved_;
    int numFree = numFree_, numFaces = numFaces_;
    for (int r = 0; r < numRemoved; ++r) {
        const int f = removed[r];
        if (heapMode_)
            heapRemove(f);
        faces[f].heapPos = -1;
        dist[f] = kInf; // out of closestFace()'s scan
    }
    numLive_ += h - numRemoved;
    int i = 0;
    for (; i < h && i < numRemoved; ++i)
        newId[i] = removed[numRemoved - 1 - i];
    for (int r = 0; r < numRemoved - h; ++r)
        free[numFree++] = removed[r];
    for (; i < h; ++i)
        newId[i] = numFree > 0 ? free[--numFree] : numFaces++;
    numFree_ = numFree;
    setFaceCount(numFaces);
    for (int j = 0, prev = h - 1; j < h; prev = j++) {
        const EdgeRef e = horizon[j];
        const int next = j + 1 < h ? j + 1 : 0;
        const int id = newId[j];
        Face& nf = faces[id];
        nf.v = {start[j], start[prev], vertex};
        nf.n = newN[j];
        nf.d = newD[j];
        dist[id] = newD[j];
        nf.pass = 0;
        nf.adj = {e.key, newId[prev] * 4 + 2, newId[next] * 4 + 1};
        nf.heapPos = 0; // live; placed in the heap below in heap mode
        faces[e.face()].adj[e.edge()] = id * 4;
    }
    if (heapMode_) {
        for (int j = 0; j < h; ++j)
            heapPush(newId[j]);
    }
    switchToHeapIfLarge();
}

/// Adds `vertex` (outside face f) to the polytope: removes the faces it sees, closes the hole with
/// a fan of new faces. On failure the polytope is left unchanged.
inline Polytope::Grow Polytope::expand(int f, int vertex) {
    const Vec3& w = w_[vertex];
    floodFill(f, w);
    const bool ok = horizonIsCycle(w) && prepareNewFaces(w);
    const bool fits = numFree_ + numRemoved_ + (kMaxFaces - numFaces_) >= numHorizon_;
    if (!ok || !fits) {
        for (int r = 0; r < numRemoved_; ++r)
            faces_[removed_[r]].pass = 0;
        return ok ? Grow::OutOfFaces : Grow::Degenerate;
    }
    commitNewFaces(vertex);
    return Grow::Ok;
}

inline double Polytope::finish(int f, EpaStatus status, EpaOutput& out) const {
    const Face& face = faces_[f];
    out.status = status;
    out.normal = face.n;
    const bool zero = status == EpaStatus::Touching || status == EpaStatus::Separated;
    out.depth = zero ? 0.0 : std::max(face.d, 0.0);
    out.depthLowerBound = std::max(face.d, 0.0);
    // The projection of the origin lies in the nearest face, but when coplanar triangles tie
    // (a box face is two of them) it may lie in a neighbour: take the witness from the nearly
    // coplanar face whose triangle is nearest to it.
    const Vec3 p = face.d * face.n;
    int best = f;
    std::array<double, 3> bestL{};
    double bestDist = std::numeric_limits<double>::infinity();
    for (int g = 0; g < numFaces_ && bestDist > 0; ++g) {
        if (faces_[g].heapPos < 0 || faces_[g].n.dot(face.n) < kCoplanarCosine)
            continue;
        const auto [i, j, k] = faces_[g].v;
        const auto l = closestOnTriangle(w_[i], w_[j], w_[k], p);
        const double dist = (l[0] * w_[i] + l[1] * w_[j] + l[2] * w_[k] - p).squaredNorm();
        if (dist < bestDist) {
            bestDist = dist;
            bestL = l;
            best = g;
        }
    }
    const auto [i, j, k] = faces_[best].v;
    out.pa = bestL[0] * a_[i] + bestL[1] * a_[j] + bestL[2] * a_[k];
    out.pb = bestL[0] * b_[i] + bestL[1] * b_[j] + bestL[2] * b_[k];
    return bestDist;
}

/// Start simplex reduced to an affinely independent set, then grown to a tetrahedron.
struct Start {
    std::array<SupportPoint, 4> p;
    int rank = -1; ///< p[0..rank] are affinely independent
    double scale = 0.0;
    [[nodiscard]] double tol() const { return kRankTolerance * scale; }
};

/// Distance of x from the line through a and b (a != b).
inline double distanceToLine(const Vec3& a, const Vec3& b, const Vec3& x) {
    const Vec3 u = (b - a).normalized();
    return (x - a).cross(u).norm();
}

/// Copies the simplex without duplicates; the scale is the largest |w|.
inline void gatherDistinct(const Simplex& simplex, Start& st, int& count) {
    for (int i = 0; i < simplex.size; ++i)
        st.scale = std::max(st.scale, simplex.points[i].w.norm());
    count = 0;
    for (int i = 0; i < simplex.size; ++i) {
        bool dup = false;
        for (int j = 0; j < count; ++j)
            dup = dup || (st.p[j].w - simplex.points[i].w).norm() <= st.tol();
        if (!dup)
            st.p[count++] = simplex.points[i];
    }
}

/// Among the triangles of 4 coplanar points, moves to p[0..2] the one whose closest point to the
/// origin is nearest (the triangles cover the quadrilateral, so one contains the origin's
/// projection when the hull does).
inline void pickTriangle(Start& st) {
    int bestSkip = 3;
    double best = std::numeric_limits<double>::infinity();
    for (int skip = 0; skip < 4; ++skip) {
        std::array<int, 3> t{};
        for (int i = 0, k = 0; i < 4; ++i)
            if (i != skip)
                t[k++] = i;
        Vec3 n;
        if (!triangleNormal(st.p[t[0]].w, st.p[t[1]].w, st.p[t[2]].w, n))
            continue;
        const auto l = closestOnTriangle(st.p[t[0]].w, st.p[t[1]].w, st.p[t[2]].w, Vec3::Zero());
        const double dist =
            (l[0] * st.p[t[0]].w + l[1] * st.p[t[1]].w + l[2] * st.p[t[2]].w).norm();
        if (dist < best - st.tol()) {
            best = dist;
            bestSkip = skip;
        }
    }
    if (bestSkip != 3)
        std::swap(st.p[bestSkip], st.p[3]);
}

/// Reorders st.p[0..count) so that p[0..rank] is an affinely independent subset whose hull holds
/// the origin whenever the whole set's hull does (extremes of a collinear set, the right triangle
/// of a coplanar quadruple).
inline void reduceToIndependent(Start& st, int count) {
    auto farthest = [&](int from, auto dist) {
        int best = from;
        double bestD = -1.0;
        for (int i = from; i < count; ++i) {
            const double d = dist(st.p[i].w);
            if (d > bestD) {
                bestD = d;
                best = i;
            }
        }
        std::swap(st.p[from], st.p[best]);
        return bestD;
    };
    st.rank = 0;
    if (count < 2 || farthest(1, [&](const Vec3& x) { return (x - st.p[0].w).norm(); }) <= st.tol())
        return;
    // The point farthest from any point of a collinear set is one of its ends; the point
    // farthest from that end is the other one.
    std::swap(st.p[0], st.p[1]);
    farthest(1, [&](const Vec3& x) { return (x - st.p[0].w).norm(); });
    st.rank = 1;
    if (count < 3 || farthest(2, [&](const Vec3& x) {
                         return distanceToLine(st.p[0].w, st.p[1].w, x);
                     }) <= st.tol())
        return;
    st.rank = 2;
    if (count < 4)
        return;
    Vec3 n = Vec3::Zero();
    if (!triangleNormal(st.p[0].w, st.p[1].w, st.p[2].w, n))
        return;
    if (std::abs(n.dot(st.p[3].w - st.p[0].w)) > st.tol()) {
        st.rank = 3;
        return;
    }
    pickTriangle(st);
}

/// A unit vector orthogonal to u (u non-zero).
inline Vec3 anyOrthogonal(const Vec3& u) {
    const Vec3 v = u.normalized();
    const Vec3 axis = std::abs(v.x()) < 0.57
                          ? Vec3::UnitX()
                          : (std::abs(v.y()) < 0.57 ? Vec3::UnitY() : Vec3::UnitZ());
    return v.cross(axis).normalized();
}

/// Adds to p[0..rank] the support point farthest from their affine hull among directions
/// orthogonal to it (+-x, +-y, +-z for a point). False when A - B is flat along all of them.
template <class S> bool growOnce(S& support, Start& st) {
    std::array<Vec3, 6> dirs;
    int numDirs = 0;
    const Vec3& p0 = st.p[0].w;
    if (st.rank == 0) {
        dirs = {Vec3::UnitX(),  -Vec3::UnitX(), Vec3::UnitY(),
                -Vec3::UnitY(), Vec3::UnitZ(),  -Vec3::UnitZ()};
        numDirs = 6;
    } else if (st.rank == 1) {
        const Vec3 e1 = anyOrthogonal(st.p[1].w - p0);
        const Vec3 e2 = (st.p[1].w - p0).normalized().cross(e1);
        dirs = {e1, -e1, e2, -e2, (e1 + e2).normalized(), -(e1 + e2).normalized()};
        numDirs = 6;
    } else {
        Vec3 n = Vec3::Zero();
        if (!triangleNormal(p0, st.p[1].w, st.p[2].w, n))
            return false;
        dirs[0] = n;
        dirs[1] = -n;
        numDirs = 2;
    }
    auto distance = [&](const Vec3& x) {
        if (st.rank == 0)
            return (x - p0).norm();
        if (st.rank == 1)
            return distanceToLine(p0, st.p[1].w, x);
        return std::abs(dirs[0].dot(x - p0));
    };
    SupportPoint best, cand;
    double bestD = -1.0;
    for (int i = 0; i < numDirs; ++i) {
        support.support(dirs[i], cand);
        if (!cand.w.allFinite())
            continue;
        st.scale = std::max(st.scale, cand.w.norm());
        const double d = distance(cand.w);
        if (d > bestD) {
            bestD = d;
            best = cand;
        }
    }
    if (!(bestD > st.tol()))
        return false;
    st.p[++st.rank] = best;
    return true;
}

/// Output for an A - B found flat (rank < 3): the closest point of the independent set to the
/// origin; Touching if it is the origin (within the tolerance), Degenerate otherwise.
inline void finishFlat(const Start& st, double threshold, EpaOutput& out) {
    std::array<double, 3> l{1, 0, 0};
    if (st.rank == 1) {
        const auto s = closestOnSegment(st.p[0].w, st.p[1].w, Vec3::Zero());
        l = {s[0], s[1], 0};
    } else if (st.rank == 2) {
        l = closestOnTriangle(st.p[0].w, st.p[1].w, st.p[2].w, Vec3::Zero());
    }
    Vec3 closest = Vec3::Zero();
    out.pa = out.pb = Vec3::Zero();
    for (int i = 0; i <= std::min(st.rank, 2); ++i) {
        closest += l[i] * st.p[i].w;
        out.pa += l[i] * st.p[i].a;
        out.pb += l[i] * st.p[i].b;
    }
    out.normal = Vec3::UnitX();
    if (st.rank == 1)
        out.normal = anyOrthogonal(st.p[1].w - st.p[0].w);
    if (st.rank == 2)
        triangleNormal(st.p[0].w, st.p[1].w, st.p[2].w, out.normal);
    out.depth = 0.0;
    out.status = closest.norm() <= threshold ? EpaStatus::Touching : EpaStatus::Degenerate;
}

/// Depth threshold of the termination test for a polytope of the given scale.
inline double threshold(const EpaSettings& settings, double scale) {
    return std::max(settings.tolerance + settings.relativeTolerance * scale,
                    4.0 * kVisibilityMargin * scale);
}

/// Builds the start tetrahedron into `poly`; false (with `out` filled) when A - B is flat or the
/// tetrahedron is unusable.
template <class S>
bool buildStart(S& support, const Simplex& simplex, const EpaSettings& settings, Polytope& poly,
                EpaOutput& out) {
    Start st;
    int count = 0;
    gatherDistinct(simplex, st, count);
    reduceToIndependent(st, count);
    while (st.rank < 3) {
        if (!growOnce(support, st)) {
            finishFlat(st, threshold(settings, st.scale), out);
            return false;
        }
    }
    for (const SupportPoint& p : st.p)
        poly.addVertex(p);
    if (!poly.initTetrahedron()) {
        st.rank = 2;
        finishFlat(st, threshold(settings, st.scale), out);
        out.status = EpaStatus::Degenerate;
        return false;
    }
    return true;
}

/// For the statuses that stop before convergence: the best feasible estimate, the smallest
/// support value seen and its direction, replaces the face's lower bound.
inline void useUpperBound(const SupportPoint& best, const Vec3& bestDir, EpaOutput& out) {
    if (!std::isfinite(out.depthUpperBound) || out.depthUpperBound < out.depthLowerBound)
        return;
    out.depth = out.depthUpperBound;
    out.normal = bestDir;
    out.pa = best.a;
    out.pb = best.b;
}

/// The expansion loop: split the face nearest the origin until the support along its normal
/// is within the threshold of it.
template <class S>
void expandLoop(S& support, Polytope& poly, const EpaSettings& settings, EpaOutput& out) {
    SupportPoint best;
    Vec3 bestDir = Vec3::UnitX();
    auto stop = [&](int f, EpaStatus status) {
        const double gap2 = poly.finish(f, status, out);
        // A loaded seed not yet known to be convex (Polytope::confirmConvex()) proves the depth
        // bracket, but its witnesses need the origin's projection inside the face.
        const double margin = poly.visibilityMargin();
        if (gap2 > margin * margin && !poly.confirmConvex())
            out.status = status = EpaStatus::Degenerate;
        if (status == EpaStatus::MaxIterations || status == EpaStatus::OutOfCapacity ||
            status == EpaStatus::Degenerate) {
            useUpperBound(best, bestDir, out);
        }
    };
    for (int it = 0; it < settings.maxIterations; ++it) {
        const int f = poly.closestFace();
        const Face& face = poly.face(f);
        SupportPoint s;
        support.support(face.n, s);
        out.iterations = it + 1;
        if (!s.w.allFinite())
            return stop(f, EpaStatus::Degenerate);
        const double h = s.w.dot(face.n);
        if (h < out.depthUpperBound) {
            out.depthUpperBound = h;
            bestDir = face.n;
            best = s;
        }
        const double thr = threshold(settings, std::max(poly.scale(), s.w.norm()));
        if (h < -thr)
            return stop(f, EpaStatus::Separated);
        // A support point that is already a vertex ends the search; only near the threshold can
        // it be one (the polytope is convex to rounding), so the O(V) scan runs only there.
        const bool mayRepeat = h - face.d <= kRepeatWindow * thr;
        if (h - face.d <= thr || (mayRepeat && poly.hasVertex(s.w, poly.visibilityMargin()))) {
            return stop(f, face.d <= thr ? EpaStatus::Touching : EpaStatus::Converged);
        }
        if (!poly.confirmConvex()) // the horizon walk needs a convex polytope
            return stop(f, EpaStatus::Degenerate);
        const int v = poly.addVertex(s);
        if (v < 0)
            return stop(f, EpaStatus::OutOfCapacity);
        const Polytope::Grow grown = poly.expand(f, v);
        if (grown != Polytope::Grow::Ok) {
            poly.popVertex();
            return stop(f, grown == Polytope::Grow::OutOfFaces ? EpaStatus::OutOfCapacity
                                                               : EpaStatus::Degenerate);
        }
    }
    stop(poly.closestFace(), EpaStatus::MaxIterations);
}

/// Stores the final polytope into warm.keep after a Converged or Touching end of the expansion
/// loop; empties it after any other end.
inline void keepPolytope(Polytope& poly, const EpaOutput& out, const EpaWarmStart& warm) {
    if (warm.keep == nullptr)
        return;
    if (out.status == EpaStatus::Converged || out.status == EpaStatus::Touching)
        poly.storeSeed(*warm.keep, warm);
    else
        warm.keep->clear();
}

} // namespace epa_detail

/// Penetration depth of A and B from GJK's terminal simplex (1 to 4 points of A - B enclosing or
/// touching the origin). See the file comment for the conventions and EpaStatus for the outcomes.
/// Allocates only on the calling thread's first query (threadPolytope()); bounded by
/// settings.maxIterations and the capacities of Defaults.h. Only warm.keep of `warm` is used: the
/// final polytope is kept there for epaWarm() on the pair's next query.
template <class S>
EpaOutput epa(S& support, const Simplex& simplex, const EpaSettings& settings = {},
              const EpaWarmStart& warm = {}) {
    EpaOutput out;
    if (warm.keep != nullptr)
        warm.keep->clear();
    if (simplex.size < 1 || simplex.size > 4)
        return out;
    for (int i = 0; i < simplex.size; ++i) {
        if (!simplex.points[i].w.allFinite())
            return out;
    }
    epa_detail::Polytope& poly = epa_detail::threadPolytope();
    if (!epa_detail::buildStart(support, simplex, settings, poly, out))
        return out;
    epa_detail::expandLoop(support, poly, settings, out);
    epa_detail::keepPolytope(poly, out, warm);
    return out;
}

/// Warm-started penetration: EPA from the polytope an earlier query of the pair kept
/// (warm.seed, PenetrationSeed.h), its vertices moved with the bodies, instead of from GJK's
/// simplex; no GJK is needed, the seed itself proves the overlap. Based on: the EPA of epa()
/// (van den Bergen 2001); the departure is the start polytope. EPA's certificate only needs a
/// polytope inside A - B whose faces all have the origin strictly behind them: every ray from the
/// origin then meets a face at a distance of at least that face's d, so the smallest d bounds the
/// depth from below, and the support along the closest face's normal bounds it from above, as in
/// a cold run. loadSeed() checks that at the current poses; convex edges, which keep the
/// projection of the origin inside the closest face and the expansion well-defined, are checked
/// only when EPA must expand or that projection falls outside the face. Answers
/// therefore agree with epa() to the threshold of EpaSettings (both bracket the same depth);
/// on polytopes both end on the exact face. Returns SeedRejected (nothing computed, warm.keep
/// untouched) when the seed is empty or not a certificate, or when the expansion from it ends
/// other than Converged or Touching: the caller then runs GJK and epa().
template <class S>
EpaOutput epaWarm(S& support, const EpaSettings& settings, const EpaWarmStart& warm) {
    EpaOutput out;
    out.status = EpaStatus::SeedRejected;
    if (warm.seed == nullptr || warm.seed->empty())
        return out;
    epa_detail::Polytope& poly = epa_detail::threadPolytope();
    if (!poly.loadSeed(*warm.seed, warm))
        return out;
    epa_detail::expandLoop(support, poly, settings, out);
    if (out.status != EpaStatus::Converged && out.status != EpaStatus::Touching) {
        out = EpaOutput{};
        out.status = EpaStatus::SeedRejected;
        return out;
    }
    // Ended at the first support call: the polytope is the seed's, whose points already move
    // with the bodies; storing it again would only round them.
    if (out.iterations > 1 || warm.keep != warm.seed)
        epa_detail::keepPolytope(poly, out, warm);
    return out;
}

} // namespace mk
