/// \file EpaFacePlanes.cpp
/// The face planes of a loaded penetration seed (seedFacePlanes(), Epa.h), four faces at a time
/// on CPUs with AVX2. A warm-started penetration query that ends at its first support call (98.6%
/// of them in the crowded funnel) spends most of its time loading the seed, and there most of it
/// in the square root and four divisions of each face's plane: the lanes share them. Every lane
/// computes facePlane()'s operations in facePlane()'s order (Eigen 3.4's: sums left to right,
/// the cross product's terms as Eigen's cross()), with no fused multiply-add (the build has
/// -ffp-contract=off), so the bits are the one-by-one path's (tests: SeedFacePlanes).

#include "minkowski/narrowphase/detail/Epa.h"

#include <cfloat>
#include <cstdint>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace mk::epa_detail {

bool seedFacePlanesOneByOne(const Vec3* w, Face* faces, double* dist, int count) {
    for (int f = 0; f < count; ++f) {
        Face& face = faces[f];
        if (!facePlane(w[face.v[0]], w[face.v[1]], w[face.v[2]], face.n, face.d) || !(face.d > 0.0))
            return false;
        dist[f] = face.d;
    }
    return true;
}

#if defined(__x86_64__)
namespace {

// Quads pass by value only between always-inline functions of this file, never across an ABI.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

/// One double of four faces; the arithmetic is IEEE lane by lane (GCC/Clang vector extension).
using Quad = double __attribute__((vector_size(32)));
using QuadMask = std::int64_t __attribute__((vector_size(32)));

/// A 3-vector of four faces.
struct Quad3 {
    Quad x, y, z;
};

[[gnu::target("avx2"), gnu::always_inline]] inline Quad3 operator-(const Quad3& p, const Quad3& q) {
    return {p.x - q.x, p.y - q.y, p.z - q.z};
}

/// Eigen's squaredNorm(): (x x + y y) + z z.
[[gnu::target("avx2"), gnu::always_inline]] inline Quad squaredNorm(const Quad3& p) {
    return (p.x * p.x + p.y * p.y) + p.z * p.z;
}

/// Eigen's u.cross(v).
[[gnu::target("avx2"), gnu::always_inline]] inline Quad3 cross(const Quad3& u, const Quad3& v) {
    return {u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
}

/// yes where `mask`, no elsewhere.
[[gnu::target("avx2"), gnu::always_inline]] inline Quad select(QuadMask mask, Quad yes, Quad no) {
    return Quad(_mm256_blendv_pd(__m256d(no), __m256d(yes), __m256d(mask)));
}

[[gnu::target("avx2"), gnu::always_inline]] inline Quad3 select(QuadMask mask, const Quad3& yes,
                                                                const Quad3& no) {
    return {select(mask, yes.x, no.x), select(mask, yes.y, no.y), select(mask, yes.z, no.z)};
}

/// Corner `corner` of faces[0..3].
[[gnu::target("avx2"), gnu::always_inline]] inline Quad3 corners(const Vec3* w, const Face* faces,
                                                                 int corner) {
    Quad3 q;
    for (int l = 0; l < 4; ++l) {
        const Vec3& p = w[faces[l].v[static_cast<std::size_t>(corner)]];
        q.x[l] = p.x();
        q.y[l] = p.y();
        q.z[l] = p.z();
    }
    return q;
}

/// facePlane() and the d > 0 test of faces[0..3]; false when one of them fails.
[[gnu::target("avx2")]] bool fourFacePlanes(const Vec3* w, Face* faces, double* dist) {
    const Quad3 a = corners(w, faces, 0);
    const Quad3 b = corners(w, faces, 1);
    const Quad3 c = corners(w, faces, 2);
    // normalFromEdges(): the cross product of the two edges at the corner facing the longest
    const Quad3 ab = b - a, bc = c - b, ca = a - c;
    const Quad lab = squaredNorm(ab), lbc = squaredNorm(bc), lca = squaredNorm(ca);
    const QuadMask first = (lab >= lbc) & (lab >= lca);
    const QuadMask second = ~first & (lbc >= lca);
    const Quad3 u = select(first, bc, select(second, ca, ab));
    const Quad3 v = select(first, ca, select(second, ab, bc));
    const Quad longest = select(first, lab, select(second, lbc, lca));
    const Quad3 m = cross(u, v);
    const Quad len = Quad(_mm256_sqrt_pd(__m256d(squaredNorm(m))));
    const Quad flat = Quad{} + kFlatTriangle;
    const Quad largest = Quad{} + DBL_MAX;
    const Quad3 n{m.x / len, m.y / len, m.z / len};
    const Quad third = Quad{} + 3.0;
    const Quad3 centroid{((a.x + b.x) + c.x) / third, ((a.y + b.y) + c.y) / third,
                         ((a.z + b.z) + c.z) / third};
    const Quad d = (n.x * centroid.x + n.y * centroid.y) + n.z * centroid.z;
    // !(len > flat * longest) || !isfinite(len), or !(d > 0), in any lane
    const QuadMask ok = (len > flat * longest) & (len <= largest) & (d > Quad{});
    if (_mm256_movemask_pd(__m256d(ok)) != 0xF)
        return false;
    for (int l = 0; l < 4; ++l) {
        faces[l].n = Vec3(n.x[l], n.y[l], n.z[l]);
        faces[l].d = d[l];
        dist[l] = d[l];
    }
    return true;
}

} // namespace
#endif

bool seedFacePlanesFourWide() {
#if defined(__x86_64__)
    static const bool avx2 = __builtin_cpu_supports("avx2");
    return avx2;
#else
    return false;
#endif
}

bool seedFacePlanes(const Vec3* w, Face* faces, double* dist, int count) {
    int f = 0;
#if defined(__x86_64__)
    if (seedFacePlanesFourWide()) {
        for (; f + 4 <= count; f += 4) {
            if (!fourFacePlanes(w, faces + f, dist + f))
                return false;
        }
    }
#endif
    return seedFacePlanesOneByOne(w, faces + f, dist + f, count - f);
}

} // namespace mk::epa_detail
