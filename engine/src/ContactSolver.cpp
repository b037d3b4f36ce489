/// \file ContactSolver.cpp
/// Projected Gauss-Seidel with Coulomb disks and pinocchio's stopping criteria.
///
/// The sweeps run on packed copies (PackedBody, PackedContact) of what they read, with vector
/// arithmetic: four lanes (a 3-vector per AVX register) where the CPU has AVX2, else two
/// (PairLanes). Every sum keeps the order of the Eigen 3.4 expression it replaces, so that the
/// solve computes the same bits as the formulation on SolverBody/SolverContact (the reference in
/// test_contact_solver_reference.cpp, and the pinned state hashes): M^T x as
/// (m_0j x_0 + m_1j x_1) + m_2j x_2 in every component, M x the same in rows 0 and 1 but
/// m_20 x_0 + (m_21 x_1 + m_22 x_2) in row 2 (Eigen's packet path, then its scalar reduction).

#include "minkowski/engine/ContactSolver.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace mk {
namespace {

Mat3 skew(const Vec3& r) {
    Mat3 s;
    s << 0.0, -r.z(), r.y(), r.z(), 0.0, -r.x(), -r.y(), r.x(), 0.0;
    return s;
}

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

/// Lanes i, j, k, l of q.
template <int I, int J, int K, int L> [[gnu::always_inline]] inline Quad lanes(Quad q) {
#if defined(__clang__)
    return __builtin_shufflevector(q, q, I, J, K, L);
#else
    return __builtin_shuffle(q, QuadIndex{I, J, K, L});
#endif
}

/// A body's velocities and inverse mass, the whole of what a sweep reads of it (64 bytes).
/// (alignas(32) on both packed types: outside AVX code GCC aligns a quad to 16 bytes only, and
/// the AVX kernel's aligned loads need 32.)
struct alignas(32) PackedBody {
    Quad linear;  ///< (v, 1/m) (unit: m/s, 1/kg)
    Quad angular; ///< (w, 0), world frame (unit: rad/s)
};

/// What a sweep reads and writes of a contact (736 bytes), from its SolverContact. The
/// matrices multiplied transposed (v = R^T dv + A_b^T w_b - A_a^T w_a) are stored by rows:
/// component k of sum_i row_i x_i is (m_0k x_0 + m_1k x_1) + m_2k x_2, Eigen's order. The
/// matrices multiplied as they are (the impulse R df, I^-1 A df) are stored as "turned" columns
/// (m_00, m_10, m_21), (m_01, m_11, m_22), (m_02, m_12, m_20) against (x_0, x_0, x_1),
/// (x_1, x_1, x_2), (x_2, x_2, x_0): rows 0 and 1 sum left to right, row 2 as
/// (m_21 x_1 + m_22 x_2) + m_20 x_0, which is Eigen's m_20 x_0 + (m_21 x_1 + m_22 x_2).
/// Fourth lanes are zero.
struct alignas(32) PackedContact {
    Quad frameRows[3];            ///< R(i, 0..2)
    Quad angularBRows[3];         ///< A_b(i, 0..2)
    Quad angularARows[3];         ///< A_a(i, 0..2)
    Quad frameTurned[3];          ///< R, turned columns
    Quad responseBTurned[3];      ///< I_b^-1 A_b, turned columns
    Quad responseATurned[3];      ///< I_a^-1 A_a, turned columns
    Pair delassusThird;           ///< (G(0,2), G(1,2)) (unit: 1/kg)
    Pair delassusDiagonal;        ///< (G(0,0), G(1,1)) (unit: 1/kg)
    Pair tangentInverseCol0;      ///< ((G_tt^-1)_00, (G_tt^-1)_10) (unit: kg)
    Pair tangentInverseCol1;      ///< ((G_tt^-1)_01, (G_tt^-1)_11) (unit: kg)
    Pair impulseXY;               ///< (f_t1, f_t2) (unit: N s)
    double normalStep = 0.0;      ///< w / G(2,2) (unit: kg)
    double delassus01Twice = 0.0; ///< 2 G(0,1) (unit: 1/kg)
    double gradientStep = 0.0;    ///< SolverContact::tangentGradientStep (unit: kg)
    double bias = 0.0;            ///< (unit: m/s)
    double friction = 0.0;        ///< mu
    double coneScale = 0.0;       ///< 1 + mu^2
    double impulseZ = 0.0;        ///< f_n (unit: N s)
    std::int32_t bodyA = 0;
    std::int32_t bodyB = 0;
};
static_assert(sizeof(PackedBody) == 64);
static_assert(sizeof(PackedContact) == 736);

/// A contact-frame vector: tangential lanes and normal component.
struct FrameVector {
    Pair xy;
    double z = 0.0;
};

/// The AVX2 kernel: a 3-vector in one register.
struct QuadLanes {
    /// sum_i rows[i] * x_i, x's lanes 0..2 broadcast.
    [[gnu::always_inline]] static Quad rowsProduct(const Quad (&rows)[3], Quad x) {
        return rows[0] * lanes<0, 0, 0, 0>(x) + rows[1] * lanes<1, 1, 1, 1>(x) +
               rows[2] * lanes<2, 2, 2, 2>(x);
    }

    /// Velocity of b relative to a at the contact, in the contact frame, bias included.
    [[gnu::always_inline]] static FrameVector velocity(const PackedBody& a, const PackedBody& b,
                                                       const PackedContact& c) {
        const Quad v = (rowsProduct(c.frameRows, b.linear - a.linear) +
                        rowsProduct(c.angularBRows, b.angular)) -
                       rowsProduct(c.angularARows, a.angular);
        return {Pair{v[0], v[1]}, v[2] + c.bias};
    }

    /// Adds the contact-frame impulse `df` to b and its opposite to a.
    [[gnu::always_inline]] static void apply(PackedBody& a, PackedBody& b, const PackedContact& c,
                                             const FrameVector& df) {
        const Quad f{df.xy[0], df.xy[1], df.z, df.z}; // lane 3 meets zeros only
        const Quad x = lanes<0, 0, 1, 3>(f);
        const Quad y = lanes<1, 1, 2, 3>(f);
        const Quad z = lanes<2, 2, 0, 3>(f);
        const Quad p = c.frameTurned[0] * x + c.frameTurned[1] * y + c.frameTurned[2] * z;
        // Fourth lanes: 1/m - 1/m * 0 keeps the inverse mass.
        a.linear -= lanes<3, 3, 3, 3>(a.linear) * p;
        a.angular -= c.responseATurned[0] * x + c.responseATurned[1] * y + c.responseATurned[2] * z;
        b.linear += lanes<3, 3, 3, 3>(b.linear) * p;
        b.angular += c.responseBTurned[0] * x + c.responseBTurned[1] * y + c.responseBTurned[2] * z;
    }
};

/// The baseline kernel (SSE2, or whatever two-lane vectors the target has): lanes 0 and 1 of
/// each quad as a Pair, lane 2 apart. (GCC's lowering of the quads to SSE2 runs at half the
/// speed of this.)
struct PairLanes {
    [[gnu::always_inline]] static Pair low(const Quad& q) {
        Pair p;
        __builtin_memcpy(&p, &q, sizeof p);
        return p;
    }

    [[gnu::always_inline]] static void setLow(Quad& q, Pair p) {
        __builtin_memcpy(&q, &p, sizeof p);
    }

    /// Lanes 0 and 1, and lane 2, of sum_i rows[i] * x_i.
    [[gnu::always_inline]] static Pair rowsXY(const Quad (&rows)[3], Pair xy, double z) {
        return low(rows[0]) * splat(xy[0]) + low(rows[1]) * splat(xy[1]) + low(rows[2]) * splat(z);
    }
    [[gnu::always_inline]] static double rowsZ(const Quad (&rows)[3], Pair xy, double z) {
        return rows[0][2] * xy[0] + rows[1][2] * xy[1] + rows[2][2] * z;
    }

    /// Lanes 0 and 1, and lane 2, of the turned product (QuadLanes::apply).
    [[gnu::always_inline]] static Pair turnedXY(const Quad (&t)[3], Pair xy, double z) {
        return low(t[0]) * splat(xy[0]) + low(t[1]) * splat(xy[1]) + low(t[2]) * splat(z);
    }
    [[gnu::always_inline]] static double turnedZ(const Quad (&t)[3], Pair xy, double z) {
        return t[0][2] * xy[1] + t[1][2] * z + t[2][2] * xy[0];
    }

    [[gnu::always_inline]] static FrameVector velocity(const PackedBody& a, const PackedBody& b,
                                                       const PackedContact& c) {
        const Pair dxy = low(b.linear) - low(a.linear);
        const double dz = b.linear[2] - a.linear[2];
        const Pair wb = low(b.angular);
        const Pair wa = low(a.angular);
        const double wbz = b.angular[2];
        const double waz = a.angular[2];
        FrameVector v;
        v.xy = (rowsXY(c.frameRows, dxy, dz) + rowsXY(c.angularBRows, wb, wbz)) -
               rowsXY(c.angularARows, wa, waz);
        v.z = (rowsZ(c.frameRows, dxy, dz) + rowsZ(c.angularBRows, wb, wbz)) -
              rowsZ(c.angularARows, wa, waz);
        v.z += c.bias;
        return v;
    }

    [[gnu::always_inline]] static void apply(PackedBody& a, PackedBody& b, const PackedContact& c,
                                             const FrameVector& df) {
        const Pair pxy = turnedXY(c.frameTurned, df.xy, df.z);
        const double pz = turnedZ(c.frameTurned, df.xy, df.z);
        const double ma = a.linear[3];
        setLow(a.linear, low(a.linear) - splat(ma) * pxy);
        a.linear[2] -= ma * pz;
        setLow(a.angular, low(a.angular) - turnedXY(c.responseATurned, df.xy, df.z));
        a.angular[2] -= turnedZ(c.responseATurned, df.xy, df.z);
        const double mb = b.linear[3];
        setLow(b.linear, low(b.linear) + splat(mb) * pxy);
        b.linear[2] += mb * pz;
        setLow(b.angular, low(b.angular) + turnedXY(c.responseBTurned, df.xy, df.z));
        b.angular[2] += turnedZ(c.responseBTurned, df.xy, df.z);
    }
};

/// max(|x|, |y|, |z|) of a contact-frame vector.
[[gnu::always_inline]] inline double maxAbs(const FrameVector& f) {
    return std::max(std::max(std::abs(f.xy[0]), std::abs(f.xy[1])), std::abs(f.z));
}

/// Distance from v~ = (t, z) to the dual cone K* = {mu |t| <= z}: the projection onto a cone
/// {c|t| <= z} is v~ inside, 0 when (|t| + c z) <= 0, else (|t| + c z)/(1 + c^2) (t/|t|, c).
/// `s` is |t|, which the caller has already computed.
double dualConeDistance(const FrameVector& v, double s, const PackedContact& c) {
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

/// Change of the kinetic energy when the tangent impulse changes by `d` at a contact whose
/// tangential velocity is `v` (before the change): v.d + d.G_tt d / 2.
[[gnu::always_inline]] inline double tangentEnergyChange(const PackedContact& c, Pair v, Pair d) {
    const Pair linear = v * d;
    const Pair square = c.delassusDiagonal * d * d;
    const double cross = c.delassus01Twice * d[0] * d[1];
    return linear[0] + linear[1] + 0.5 * (square[0] + cross + square[1]);
}

/// Scales `t` back onto the disk of `radius`.
[[gnu::always_inline]] inline void clampToDisk(Pair& t, double radius) {
    const double ft = std::sqrt(t[0] * t[0] + t[1] * t[1]);
    if (ft > radius) {
        const double scale = ft > 0.0 ? radius / ft : 0.0;
        t *= splat(scale);
    }
}

/// Friction step of contact c from the tangent impulse `old` and tangential velocity `v`
/// (normal already updated, to `normal`). The block step f_t - w G_tt^-1 v_t, scaled onto the
/// Coulomb disk, is the exact minimiser of the kinetic energy on the tangent plane when it lands
/// inside the disk; when the scaling makes it gain energy (it is not the projection in G_tt's
/// metric), the projected gradient step f_t - v_t / lambda_max(G_tt) is taken instead, which
/// never gains energy (descent lemma of projected gradient with step 1/L). A scalar step
/// 1/min(G_00, G_11), as pinocchio's, diverges when lambda_max(G_tt) > 2 min(G_00, G_11) (thin
/// bodies, off-centre contacts): each sweep then flips and amplifies the slip within the
/// friction disk and pumps energy into the bodies.
[[gnu::always_inline]] inline Pair frictionStep(const PackedContact& c, Pair v, Pair w, Pair old,
                                                double normal) {
    const double radius = c.friction * normal;
    const Pair step = c.tangentInverseCol0 * splat(v[0]) + c.tangentInverseCol1 * splat(v[1]);
    Pair t = old - w * step;
    clampToDisk(t, radius);
    if (tangentEnergyChange(c, v, t - old) > 0.0) {
        t = old - splat(c.gradientStep) * v;
        clampToDisk(t, radius);
    }
    return t;
}

/// One projected Gauss-Seidel update of contact c (pinocchio's PGSConeProjectAndUpdate, with
/// the friction step of frictionStep).
template <class Lanes>
[[gnu::always_inline]] inline void updateContact(PackedBody& a, PackedBody& b, PackedContact& c,
                                                 Pair w, SweepResiduals& r) {
    FrameVector v = Lanes::velocity(a, b, c);
    const FrameVector old{c.impulseXY, c.impulseZ};
    accumulateResiduals(c, old, v, r);
    FrameVector f;
    f.z = std::max(0.0, old.z - c.normalStep * v.z);
    const double dz = f.z - old.z;
    v.xy += c.delassusThird * splat(dz); // v.z is not read again
    f.xy = frictionStep(c, v.xy, w, old.xy, f.z);
    const FrameVector df{f.xy - old.xy, dz};
    Lanes::apply(a, b, c, df);
    c.impulseXY = f.xy;
    c.impulseZ = f.z;
    r.maxChange = std::max(r.maxChange, maxAbs(df));
    r.maxImpulse = std::max(r.maxImpulse, maxAbs(f));
}

PackedBody packBody(const SolverBody& s) {
    const Vec3& v = s.linearVelocity;
    const Vec3& w = s.angularVelocity;
    return {Quad{v.x(), v.y(), v.z(), s.inverseMass}, Quad{w.x(), w.y(), w.z(), 0.0}};
}

/// Rows of `m`: (m(i,0), m(i,1), m(i,2), 0).
void packRows(const Mat3& m, Quad (&rows)[3]) {
    for (int i = 0; i < 3; ++i) {
        rows[i] = Quad{m(i, 0), m(i, 1), m(i, 2), 0.0};
    }
}

/// Turned columns of `m` (PackedContact).
void packTurned(const Mat3& m, Quad (&turned)[3]) {
    turned[0] = Quad{m(0, 0), m(1, 0), m(2, 1), 0.0};
    turned[1] = Quad{m(0, 1), m(1, 1), m(2, 2), 0.0};
    turned[2] = Quad{m(0, 2), m(1, 2), m(2, 0), 0.0};
}

PackedContact packContact(const SolverContact& s, double w) {
    PackedContact c;
    packRows(s.frame, c.frameRows);
    packRows(s.angularB, c.angularBRows);
    packRows(s.angularA, c.angularARows);
    packTurned(s.frame, c.frameTurned);
    packTurned(s.responseB, c.responseBTurned);
    packTurned(s.responseA, c.responseATurned);
    const Mat3& g = s.delassus;
    c.delassusThird = Pair{g(0, 2), g(1, 2)};
    c.delassusDiagonal = Pair{g(0, 0), g(1, 1)};
    c.delassus01Twice = 2.0 * g(0, 1);
    c.normalStep = w / g(2, 2);
    c.tangentInverseCol0 = Pair{s.tangentInverse[0], s.tangentInverse[1]};
    c.tangentInverseCol1 = Pair{s.tangentInverse[1], s.tangentInverse[2]};
    c.gradientStep = s.tangentGradientStep;
    c.bias = s.bias;
    c.friction = s.friction;
    c.coneScale = 1.0 + s.friction * s.friction;
    c.impulseXY = Pair{s.impulse.x(), s.impulse.y()};
    c.impulseZ = s.impulse.z();
    c.bodyA = s.bodyA;
    c.bodyB = s.bodyB;
    return c;
}

} // namespace

Mat3 contactFrame(const Vec3& n) {
    const double sign = std::copysign(1.0, n.z());
    const double a = -1.0 / (sign + n.z());
    const double b = n.x() * n.y() * a;
    Mat3 frame;
    frame.col(0) = Vec3(1.0 + sign * n.x() * n.x() * a, sign * b, -sign * n.x());
    frame.col(1) = Vec3(b, sign + n.y() * n.y() * a, -n.y());
    frame.col(2) = n;
    return frame;
}

void setupContact(const SolverBody& a, const SolverBody& b, SolverContact& c) {
    c.angularA = skew(c.rA) * c.frame;
    c.angularB = skew(c.rB) * c.frame;
    c.responseA = a.inverseInertia * c.angularA;
    c.responseB = b.inverseInertia * c.angularB;
    c.delassus = (a.inverseMass + b.inverseMass) * Mat3::Identity() +
                 c.angularA.transpose() * c.responseA + c.angularB.transpose() * c.responseB;
    const Mat3& g = c.delassus;
    const double g01 = 0.5 * (g(0, 1) + g(1, 0));
    const double det = g(0, 0) * g(1, 1) - g01 * g01;
    c.tangentInverse = {g(1, 1) / det, -g01 / det, g(0, 0) / det};
    const double mean = 0.5 * (g(0, 0) + g(1, 1));
    const double half = 0.5 * (g(0, 0) - g(1, 1));
    c.tangentGradientStep = 1.0 / (mean + std::sqrt(half * half + g01 * g01));
}

double normalBias(double distance, double approach, double restitution, double h,
                  const PgsSettings& settings) {
    double bias = distance > 0.0 ? distance / h
                                 : settings.baumgarte / h * std::min(0.0, distance + settings.slop);
    const bool hits = distance + h * approach < 0.0;
    if (restitution > 0.0 && hits && approach < -settings.restitutionThreshold) {
        bias = std::min(bias, restitution * approach);
    }
    return bias;
}

struct PgsScratch::Arrays {
    std::vector<PackedBody> bodies;
    std::vector<PackedContact> contacts;
};

PgsScratch::PgsScratch() : arrays_(std::make_unique<Arrays>()) {}
PgsScratch::~PgsScratch() = default;
PgsScratch::PgsScratch(PgsScratch&&) noexcept = default;
PgsScratch& PgsScratch::operator=(PgsScratch&&) noexcept = default;

namespace {

/// The sweeps on packed data, from the warm start to a stopping criterion.
template <class Lanes>
[[gnu::always_inline]] inline PgsResult sweep(std::span<PackedBody> bodies,
                                              std::span<PackedContact> contacts,
                                              const PgsSettings& settings) {
    PgsResult result;
    double previousMax = 0.0;
    for (PackedContact& c : contacts) {
        const FrameVector f{c.impulseXY, c.impulseZ};
        Lanes::apply(bodies[c.bodyA], bodies[c.bodyB], c, f);
        previousMax = std::max(previousMax, maxAbs(f));
    }
    if (contacts.empty()) {
        return result;
    }
    result.converged = false;
    const Pair w = splat(settings.overRelaxation);
    for (int it = 0; it < settings.maxIterations; ++it) {
        SweepResiduals r;
        for (PackedContact& c : contacts) {
            updateContact<Lanes>(bodies[c.bodyA], bodies[c.bodyB], c, w, r);
        }
        result.iterations = it + 1;
        result.complementarity = r.complementarity;
        result.dualFeasibility = r.dualFeasibility;
        const double scale = std::max(r.maxImpulse, previousMax);
        result.relativeChange = scale > 0.0 ? r.maxChange / scale : 0.0;
        const bool absolute =
            r.complementarity <= settings.tolerance && r.dualFeasibility <= settings.tolerance;
        const bool relative = r.maxChange <= settings.relativeTolerance * scale;
        if (absolute || relative) {
            result.converged = true;
            break;
        }
        previousMax = r.maxImpulse;
    }
    return result;
}

PgsResult sweepBaseline(std::span<PackedBody> bodies, std::span<PackedContact> contacts,
                        const PgsSettings& settings) {
    return sweep<PairLanes>(bodies, contacts, settings);
}

#if defined(__x86_64__)
/// The same operations in the same order (no FMA: contraction is off, and the target does not
/// enable it), compiled for AVX2.
[[gnu::target("avx2")]] PgsResult sweepAvx2(std::span<PackedBody> bodies,
                                            std::span<PackedContact> contacts,
                                            const PgsSettings& settings) {
    return sweep<QuadLanes>(bodies, contacts, settings);
}
#endif

} // namespace

namespace detail {

bool pgsKernelAvailable(PgsKernel kernel) {
    switch (kernel) {
    case PgsKernel::automatic:
    case PgsKernel::baseline:
        return true;
    case PgsKernel::avx2:
#if defined(__x86_64__)
        return __builtin_cpu_supports("avx2");
#else
        return false;
#endif
    }
    return false;
}

PgsResult solveContacts(std::span<SolverBody> bodies, std::span<SolverContact> contacts,
                        const PgsSettings& settings, PgsScratch& scratch, PgsKernel kernel) {
    PgsScratch::Arrays& packed = scratch.arrays();
    packed.bodies.resize(bodies.size());
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        packed.bodies[i] = packBody(bodies[i]);
    }
    packed.contacts.resize(contacts.size());
    for (std::size_t i = 0; i < contacts.size(); ++i) {
        packed.contacts[i] = packContact(contacts[i], settings.overRelaxation);
    }
    static const bool hasAvx2 = pgsKernelAvailable(PgsKernel::avx2);
    const bool avx2 = kernel == PgsKernel::avx2 || (kernel == PgsKernel::automatic && hasAvx2);
#if defined(__x86_64__)
    const PgsResult result = avx2 ? sweepAvx2(packed.bodies, packed.contacts, settings)
                                  : sweepBaseline(packed.bodies, packed.contacts, settings);
#else
    (void)avx2;
    const PgsResult result = sweepBaseline(packed.bodies, packed.contacts, settings);
#endif
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const PackedBody& p = packed.bodies[i];
        bodies[i].linearVelocity = Vec3(p.linear[0], p.linear[1], p.linear[2]);
        bodies[i].angularVelocity = Vec3(p.angular[0], p.angular[1], p.angular[2]);
    }
    for (std::size_t i = 0; i < contacts.size(); ++i) {
        const PackedContact& p = packed.contacts[i];
        contacts[i].impulse = Vec3(p.impulseXY[0], p.impulseXY[1], p.impulseZ);
    }
    return result;
}

} // namespace detail

PgsResult solveContacts(std::span<SolverBody> bodies, std::span<SolverContact> contacts,
                        const PgsSettings& settings, PgsScratch& scratch) {
    return detail::solveContacts(bodies, contacts, settings, scratch, detail::PgsKernel::automatic);
}

PgsResult solveContacts(std::span<SolverBody> bodies, std::span<SolverContact> contacts,
                        const PgsSettings& settings) {
    PgsScratch scratch;
    return solveContacts(bodies, contacts, settings, scratch);
}

} // namespace mk
