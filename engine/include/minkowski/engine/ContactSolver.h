#pragma once
/// \file ContactSolver.h
/// Projected Gauss-Seidel on the contact impulses with Coulomb friction cones, after pinocchio's
/// PGSContactSolverTpl (include/pinocchio/algorithm/pgs-solver.hxx), written on body velocities
/// instead of a dense Delassus matrix: the velocity of contact i is recomputed from the bodies
/// (v_i = J_i u + bias), which equals G_i. x + g_i of pinocchio without forming G.
///
/// Per contact i, with its 3x3 Delassus block G_i = R^T K R (R = [t1 t2 n], K the inverse
/// effective mass at the contact), over-relaxation w:
///   normal:   f_n <- max(0, f_n - w / G_i(2,2) * v_n);  v <- v + G_i(:,2) df_n
///   tangent:  f_t <- f_t - w G_tt^-1 v_t (G_tt the 2x2 tangent block) when it stays within
///             |f_t| <= mu f_n; otherwise its projection onto that disk in G_tt's metric
///             (Newton on the trust-region equation, More and Sorensen 1983), whose fixed points
///             are Coulomb's sliding law (scaling it onto the disk has other fixed points when
///             G_tt is anisotropic; pinocchio's scalar step 1 / min(G_i(0,0), G_i(1,1))
///             diverges on such blocks and pumps energy)
/// Stopping (pinocchio): max complementarity |f.(v + [0,0,mu|v_t|])| (De Saxce correction) and
/// max dual feasibility |v~ - proj_K*(v~)| both <= tolerance, or the relative change
/// |f - f_prev|_inf <= relativeTolerance * max(|f|_inf, |f_prev|_inf) with the sweep changing no
/// body's velocity by more than velocityChangeTolerance (departure: pinocchio stops on the
/// relative change alone, which in a pile is the heaviest body's and stops the sweeps while a
/// light body still slips), or the iteration cap.

#include "minkowski/engine/Settings.h"
#include "minkowski/narrowphase/Math.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>

namespace mk {

/// A body as the solver sees it. Static and kinematic bodies have zero inverse mass/inertia.
struct SolverBody {
    Vec3 linearVelocity = Vec3::Zero();  ///< (unit: m/s)
    Vec3 angularVelocity = Vec3::Zero(); ///< world frame (unit: rad/s)
    double inverseMass = 0.0;            ///< (unit: 1/kg)
    Mat3 inverseInertia = Mat3::Zero();  ///< world frame (unit: 1/(kg m^2))
    /// Largest distance from the centre of mass to a point of the body (unit: metre): the
    /// stopping test counts a change of the angular velocity at this lever
    /// (PgsSettings::velocityChangeTolerance). 0 counts only the linear velocity.
    double lever = 0.0;
};

/// One contact point between bodies a and b, impulses in the contact frame (t1, t2, n); the
/// impulse R f acts on b, its opposite on a.
struct SolverContact {
    int bodyA = 0;
    int bodyB = 0;
    Vec3 rA = Vec3::Zero(); ///< from a's centre of mass to the contact point on a (unit: metre)
    Vec3 rB = Vec3::Zero(); ///< from b's centre of mass to the contact point on b (unit: metre)
    Mat3 frame = Mat3::Identity(); ///< columns t1, t2, n (n from a to b)
    /// Added to the normal relative velocity: the constraint is v_n + bias >= 0 (unit: m/s).
    double bias = 0.0;
    double friction = 0.0;       ///< mu
    Vec3 impulse = Vec3::Zero(); ///< (f_t1, f_t2, f_n): warm start in, solution out (unit: N s)
};

/// The Delassus block of a contact and the products it is formed from, from its bodies' inverse
/// masses and inertias (contactSetup()). solveContacts computes it while packing each contact,
/// so that a step writes and reads only SolverContact's 168 bytes per contact in memory, not
/// these 392; the sweeps read G's entries, the lever arms and the bodies' inertias, not the
/// products (docs/engine.md, "A smaller packed point").
struct ContactSetup {
    Mat3 delassus; ///< G_i (unit: 1/kg)
    /// (G_tt^-1)_00, _01, _11 of the 2x2 tangent block of G_i (unit: kg).
    std::array<double, 3> tangentInverse;
    /// Columns r_a x d_k and r_b x d_k (d_k the frame's columns), and I_a^-1 (r_a x d_k),
    /// I_b^-1 (r_b x d_k) (world frame): G_i = m_a^-1 + m_b^-1 + A_a^T I_a^-1 A_a + A_b^T I_b^-1
    /// A_b.
    Mat3 angularA;
    Mat3 angularB;
    Mat3 responseA;
    Mat3 responseB;
};

struct PgsResult {
    int iterations = 0;
    bool converged = true;
    double complementarity = 0.0; ///< final max |f.(v + [0,0,mu|v_t|])|
    double dualFeasibility = 0.0; ///< final max distance of v~ to the dual cone
    double relativeChange = 0.0;  ///< final |f - f_prev|_inf / max(|f|_inf, |f_prev|_inf)
    /// Largest change of a body's velocity over the last sweep whose relative change met its
    /// tolerance (linear, or angular times SolverBody::lever; unit: m/s); 0 if none did.
    double velocityChange = 0.0;
};

/// Orthonormal frame [t1 t2 n] around the unit normal n (Duff et al., "Building an Orthonormal
/// Basis, Revisited", JCGT 2017): branch-free, continuous except across n_z = 0.
[[nodiscard]] Mat3 contactFrame(const Vec3& n);

/// From the contact's rA, rB and frame: the Delassus block G = R^T K R with
/// K = (1/m_a + 1/m_b) Id - [r_a]x I_a^-1 [r_a]x - [r_b]x I_b^-1 [r_b]x, i.e.
/// G = (1/m_a + 1/m_b) Id + J_a^T I_a^-1 J_a + J_b^T I_b^-1 J_b with J = [r]x R, and the
/// precomputed angular terms.
[[nodiscard]] ContactSetup contactSetup(const SolverBody& a, const SolverBody& b,
                                        const SolverContact& contact);

/// Normal bias of a contact at signed distance `distance` (unit: metre) whose normal relative
/// velocity before the solve is `approach` (unit: m/s, negative when closing), step `h`:
/// - speculative (distance > 0): distance / h, the bodies may close the gap and no more;
/// - penetrating: Baumgarte, baumgarte / h * min(0, distance + slop);
/// - restitution: when closing faster than the threshold and touching within this step
///   (distance + h approach < 0), the target separating speed -e approach wins if larger.
[[nodiscard]] double normalBias(double distance, double approach, double restitution, double h,
                                const PgsSettings& settings);

/// Working memory of solveContacts: the bodies' velocities and what a sweep reads of each
/// contact, packed apart from the set-up data for vector arithmetic (one 64-byte line per body
/// instead of 128 bytes; no inertia). Keep one between solves: it grows to the largest problem
/// and is then reused without allocating.
class PgsScratch {
public:
    PgsScratch();
    ~PgsScratch();
    PgsScratch(const PgsScratch&) = delete;
    PgsScratch& operator=(const PgsScratch&) = delete;
    PgsScratch(PgsScratch&&) noexcept;
    PgsScratch& operator=(PgsScratch&&) noexcept;

    struct Arrays; ///< ContactSolver.cpp
    [[nodiscard]] Arrays& arrays() { return *arrays_; }

private:
    std::unique_ptr<Arrays> arrays_;
};

class ThreadPool;

/// Contacts ordered by colour, so that a sweep can split each colour among threads.
/// Based on: Box2D v3's constraint graph colouring (Catto, "Solver2D", 2024): the contacts of
/// one colour share no dynamic body, so updating them in any order, or at once, gives the same
/// bits as updating them one after the other. Departure: colours group manifolds, not points.
struct PgsColours {
    /// Colour k is contacts [starts[k], starts[k + 1]): starts.front() == 0 and
    /// starts.back() == contacts.size(). A run of consecutive contacts between the same two
    /// bodies is a manifold, swept by one thread; no two manifolds of a colour may share a body
    /// with inverseMass > 0 (checked).
    std::span<const std::uint32_t> starts;
    ThreadPool* pool = nullptr; ///< the threads; null or one thread: the plain sweep
    /// Whether the sweeps may run on the pool's threads; when false they run on the calling
    /// thread and the pool only packs the contacts for them. (The bits are the same.)
    bool spreadSweeps = true;
    /// Fewer contacts than this per thread are swept on the calling thread alone: a barrier
    /// per colour costs more than it saves on small problems. (The bits are the same.)
    std::size_t minContactsPerThread = 64;
    /// With AVX2, problems of up to this many contacts are swept four manifolds at a time (one
    /// per lane, engine/src/PgsWide.h), larger ones a contact at a time. (The bits are the same.)
    /// Since the sweeps ask for their lines ahead, the lanes are the faster at every size
    /// measured, 40,000 contacts included (docs/engine.md, "Streaming the sweeps"): no bound by
    /// default; tests lower it to compare both sweeps.
    std::size_t maxWideContacts = std::numeric_limits<std::size_t>::max();

    /// Whether a solve of `contactCount` contacts spreads its sweeps over the pool's threads.
    [[nodiscard]] bool spreads(std::size_t contactCount) const;
    /// Whether a solve of `contactCount` contacts sweeps manifolds four at a time (with AVX2).
    [[nodiscard]] bool widens(std::size_t contactCount) const;
};

/// Applies the contacts' initial impulses to the bodies (warm start), then runs PGS sweeps in
/// the contacts' order until a stopping criterion holds; writes the bodies' velocities and the
/// contacts' impulses back. Deterministic; allocates nothing once `scratch` has held a problem
/// of this size.
PgsResult solveContacts(std::span<SolverBody> bodies, std::span<SolverContact> contacts,
                        const PgsSettings& settings, PgsScratch& scratch);

/// The same, each sweep spread colour by colour over `colours.pool`'s threads: the result is
/// bit-identical to solveContacts(bodies, contacts, settings, scratch) for every thread count.
/// \throws std::invalid_argument when `colours` does not describe a valid colouring.
PgsResult solveContacts(std::span<SolverBody> bodies, std::span<SolverContact> contacts,
                        const PgsSettings& settings, PgsScratch& scratch,
                        const PgsColours& colours);

/// The same with a scratch of its own (allocates): for one-off solves.
PgsResult solveContacts(std::span<SolverBody> bodies, std::span<SolverContact> contacts,
                        const PgsSettings& settings);

namespace detail {

/// The sweep code of solveContacts. Both compute the same bits (the operations and their order
/// are the same; only the register width differs), so the choice never moves a result.
enum class PgsKernel {
    automatic, ///< avx2 where the CPU has it, else baseline
    baseline,  ///< two lanes (SSE2 on x86-64): runs anywhere
    /// four lanes: a 3-vector in one register, or four manifolds side by side on one thread with
    /// a colouring (x86-64 CPUs with AVX2 only)
    avx2,
};

/// Whether this build and CPU can run `kernel`.
[[nodiscard]] bool pgsKernelAvailable(PgsKernel kernel);

/// solveContacts with a chosen kernel (tests compare the kernels; `kernel` must be available).
PgsResult solveContacts(std::span<SolverBody> bodies, std::span<SolverContact> contacts,
                        const PgsSettings& settings, PgsScratch& scratch, PgsKernel kernel,
                        const PgsColours& colours = {});

} // namespace detail

} // namespace mk
