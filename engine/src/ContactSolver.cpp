/// \file ContactSolver.cpp
/// Projected Gauss-Seidel with Coulomb disks and pinocchio's stopping criteria.
///
/// The sweeps run on packed copies (PackedBody, PackedContact) of what they read, two lanes of
/// SSE2 at a time. Every sum keeps the order of the Eigen 3.4 expression it replaces, so that the
/// solve computes the same bits as the formulation on SolverBody/SolverContact (the reference in
/// test_contact_solver_reference.cpp, and the pinned state hashes): M^T x as
/// (m_0j x_0 + m_1j x_1) + m_2j x_2 in every component, M x the same in rows 0 and 1 but
/// m_20 x_0 + (m_21 x_1 + m_22 x_2) in row 2 (Eigen's packet path, then its scalar reduction).

#include "minkowski/engine/ContactSolver.h"

#include <algorithm>
#include <cmath>
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

/// A body's velocities and inverse mass, the whole of what a sweep reads of it (64 bytes).
struct PackedBody {
    Pair linearXY;         ///< (unit: m/s)
    Pair angularXY;        ///< world frame (unit: rad/s)
    Pair inverseMass;      ///< 1/m in both lanes (unit: 1/kg)
    double linearZ = 0.0;  ///< (unit: m/s)
    double angularZ = 0.0; ///< (unit: rad/s)
};

/// What a sweep reads and writes of a contact (512 bytes), from its SolverContact. Matrices
/// multiplied transposed (v = R^T dv + A_b^T w_b - A_a^T w_a) are stored by rows, the first
/// two entries of row i as a Pair and the third column apart; matrices multiplied as they are
/// (the impulse R df, I^-1 A df) by columns, rows 0 and 1 of column j as a Pair and row 2 apart.
struct PackedContact {
    Pair frameRows[3];       ///< (R(i,0), R(i,1)); also R's row 2 for the impulse
    Pair angularBRows[3];    ///< (A_b(i,0), A_b(i,1))
    Pair angularARows[3];    ///< (A_a(i,0), A_a(i,1))
    Pair frameThird;         ///< (R(0,2), R(1,2)), also column 2 of R for the impulse
    Pair angularBThird;      ///< (A_b(0,2), A_b(1,2))
    Pair angularAThird;      ///< (A_a(0,2), A_a(1,2))
    Pair responseBCols[3];   ///< (I_b^-1 A_b)(0..1, j)
    Pair responseACols[3];   ///< (I_a^-1 A_a)(0..1, j)
    Pair delassusThird;      ///< (G(0,2), G(1,2)) (unit: 1/kg)
    Pair delassusDiagonal;   ///< (G(0,0), G(1,1)) (unit: 1/kg)
    Pair tangentInverseCol0; ///< ((G_tt^-1)_00, (G_tt^-1)_10) (unit: kg)
    Pair tangentInverseCol1; ///< ((G_tt^-1)_01, (G_tt^-1)_11) (unit: kg)
    Pair impulseXY;          ///< (f_t1, f_t2) (unit: N s)
    double frame22 = 0.0;
    double angularB22 = 0.0;
    double angularA22 = 0.0;
    double responseBRow2[3] = {};
    double responseARow2[3] = {};
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
static_assert(sizeof(PackedContact) == 512);
static_assert(sizeof(PackedBody) == 64);

/// A contact-frame vector: tangential lanes and normal component.
struct FrameVector {
    Pair xy;
    double z = 0.0;
};

/// (M^T x)_{0,1} from M's rows, x's components splat: (m_00 x_0 + m_10 x_1) + m_20 x_2, ...
[[gnu::always_inline]] inline Pair rowsProduct(const Pair (&rows)[3], Pair x0, Pair x1, Pair x2) {
    return rows[0] * x0 + rows[1] * x1 + rows[2] * x2;
}

/// (M^T x)_2 = (m_02 x_0 + m_12 x_1) + m_22 x_2.
[[gnu::always_inline]] inline double thirdProduct(Pair third, double m22, Pair xy, double z) {
    return third[0] * xy[0] + third[1] * xy[1] + m22 * z;
}

/// (M x)_{0,1} from M's columns: (m_00 x_0 + m_01 x_1) + m_02 x_2, ...
[[gnu::always_inline]] inline Pair colsProduct(Pair c0, Pair c1, Pair c2, Pair x0, Pair x1,
                                               Pair x2) {
    return c0 * x0 + c1 * x1 + c2 * x2;
}

/// (M x)_2 = m_20 x_0 + (m_21 x_1 + m_22 x_2), as Eigen's scalar reduction sums it.
[[gnu::always_inline]] inline double lastRowProduct(double m20, double m21, double m22, Pair xy,
                                                    double z) {
    return m20 * xy[0] + (m21 * xy[1] + m22 * z);
}

/// Velocity of b relative to a at the contact, in the contact frame, bias included.
[[gnu::always_inline]] inline FrameVector contactVelocity(const PackedBody& a, const PackedBody& b,
                                                          const PackedContact& c) {
    const Pair dxy = b.linearXY - a.linearXY;
    const double dz = b.linearZ - a.linearZ;
    const Pair wb = b.angularXY;
    const Pair wa = a.angularXY;
    FrameVector v;
    v.xy = (rowsProduct(c.frameRows, splat(dxy[0]), splat(dxy[1]), splat(dz)) +
            rowsProduct(c.angularBRows, splat(wb[0]), splat(wb[1]), splat(b.angularZ))) -
           rowsProduct(c.angularARows, splat(wa[0]), splat(wa[1]), splat(a.angularZ));
    v.z = (thirdProduct(c.frameThird, c.frame22, dxy, dz) +
           thirdProduct(c.angularBThird, c.angularB22, wb, b.angularZ)) -
          thirdProduct(c.angularAThird, c.angularA22, wa, a.angularZ);
    v.z += c.bias;
    return v;
}

/// Adds the contact-frame impulse `df` to b and its opposite to a.
[[gnu::always_inline]] inline void applyImpulse(PackedBody& a, PackedBody& b,
                                                const PackedContact& c, const FrameVector& df) {
    const Pair f0 = splat(df.xy[0]);
    const Pair f1 = splat(df.xy[1]);
    const Pair f2 = splat(df.z);
    const Pair* r = c.frameRows;
    const Pair pxy =
        colsProduct(Pair{r[0][0], r[1][0]}, Pair{r[0][1], r[1][1]}, c.frameThird, f0, f1, f2);
    const double pz = lastRowProduct(r[2][0], r[2][1], c.frame22, df.xy, df.z);
    a.linearXY -= a.inverseMass * pxy;
    a.linearZ -= a.inverseMass[0] * pz;
    a.angularXY -=
        colsProduct(c.responseACols[0], c.responseACols[1], c.responseACols[2], f0, f1, f2);
    a.angularZ -=
        lastRowProduct(c.responseARow2[0], c.responseARow2[1], c.responseARow2[2], df.xy, df.z);
    b.linearXY += b.inverseMass * pxy;
    b.linearZ += b.inverseMass[0] * pz;
    b.angularXY +=
        colsProduct(c.responseBCols[0], c.responseBCols[1], c.responseBCols[2], f0, f1, f2);
    b.angularZ +=
        lastRowProduct(c.responseBRow2[0], c.responseBRow2[1], c.responseBRow2[2], df.xy, df.z);
}

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
[[gnu::always_inline]] inline void updateContact(PackedBody& a, PackedBody& b, PackedContact& c,
                                                 Pair w, SweepResiduals& r) {
    FrameVector v = contactVelocity(a, b, c);
    const FrameVector old{c.impulseXY, c.impulseZ};
    accumulateResiduals(c, old, v, r);
    FrameVector f;
    f.z = std::max(0.0, old.z - c.normalStep * v.z);
    const double dz = f.z - old.z;
    v.xy += c.delassusThird * splat(dz); // v.z is not read again
    f.xy = frictionStep(c, v.xy, w, old.xy, f.z);
    const FrameVector df{f.xy - old.xy, dz};
    applyImpulse(a, b, c, df);
    c.impulseXY = f.xy;
    c.impulseZ = f.z;
    r.maxChange = std::max(r.maxChange, maxAbs(df));
    r.maxImpulse = std::max(r.maxImpulse, maxAbs(f));
}

PackedBody packBody(const SolverBody& s) {
    PackedBody p;
    p.linearXY = Pair{s.linearVelocity.x(), s.linearVelocity.y()};
    p.angularXY = Pair{s.angularVelocity.x(), s.angularVelocity.y()};
    p.inverseMass = splat(s.inverseMass);
    p.linearZ = s.linearVelocity.z();
    p.angularZ = s.angularVelocity.z();
    return p;
}

/// Rows of `m` for a transposed product: (m(i,0), m(i,1)), the third column (m(0,2), m(1,2))
/// and m(2,2).
void packRows(const Mat3& m, Pair (&rows)[3], Pair& third, double& m22) {
    for (int i = 0; i < 3; ++i) {
        rows[i] = Pair{m(i, 0), m(i, 1)};
    }
    third = Pair{m(0, 2), m(1, 2)};
    m22 = m(2, 2);
}

/// Columns of `m` for a product: (m(0,j), m(1,j)), and row 2.
void packCols(const Mat3& m, Pair (&cols)[3], double (&row2)[3]) {
    for (int j = 0; j < 3; ++j) {
        cols[j] = Pair{m(0, j), m(1, j)};
        row2[j] = m(2, j);
    }
}

PackedContact packContact(const SolverContact& s, double w) {
    PackedContact c;
    packRows(s.frame, c.frameRows, c.frameThird, c.frame22);
    packRows(s.angularB, c.angularBRows, c.angularBThird, c.angularB22);
    packRows(s.angularA, c.angularARows, c.angularAThird, c.angularA22);
    packCols(s.responseB, c.responseBCols, c.responseBRow2);
    packCols(s.responseA, c.responseACols, c.responseARow2);
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

/// The sweeps on packed data, from the warm start to a stopping criterion. Also compiled for
/// AVX2 and chosen at load time where the CPU has it: the same operations in the same order
/// (no FMA: contraction is off), three-operand encodings instead of SSE2's register copies.
[[gnu::target_clones("avx2", "default")]] PgsResult sweep(std::span<PackedBody> bodies, std::span<PackedContact> contacts,
                const PgsSettings& settings) {
    PgsResult result;
    double previousMax = 0.0;
    for (PackedContact& c : contacts) {
        const FrameVector f{c.impulseXY, c.impulseZ};
        applyImpulse(bodies[c.bodyA], bodies[c.bodyB], c, f);
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
            updateContact(bodies[c.bodyA], bodies[c.bodyB], c, w, r);
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

} // namespace

PgsResult solveContacts(std::span<SolverBody> bodies, std::span<SolverContact> contacts,
                        const PgsSettings& settings, PgsScratch& scratch) {
    PgsScratch::Arrays& packed = scratch.arrays();
    packed.bodies.resize(bodies.size());
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        packed.bodies[i] = packBody(bodies[i]);
    }
    packed.contacts.resize(contacts.size());
    for (std::size_t i = 0; i < contacts.size(); ++i) {
        packed.contacts[i] = packContact(contacts[i], settings.overRelaxation);
    }
    const PgsResult result = sweep(packed.bodies, packed.contacts, settings);
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const PackedBody& p = packed.bodies[i];
        bodies[i].linearVelocity = Vec3(p.linearXY[0], p.linearXY[1], p.linearZ);
        bodies[i].angularVelocity = Vec3(p.angularXY[0], p.angularXY[1], p.angularZ);
    }
    for (std::size_t i = 0; i < contacts.size(); ++i) {
        const PackedContact& p = packed.contacts[i];
        contacts[i].impulse = Vec3(p.impulseXY[0], p.impulseXY[1], p.impulseZ);
    }
    return result;
}

PgsResult solveContacts(std::span<SolverBody> bodies, std::span<SolverContact> contacts,
                        const PgsSettings& settings) {
    PgsScratch scratch;
    return solveContacts(bodies, contacts, settings, scratch);
}

} // namespace mk
