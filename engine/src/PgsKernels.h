#pragma once
/// \file PgsKernels.h
/// The packed PGS data (PackedBody, PackedContact) and the sweep kernels shared by the one-lane
/// sweeps of ContactSolver.cpp and the four-manifold sweep of PgsWide.cpp. Internal to the
/// engine. Every sum keeps the order of the Eigen 3.4 expression it replaces (ContactSolver.cpp).

#include "Prefetch.h"
#include "minkowski/engine/ContactSolver.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>

namespace mk::pgs {

/// Two doubles in one SSE2 register (GCC/Clang vector extension). The arithmetic is IEEE
/// lane by lane, so a lane computes exactly what the scalar expression computes.
using Pair = double __attribute__((vector_size(16)));

[[gnu::always_inline]] inline Pair splat(double x) {
    return Pair{x, x};
}

// Quads pass by value only between always-inline functions of this file, never across an ABI.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

/// Four doubles: a 3-vector and a fourth lane (one AVX register, two SSE2 ones).
using Quad = double __attribute__((vector_size(32)));
using QuadIndex = std::int64_t __attribute__((vector_size(32)));

/// Lanes I, J, K, L of (a, b): 0-3 pick a's lanes, 4-7 b's.
template <int I, int J, int K, int L> [[gnu::always_inline]] inline Quad mix(Quad a, Quad b) {
#if defined(__clang__)
    return __builtin_shufflevector(a, b, I, J, K, L);
#else
    return __builtin_shuffle(a, b, QuadIndex{I, J, K, L});
#endif
}

/// Lanes i, j, k, l of q.
template <int I, int J, int K, int L> [[gnu::always_inline]] inline Quad lanes(Quad q) {
    return mix<I, J, K, L>(q, q);
}

/// A body's velocities, inverse mass and inverse inertia, the whole of what a sweep reads of it
/// (160 bytes; the velocities alone are what the stopping test remembers, StillCheck). The inverse
/// inertia is stored as turned columns (PackedContact), so that I^-1 t sums as Eigen's Mat3 * Vec3
/// does. (alignas(32): outside AVX code GCC aligns a quad to 16 bytes only, and the AVX kernel's
/// aligned loads need 32.)
struct alignas(32) PackedVelocities {
    Quad linear;  ///< (v, 1/m) (unit: m/s, 1/kg)
    Quad angular; ///< (w, 0), world frame (unit: rad/s)
};
struct alignas(32) PackedBody : PackedVelocities {
    /// I^-1, world frame (unit: 1/(kg m^2)): (I00, I10, I21, 0), (I01, I11, I22, 0),
    /// (I02, I12, I20, 0).
    Quad inertiaTurned[3];
};

/// What a sweep reads and writes of a contact (256 bytes, one contiguous block of doubles),
/// from its SolverContact. The sweep works on the lever arms, not on the products [r]x R and
/// I^-1 [r]x R the set-up forms for G: v = R^T ((v_b - v_a + w_b x r_b) - w_a x r_a), and an
/// impulse p = R df turns the bodies by I^-1 (r x p), the inertia read from the body. Half the
/// bytes of the stored products (a large pile's sweep streams its points from memory) for
/// about the same arithmetic (docs/engine.md, "A smaller packed point"). R (multiplied
/// transposed) is stored by rows: component k of sum_i row_i x_i is
/// (m_0k x_0 + m_1k x_1) + m_2k x_2, Eigen's order. Products M x (R df, I^-1 t) are summed from
/// "turned" columns (m_00, m_10, m_21), (m_01, m_11, m_22), (m_02, m_12, m_20) against
/// (x_0, x_0, x_1), (x_1, x_1, x_2), (x_2, x_2, x_0): rows 0 and 1 left to right, row 2 as
/// (m_21 x_1 + m_22 x_2) + m_20 x_0, which is Eigen's m_20 x_0 + (m_21 x_1 + m_22 x_2). The AVX2
/// kernel loads each triple as a quad whose fourth lane is the next double, so every triple is
/// followed by a finite number (the last one by delassusThird) and fourth lanes are ignored.
struct alignas(64) PackedContact {
    double frameRows[9];        ///< R, row-major
    double leverB[3];           ///< r_b (unit: metre)
    double leverA[3];           ///< r_a (unit: metre)
    double delassusThird[2];    ///< (G(0,2), G(1,2)) (unit: 1/kg)
    double tangentInverse[3];   ///< ContactSetup::tangentInverse (unit: kg)
    double normalStep;          ///< w / G(2,2) (unit: kg)
    double tangentDiagonal[2];  ///< (G(0,0), G(1,1)) (unit: 1/kg)
    double tangentOffDiagonal;  ///< (G(0,1) + G(1,0)) / 2 (unit: 1/kg)
    double bias;                ///< (unit: m/s)
    double friction;            ///< mu
    double coneScale;           ///< 1 + mu^2
    double impulse[3];          ///< (f_t1, f_t2, f_n) (unit: N s)
    std::int32_t bodyA;
    std::int32_t bodyB;
};
static_assert(sizeof(PackedBody) == 160);
static_assert(sizeof(PackedContact) == 256);

/// Index of a PackedContact member among its doubles.
constexpr std::size_t doubleIndex(std::size_t byteOffset) {
    return byteOffset / sizeof(double);
}

/// The doubles of a PackedContact (all its members before the body indices).
inline constexpr std::size_t kContactDoubles = doubleIndex(offsetof(PackedContact, bodyA));

/// A 3x3 matrix of lanes, row-major: T is double, or Quad for four contacts side by side.
template <class T> struct LaneMat3 {
    T m[9];
    [[gnu::always_inline]] T& operator()(int i, int j) { return m[3 * i + j]; }
    [[gnu::always_inline]] const T& operator()(int i, int j) const { return m[3 * i + j]; }
};

/// a b, each entry summed in the order of Eigen 3.4's 3x3 product (SSE2: rows 0 and 1 as one
/// packet, row 2 apart): (a_i0 b_0j + a_i1 b_1j) + a_i2 b_2j in rows 0 and 1, a_20 b_0j +
/// (a_21 b_1j + a_22 b_2j) in row 2.
template <class T>
[[gnu::always_inline]] inline LaneMat3<T> times(const LaneMat3<T>& a, const LaneMat3<T>& b) {
    LaneMat3<T> out;
    for (int j = 0; j < 3; ++j) {
        for (int i = 0; i < 2; ++i) {
            out(i, j) = (a(i, 0) * b(0, j) + a(i, 1) * b(1, j)) + a(i, 2) * b(2, j);
        }
        out(2, j) = a(2, 0) * b(0, j) + (a(2, 1) * b(1, j) + a(2, 2) * b(2, j));
    }
    return out;
}

/// a^T b, each entry summed as Eigen 3.4 sums it: (a_0i b_0j + a_1i b_1j) + a_2i b_2j.
template <class T>
[[gnu::always_inline]] inline LaneMat3<T> transposeTimes(const LaneMat3<T>& a,
                                                         const LaneMat3<T>& b) {
    LaneMat3<T> out;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            out(i, j) = (a(0, i) * b(0, j) + a(1, i) * b(1, j)) + a(2, i) * b(2, j);
        }
    }
    return out;
}

/// [r]x as skew() writes it: its zeros take part in the product's sums, as they do in Eigen's.
template <class T> [[gnu::always_inline]] inline LaneMat3<T> skewLanes(const T (&r)[3]) {
    const T zero{};
    return {{zero, -r[2], r[1], r[2], zero, -r[0], -r[1], r[0], zero}};
}

/// ContactSetup lane by lane: T is double, or Quad for four contacts side by side (each lane
/// computes the double's operations in the same order, and -ffp-contract=off keeps FMAs out, so
/// the bits are the same).
template <class T> struct LaneSetup {
    LaneMat3<T> angularA, angularB, responseA, responseB, delassus;
    T tangentInverse[3];
    T tangentOffDiagonal; ///< (G(0,1) + G(1,0)) / 2 (unit: 1/kg)
};

/// A contact and what the set-up needs of its bodies, lane by lane (SolverContact's fields).
template <class T> struct LaneContact {
    T rA[3];
    T rB[3];
    LaneMat3<T> frame;
    LaneMat3<T> inertiaA; ///< I_a^-1, world frame
    LaneMat3<T> inertiaB;
    T inverseMassSum; ///< 1/m_a + 1/m_b
    T bias;
    T friction;
    T impulse[3];
};

/// contactSetup() on lanes: G = (1/m_a + 1/m_b) 1 + A_a^T I_a^-1 A_a + A_b^T I_b^-1 A_b with
/// A = [r]x R, summed as the Eigen 3.4 expression it replaces.
template <class T> [[gnu::always_inline]] inline LaneSetup<T> setUpLanes(const LaneContact<T>& c) {
    LaneSetup<T> k;
    k.angularA = times(skewLanes(c.rA), c.frame);
    k.angularB = times(skewLanes(c.rB), c.frame);
    k.responseA = times(c.inertiaA, k.angularA);
    k.responseB = times(c.inertiaB, k.angularB);
    const LaneMat3<T> ga = transposeTimes(k.angularA, k.responseA);
    const LaneMat3<T> gb = transposeTimes(k.angularB, k.responseB);
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) { // the identity's zeros are products too, as in Eigen
            const T identity = c.inverseMassSum * (i == j ? 1.0 : 0.0);
            k.delassus(i, j) = (identity + ga(i, j)) + gb(i, j);
        }
    }
    const LaneMat3<T>& g = k.delassus;
    const T g01 = 0.5 * (g(0, 1) + g(1, 0));
    const T det = g(0, 0) * g(1, 1) - g01 * g01;
    k.tangentInverse[0] = g(1, 1) / det;
    k.tangentInverse[1] = -g01 / det;
    k.tangentInverse[2] = g(0, 0) / det;
    k.tangentOffDiagonal = g01;
    return k;
}

/// Writes contact c between bodies a and b into `in` as set(member, x) for each double x: one
/// copy for both layouts, a LaneContact<double> (set assigns) and a lane of a LaneContact<Quad>
/// (set assigns that lane, PgsWide.cpp).
template <class T, class Set>
[[gnu::always_inline]] inline void fillLane(const SolverBody& a, const SolverBody& b,
                                            const SolverContact& c, LaneContact<T>& in, Set&& set) {
    for (int i = 0; i < 3; ++i) {
        set(in.rA[i], c.rA[i]);
        set(in.rB[i], c.rB[i]);
        set(in.impulse[i], c.impulse[i]);
        for (int j = 0; j < 3; ++j) {
            set(in.frame(i, j), c.frame(i, j));
            set(in.inertiaA(i, j), a.inverseInertia(i, j));
            set(in.inertiaB(i, j), b.inverseInertia(i, j));
        }
    }
    set(in.inverseMassSum, a.inverseMass + b.inverseMass);
    set(in.bias, c.bias);
    set(in.friction, c.friction);
}

/// The one-lane inputs of contact c between bodies a and b.
[[gnu::always_inline]] inline LaneContact<double>
laneContact(const SolverBody& a, const SolverBody& b, const SolverContact& c) {
    LaneContact<double> in;
    fillLane(a, b, c, in, [](double& member, double x) { member = x; });
    return in;
}

/// Every double of the PackedContact of contact c, set up as `k`, with
/// over-relaxation `w`, as put(i, x): x is its double i (T: double, or Quad for four contacts).
/// Written once for both layouts: a PackedContact, and the quads of a WidePoint (PgsWide.cpp).
template <class T, class Put>
[[gnu::always_inline]] inline void packContactDoubles(const LaneContact<T>& c,
                                                      const LaneSetup<T>& k, double w, Put&& put) {
    const auto rows = [&](const LaneMat3<T>& m, std::size_t first) {
        for (std::size_t i = 0; i < 9; ++i) {
            put(first + i, m.m[i]);
        }
    };
    rows(c.frame, doubleIndex(offsetof(PackedContact, frameRows)));
    const std::size_t leverB = doubleIndex(offsetof(PackedContact, leverB));
    const std::size_t leverA = doubleIndex(offsetof(PackedContact, leverA));
    for (std::size_t i = 0; i < 3; ++i) {
        put(leverB + i, c.rB[i]);
        put(leverA + i, c.rA[i]);
    }
    const LaneMat3<T>& g = k.delassus;
    const std::size_t third = doubleIndex(offsetof(PackedContact, delassusThird));
    put(third, g(0, 2));
    put(third + 1, g(1, 2));
    const std::size_t tangentInverse = doubleIndex(offsetof(PackedContact, tangentInverse));
    for (std::size_t i = 0; i < 3; ++i) {
        put(tangentInverse + i, k.tangentInverse[i]);
    }
    put(doubleIndex(offsetof(PackedContact, normalStep)), w / g(2, 2));
    const std::size_t diagonal = doubleIndex(offsetof(PackedContact, tangentDiagonal));
    put(diagonal, g(0, 0));
    put(diagonal + 1, g(1, 1));
    put(doubleIndex(offsetof(PackedContact, tangentOffDiagonal)), k.tangentOffDiagonal);
    put(doubleIndex(offsetof(PackedContact, bias)), c.bias);
    put(doubleIndex(offsetof(PackedContact, friction)), c.friction);
    put(doubleIndex(offsetof(PackedContact, coneScale)), 1.0 + c.friction * c.friction);
    const std::size_t impulse = doubleIndex(offsetof(PackedContact, impulse));
    for (std::size_t i = 0; i < 3; ++i) {
        put(impulse + i, c.impulse[i]);
    }
}

/// Writes every member of `c` (in place: a contact is 256 bytes, and building it on the stack
/// then copying it cost a clear and a copy per contact), set up from its bodies a and b.
inline void packContact(const SolverBody& a, const SolverBody& b, const SolverContact& s, double w,
                        PackedContact& c) {
    const LaneContact<double> in = laneContact(a, b, s);
    const LaneSetup<double> k = setUpLanes(in);
    auto* doubles = reinterpret_cast<double*>(&c);
    packContactDoubles(in, k, w, [doubles](std::size_t i, double x) { doubles[i] = x; });
    c.bodyA = s.bodyA;
    c.bodyB = s.bodyB;
}

/// A 3-vector as a pair and a third component: a contact-frame vector (tangential lanes and
/// normal component), or a world one in PairLanes' cross products.
struct FrameVector {
    Pair xy;
    double z = 0.0;
};

/// The quad at p[0..3], unaligned.
[[gnu::always_inline]] inline Quad quadAt(const double* p) {
    Quad q;
    __builtin_memcpy(&q, p, sizeof q);
    return q;
}

/// The pair at p[0..1], unaligned.
[[gnu::always_inline]] inline Pair pairAt(const double* p) {
    Pair q;
    __builtin_memcpy(&q, p, sizeof q);
    return q;
}

[[gnu::always_inline]] inline void setPair(double* p, Pair q) {
    __builtin_memcpy(p, &q, sizeof q);
}

/// The AVX2 kernel: a 3-vector in one register.
struct QuadLanes {
    /// sum_i m_i x_i over the triples m_i at m, m + 3, m + 6, x's lanes 0..2 broadcast.
    [[gnu::always_inline]] static Quad product(const double* m, Quad x) {
        return quadAt(m) * lanes<0, 0, 0, 0>(x) + quadAt(m + 3) * lanes<1, 1, 1, 1>(x) +
               quadAt(m + 6) * lanes<2, 2, 2, 2>(x);
    }

    /// x y, lanes 0-2 (Eigen's cross: x_1 y_2 - x_2 y_1, ...).
    [[gnu::always_inline]] static Quad cross(Quad x, Quad y) {
        return lanes<1, 2, 0, 3>(x) * lanes<2, 0, 1, 3>(y) -
               lanes<2, 0, 1, 3>(x) * lanes<1, 2, 0, 3>(y);
    }

    /// Velocity of b relative to a at the contact, in the contact frame, bias included.
    [[gnu::always_inline]] static FrameVector velocity(const PackedBody& a, const PackedBody& b,
                                                       const PackedContact& c) {
        const Quad u = ((b.linear - a.linear) + cross(b.angular, quadAt(c.leverB))) -
                       cross(a.angular, quadAt(c.leverA));
        const Quad v = product(c.frameRows, u);
        return {Pair{v[0], v[1]}, v[2] + c.bias};
    }

    /// (m_00 x_0 + m_01 x_1) + m_02 x_2, (...), (m_21 x_1 + m_22 x_2) + m_20 x_0 from turned
    /// columns t0, t1, t2 and f = (x_0, x_1, x_2, *).
    [[gnu::always_inline]] static Quad turnedProduct(Quad t0, Quad t1, Quad t2, Quad f) {
        return t0 * lanes<0, 0, 1, 1>(f) + t1 * lanes<1, 1, 2, 2>(f) + t2 * lanes<2, 2, 0, 0>(f);
    }

    /// q's lanes 0-2 with `keep`'s fourth lane (1/m, or w's unused lane).
    [[gnu::always_inline]] static Quad withLane3(Quad q, Quad keep) {
        return mix<0, 1, 2, 7>(q, keep);
    }

    /// Adds the contact-frame impulse `df` to b and its opposite to a.
    [[gnu::always_inline]] static void apply(PackedBody& a, PackedBody& b, const PackedContact& c,
                                             const FrameVector& df) {
        const Quad f{df.xy[0], df.xy[1], df.z, df.z};
        // R's turned columns from its rows: (R00 R10 R21), (R01 R11 R22), (R02 R12 R20).
        const Quad r0 = quadAt(c.frameRows);
        const Quad r1 = quadAt(c.frameRows + 3);
        const Quad r2 = quadAt(c.frameRows + 6);
        const Quad even = mix<0, 4, 2, 6>(r0, r1); // R00 R10 R02 R12
        const Quad odd = mix<1, 5, 3, 7>(r0, r1);  // R01 R11 R10 R20
        const Quad p = turnedProduct(mix<0, 1, 5, 3>(even, r2), mix<0, 1, 6, 3>(odd, r2),
                                     mix<2, 3, 4, 1>(even, r2), f);
        push<false>(a, p, quadAt(c.leverA));
        push<true>(b, p, quadAt(c.leverB));
    }

    /// Adds (Plus) or subtracts the impulse p at lever r to a body: p / m and I^-1 (r x p).
    template <bool Plus> [[gnu::always_inline]] static void push(PackedBody& body, Quad p, Quad r) {
        const Quad dv = lanes<3, 3, 3, 3>(body.linear) * p;
        const Quad* t = body.inertiaTurned;
        const Quad dw = turnedProduct(t[0], t[1], t[2], cross(r, p));
        body.linear = withLane3(Plus ? body.linear + dv : body.linear - dv, body.linear);
        body.angular = withLane3(Plus ? body.angular + dw : body.angular - dw, body.angular);
    }
};

/// The baseline kernel (SSE2, or whatever two-lane vectors the target has): lanes 0 and 1 as
/// a Pair, lane 2 apart. (GCC's lowering of the quads to SSE2 runs at half the speed of this.)
struct PairLanes {
    /// Lanes 0 and 1 of q.
    [[gnu::always_inline]] static Pair low(const Quad& q) {
        Pair p;
        __builtin_memcpy(&p, &q, sizeof p);
        return p;
    }

    [[gnu::always_inline]] static void setLow(Quad& q, Pair p) {
        __builtin_memcpy(&q, &p, sizeof p);
    }

    /// Lanes 0 and 1, and lane 2, of sum_i m_i x_i over the triples at m, m + 3, m + 6.
    [[gnu::always_inline]] static Pair productXY(const double* m, Pair xy, double z) {
        return pairAt(m) * splat(xy[0]) + pairAt(m + 3) * splat(xy[1]) + pairAt(m + 6) * splat(z);
    }
    [[gnu::always_inline]] static double productZ(const double* m, Pair xy, double z) {
        return m[2] * xy[0] + m[5] * xy[1] + m[8] * z;
    }

    /// x y of the 3-vectors x and y (Eigen's cross), lanes 0 and 1 and lane 2.
    [[gnu::always_inline]] static FrameVector cross(Pair xxy, double xz, Pair yxy, double yz) {
        const Pair x12{xxy[1], xz};
        const Pair x20{xz, xxy[0]};
        const Pair y20{yz, yxy[0]};
        const Pair y12{yxy[1], yz};
        return {x12 * y20 - x20 * y12, xxy[0] * yxy[1] - xxy[1] * yxy[0]};
    }

    [[gnu::always_inline]] static FrameVector velocity(const PackedBody& a, const PackedBody& b,
                                                       const PackedContact& c) {
        const FrameVector cb = cross(low(b.angular), b.angular[2], pairAt(c.leverB), c.leverB[2]);
        const FrameVector ca = cross(low(a.angular), a.angular[2], pairAt(c.leverA), c.leverA[2]);
        const Pair uxy = ((low(b.linear) - low(a.linear)) + cb.xy) - ca.xy;
        const double uz = ((b.linear[2] - a.linear[2]) + cb.z) - ca.z;
        FrameVector v;
        v.xy = productXY(c.frameRows, uxy, uz);
        v.z = productZ(c.frameRows, uxy, uz);
        v.z += c.bias;
        return v;
    }

    [[gnu::always_inline]] static void apply(PackedBody& a, PackedBody& b, const PackedContact& c,
                                             const FrameVector& df) {
        const double* r = c.frameRows;
        const double fx = df.xy[0];
        const double fy = df.xy[1];
        const Pair pxy = Pair{r[0], r[3]} * splat(fx) + Pair{r[1], r[4]} * splat(fy) +
                         Pair{r[2], r[5]} * splat(df.z);
        const double pz = r[7] * fy + r[8] * df.z + r[6] * fx;
        push<false>(a, pxy, pz, c.leverA);
        push<true>(b, pxy, pz, c.leverB);
    }

    /// Adds (Plus) or subtracts the impulse (pxy, pz) at lever r to a body: p / m and
    /// I^-1 (r x p).
    template <bool Plus>
    [[gnu::always_inline]] static void push(PackedBody& body, Pair pxy, double pz,
                                            const double* r) {
        const double m = body.linear[3];
        const Pair dvxy = splat(m) * pxy;
        const double dvz = m * pz;
        const FrameVector t = cross(pairAt(r), r[2], pxy, pz);
        const Quad* i = body.inertiaTurned;
        const Pair dwxy =
            low(i[0]) * splat(t.xy[0]) + low(i[1]) * splat(t.xy[1]) + low(i[2]) * splat(t.z);
        const double dwz = i[0][2] * t.xy[1] + i[1][2] * t.z + i[2][2] * t.xy[0];
        setLow(body.linear, Plus ? low(body.linear) + dvxy : low(body.linear) - dvxy);
        body.linear[2] = Plus ? body.linear[2] + dvz : body.linear[2] - dvz;
        setLow(body.angular, Plus ? low(body.angular) + dwxy : low(body.angular) - dwxy);
        body.angular[2] = Plus ? body.angular[2] + dwz : body.angular[2] - dwz;
    }
};

/// max(|x|, |y|, |z|) of a contact-frame vector.
[[gnu::always_inline]] inline double maxAbs(const FrameVector& f) {
    return std::max(std::max(std::abs(f.xy[0]), std::abs(f.xy[1])), std::abs(f.z));
}

/// Distance from v~ = (t, z) to the dual cone K* = {mu |t| <= z}: the projection onto a cone
/// {c|t| <= z} is v~ inside, 0 when (|t| + c z) <= 0, else (|t| + c z)/(1 + c^2) (t/|t|, c).
/// `s` is |t|, which the caller has already computed.
inline double dualConeDistance(const FrameVector& v, double s, const PackedContact& c) {
    const double mu = c.friction;
    if (mu * s <= v.z) {
        return 0.0;
    }
    const double along = (s + mu * v.z) / c.coneScale;
    if (along <= 0.0) {
        return std::sqrt(v.xy[0] * v.xy[0] + v.xy[1] * v.xy[1] + v.z * v.z);
    }
    const double radial = s - along; // |t - along * t/|t||
    const double axial = v.z - along * mu;
    return std::sqrt(radial * radial + axial * axial);
}

/// Sweep accumulators of the stopping criteria.
struct SweepResiduals {
    double complementarity = 0.0;
    double dualFeasibility = 0.0;
    double maxChange = 0.0;  ///< |f - f_prev|_inf over the sweep
    double maxImpulse = 0.0; ///< |f|_inf after the sweep

    /// Each field becomes the larger of the two (the residuals of a sweep split in parts).
    void mergeMaxima(const SweepResiduals& part) {
        complementarity = std::max(complementarity, part.complementarity);
        dualFeasibility = std::max(dualFeasibility, part.dualFeasibility);
        maxChange = std::max(maxChange, part.maxChange);
        maxImpulse = std::max(maxImpulse, part.maxImpulse);
    }
};

/// Residuals of contact c at the current iterate: impulse `f` and velocity `v` (bias included)
/// before c is updated, so that they see every other contact's latest impulse. (Measured after
/// c's own projection they would be zero by construction for a frictionless contact, whatever
/// the other contacts do; this is where the code departs from pinocchio's loop.)
[[gnu::always_inline]] inline void accumulateResiduals(const PackedContact& c, const FrameVector& f,
                                                       const FrameVector& v, SweepResiduals& r) {
    const double tangential = std::sqrt(v.xy[0] * v.xy[0] + v.xy[1] * v.xy[1]);
    // De Saxce correction v~ = v + [0, 0, mu |v_t|]
    const FrameVector corrected{v.xy, v.z + c.friction * tangential};
    const double work = f.xy[0] * v.xy[0] + f.xy[1] * v.xy[1] + f.z * corrected.z;
    r.complementarity = std::max(r.complementarity, std::abs(work));
    r.dualFeasibility = std::max(r.dualFeasibility, dualConeDistance(corrected, tangential, c));
}

/// Newton iterations of projectOntoDisk() at most (9 are the most measured, at cond(G_tt) =
/// 1000), and its stopping slack: |f| <= radius (1 + kDiskSlack).
inline constexpr int kDiskIterations = 16;
inline constexpr double kDiskSlack = 1e-13;
/// A disk whose radius is at most this fraction of |u| is a point to the projection: Newton's
/// first step, |u| / radius, would overflow for a vanishing normal impulse. u is scaled onto it
/// instead (the same point within radius).
inline constexpr double kDiskSmallest = 1e-12;

/// The projection in G_tt's metric of a block step `u` outside the Coulomb disk of `radius` > 0
/// onto it: argmin (f - u).G_tt (f - u) over |f| <= radius, i.e. f = (G_tt + lambda)^-1 G_tt u
/// with |f| = radius. Based on: Moré and Sorensen, "Computing a trust region step" (SIAM J. Sci.
/// Stat. Comput. 4, 1983): Newton on phi(lambda) = 1/|f(lambda)| - 1/radius, which is concave
/// and increasing, from lambda = 0 left of its root, so the iterates rise monotonically to it
/// (3 in the median); then f is scaled onto the circle. Departures: no safeguard, since G_tt is
/// positive definite (no hard case); f is carried as h = adj(G_tt + lambda) G_tt u = det f
/// (det = det(G_tt + lambda) > 0), so that phi = det / |h| - 1/radius, phi' = h.adj h / |h|^3,
/// the Newton step |h|^2 (|h| - radius det) / (radius h.adj h) and the stopping test
/// |h| <= radius det (1 + kDiskSlack) take one division an iteration instead of two (the
/// iterations are a chain of divisions and square roots). `n` is |u|. Each step is written as
/// the AVX2 kernel's lanes do it.
[[gnu::always_inline]] inline Pair projectOntoDisk(const PackedContact& c, Pair u, double n,
                                                   double radius) {
    const double g00 = c.tangentDiagonal[0];
    const double g11 = c.tangentDiagonal[1];
    const double g01 = c.tangentOffDiagonal;
    const double p0 = g00 * u[0] + g01 * u[1]; // G_tt u
    const double p1 = g01 * u[0] + g11 * u[1];
    double lambda = 0.0;
    double a = g00; // G_tt + lambda: (a, g01; g01, d)
    double d = g11;
    double det = a * d - g01 * g01;
    double h0 = det * u[0]; // at lambda = 0, h = det u
    double h1 = det * u[1];
    double norm = det * n; // |h|
    for (int k = 0; k < kDiskIterations && norm > radius * det * (1.0 + kDiskSlack); ++k) {
        const double m0 = d * h0 - g01 * h1; // adj(G_tt + lambda) h
        const double m1 = a * h1 - g01 * h0;
        lambda = lambda + (norm * norm) * (norm - radius * det) / (radius * (h0 * m0 + h1 * m1));
        a = g00 + lambda;
        d = g11 + lambda;
        det = a * d - g01 * g01;
        h0 = d * p0 - g01 * p1;
        h1 = a * p1 - g01 * p0;
        norm = std::sqrt(h0 * h0 + h1 * h1);
    }
    const double scale = radius / norm;
    return Pair{h0 * scale, h1 * scale};
}

/// Friction step of contact c from the tangent impulse `old` and tangential velocity `v`
/// (normal already updated, to `normal`): the exact minimiser of the kinetic energy over the
/// Coulomb disk, a block Gauss-Seidel step on the tangent pair. The block step
/// u = f_t - w G_tt^-1 v_t is taken when it lands inside the disk; otherwise its projection in
/// G_tt's metric (projectOntoDisk()). Scaling u back onto the disk instead, as this solver did
/// before, is not that projection: its fixed points have the slip along -G_tt f_t instead of
/// along -f_t, which breaks Coulomb's maximal dissipation whenever G_tt is anisotropic, and the
/// sweeps settled on that wrong friction (docs/engine.md, "The friction step's fixed point").
/// The projection's fixed points are exactly the sliding law (v_t = -s f_t, s >= 0), and for
/// w in (0, 2) it never gains energy (the projection's inequality against the old impulse, which
/// lies in the disk). A scalar step 1/min(G_00, G_11), as pinocchio's, diverges when
/// lambda_max(G_tt) > 2 min(G_00, G_11) (thin bodies, off-centre contacts) and pumps energy into
/// the bodies.
[[gnu::always_inline]] inline Pair frictionStep(const PackedContact& c, Pair v, Pair w, Pair old,
                                                double normal) {
    const double radius = c.friction * normal;
    // (G_tt^-1) v_t: columns (T00, T10) and (T01, T11) overlap in tangentInverse.
    const Pair step =
        pairAt(c.tangentInverse) * splat(v[0]) + pairAt(c.tangentInverse + 1) * splat(v[1]);
    const Pair t = old - w * step;
    const double n = std::sqrt(t[0] * t[0] + t[1] * t[1]);
    if (!(n > radius)) {
        return t;
    }
    if (!(radius > 0.0)) {
        return Pair{};
    }
    if (!(radius > kDiskSmallest * n)) {
        return t * splat(radius / n);
    }
    return projectOntoDisk(c, t, n, radius);
}

/// One projected Gauss-Seidel update of contact c (pinocchio's PGSConeProjectAndUpdate, with
/// the friction step of frictionStep).
template <class Lanes>
[[gnu::always_inline]] inline void updateContact(PackedBody& a, PackedBody& b, PackedContact& c,
                                                 Pair w, SweepResiduals& r) {
    FrameVector v = Lanes::velocity(a, b, c);
    const FrameVector old{pairAt(c.impulse), c.impulse[2]};
    accumulateResiduals(c, old, v, r);
    FrameVector f;
    f.z = std::max(0.0, old.z - c.normalStep * v.z);
    const double dz = f.z - old.z;
    v.xy += pairAt(c.delassusThird) * splat(dz); // v.z is not read again
    f.xy = frictionStep(c, v.xy, w, old.xy, f.z);
    const FrameVector df{f.xy - old.xy, dz};
    Lanes::apply(a, b, c, df);
    setPair(c.impulse, f.xy);
    c.impulse[2] = f.z;
    r.maxChange = std::max(r.maxChange, maxAbs(df));
    r.maxImpulse = std::max(r.maxImpulse, maxAbs(f));
}

/// Whether two contacts are points of one manifold: a run of consecutive contacts between the same
/// two bodies (PgsColours::starts), which one thread or lane sweeps in order.
inline bool sameManifold(const SolverContact& a, const SolverContact& b) {
    return a.bodyA == b.bodyA && a.bodyB == b.bodyB;
}

/// The bodies' velocities before a sweep, against which the stopping test measures how much the
/// sweep changed them (PgsSettings::velocityChangeTolerance). `bodies` are the first (the
/// solve's own) packed bodies, `before` as many, `solverBodies` the solve's, for their levers.
struct StillCheck {
    std::span<const PackedBody> bodies;
    std::span<PackedVelocities> before; ///< the bodies' velocities, not their inertias
    std::span<const SolverBody> solverBodies;

    void remember() const {
        for (std::size_t i = 0; i < bodies.size(); ++i) {
            before[i] = bodies[i]; // the velocities only
        }
    }

    /// Largest change since remember() of a body's linear velocity, or of its angular velocity
    /// times its lever, in any component (unit: m/s).
    [[nodiscard]] double change() const {
        double largest = 0.0;
        for (std::size_t i = 0; i < bodies.size(); ++i) {
            for (int k = 0; k < 3; ++k) {
                const double linear = std::abs(bodies[i].linear[k] - before[i].linear[k]);
                const double angular = std::abs(bodies[i].angular[k] - before[i].angular[k]);
                largest = std::max(largest, std::max(linear, solverBodies[i].lever * angular));
            }
        }
        return largest;
    }
};

/// The stopping test after sweep `it` with residuals `r` (ContactSolver.h): records them in
/// `result` and returns whether to stop. `previousMax` is |f|_inf before the sweep; it becomes
/// |f|_inf after it. The relative change counts only when the sweep also left every body's
/// velocity within PgsSettings::velocityChangeTolerance (`still`): |f|_inf is the whole pile's,
/// and a light body's impulses can change by much less than its fraction while it still slips.
inline bool stopAfterSweep(const SweepResiduals& r, int it, double& previousMax,
                           const PgsSettings& settings, const StillCheck& still,
                           PgsResult& result) {
    result.iterations = it + 1;
    result.complementarity = r.complementarity;
    result.dualFeasibility = r.dualFeasibility;
    const double scale = std::max(r.maxImpulse, previousMax);
    result.relativeChange = scale > 0.0 ? r.maxChange / scale : 0.0;
    const bool absolute =
        r.complementarity <= settings.tolerance && r.dualFeasibility <= settings.tolerance;
    bool relative = r.maxChange <= settings.relativeTolerance * scale;
    if (relative && !absolute) {
        result.velocityChange = still.change();
        relative = result.velocityChange <= settings.velocityChangeTolerance;
    }
    result.converged = absolute || relative;
    previousMax = r.maxImpulse;
    return result.converged;
}

/// Applies the warm-start impulses of `contacts` to their bodies; returns the largest of
/// `max` and their |f|_inf.
template <class Lanes>
[[gnu::always_inline]] inline double applyWarmStart(std::span<PackedBody> bodies,
                                                    std::span<PackedContact> contacts, double max) {
    for (PackedContact& c : contacts) {
        const FrameVector f{pairAt(c.impulse), c.impulse[2]};
        Lanes::apply(bodies[c.bodyA], bodies[c.bodyB], c, f);
        max = std::max(max, maxAbs(f));
    }
    return max;
}

/// Contacts ahead whose lines a sweep asks for: a large pile's contacts stream from memory,
/// and the hardware prefetcher alone keeps too few lines in flight (docs/engine.md,
/// "Streaming the sweeps").
inline constexpr std::size_t kContactsAhead = 4;

/// One Gauss-Seidel pass over `contacts`, in their order.
template <class Lanes>
[[gnu::always_inline]] inline void updateContacts(std::span<PackedBody> bodies,
                                                  std::span<PackedContact> contacts, Pair w,
                                                  SweepResiduals& r) {
    for (std::size_t i = 0; i < contacts.size(); ++i) {
        if (i + kContactsAhead < contacts.size()) {
            prefetchRange(&contacts[i + kContactsAhead], &contacts[i + kContactsAhead] + 1);
        }
        PackedContact& c = contacts[i];
        updateContact<Lanes>(bodies[c.bodyA], bodies[c.bodyB], c, w, r);
    }
}

/// The sweeps after a warm start whose impulses had |f|_inf = `warmStartMax`, to a stopping
/// criterion: `pass(r)` is one Gauss-Seidel pass over every contact, its residuals merged into
/// r; `still` remembers the bodies' velocities before each pass. (The pass must be
/// [[gnu::always_inline]]: inlined into a caller compiled for AVX2, it is compiled for AVX2.) No
/// contacts: no sweep.
template <class Pass>
[[gnu::always_inline]] inline PgsResult sweepAfterWarmStart(bool noContacts, double warmStartMax,
                                                            const PgsSettings& settings,
                                                            const StillCheck& still, Pass&& pass) {
    PgsResult result;
    if (noContacts) {
        return result;
    }
    double previousMax = warmStartMax;
    result.converged = false;
    still.remember();
    for (int it = 0; it < settings.maxIterations; ++it) {
        SweepResiduals r;
        pass(r);
        if (stopAfterSweep(r, it, previousMax, settings, still, result)) {
            break;
        }
        still.remember();
    }
    return result;
}

/// The warm start of `contacts`, then sweepAfterWarmStart() passing over them one at a time, in
/// their order.
template <class Lanes>
[[gnu::always_inline]] inline PgsResult
sweep(std::span<PackedBody> bodies, std::span<PackedContact> contacts, const PgsSettings& settings,
      const StillCheck& still) {
    const double warmStartMax = applyWarmStart<Lanes>(bodies, contacts, 0.0);
    const Pair w = splat(settings.overRelaxation);
    return sweepAfterWarmStart(
        contacts.empty(), warmStartMax, settings,
        still, [&](SweepResiduals & r) __attribute__((always_inline)) {
            updateContacts<Lanes>(bodies, contacts, w, r);
        });
}

} // namespace mk::pgs
