/// \file ContactSolver.cpp
/// Projected Gauss-Seidel with Coulomb disks and pinocchio's stopping criteria.
///
/// The sweeps run on packed copies (PackedBody, PackedContact, PgsKernels.h) of what they read,
/// with vector arithmetic: four lanes (a 3-vector per AVX register) where the CPU has AVX2, else
/// two (PairLanes); with a colouring and AVX2, four manifolds at once, one per lane (PgsWide.h),
/// packed straight from the SolverContacts. Every sum keeps the order of the Eigen 3.4 expression
/// it replaces, so that the solve computes the same bits as the formulation on
/// SolverBody/SolverContact (the reference in test_contact_solver_reference.cpp, and the pinned
/// state hashes): M^T x as (m_0j x_0 + m_1j x_1) + m_2j x_2 in every component, M x the same in
/// rows 0 and 1 but m_20 x_0 + (m_21 x_1 + m_22 x_2) in row 2 (Eigen's packet path, then its scalar
/// reduction).

#include "minkowski/engine/ContactSolver.h"

#include "HugePages.h"
#include "PgsKernels.h"
#include "PgsWide.h"
#include "minkowski/engine/ThreadPool.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace mk {
namespace {

using namespace pgs; // NOLINT: this file is the kernels' one client besides PgsWide.cpp

/// One thread's residuals of a coloured sweep, on cache lines of its own.
struct alignas(64) ThreadResiduals {
    SweepResiduals sweep;
    double warmStartMax = 0.0; ///< |f|_inf of the thread's warm-start impulses
};

PackedBody packBody(const SolverBody& s) {
    const Vec3& v = s.linearVelocity;
    const Vec3& w = s.angularVelocity;
    const Mat3& i = s.inverseInertia;
    return {{Quad{v.x(), v.y(), v.z(), s.inverseMass}, Quad{w.x(), w.y(), w.z(), 0.0}},
            {Quad{i(0, 0), i(1, 0), i(2, 1), 0.0}, Quad{i(0, 1), i(1, 1), i(2, 2), 0.0},
             Quad{i(0, 2), i(1, 2), i(2, 0), 0.0}}};
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

ContactSetup contactSetup(const SolverBody& a, const SolverBody& b, const SolverContact& c) {
    const LaneSetup<double> lanes = setUpLanes(laneContact(a, b, c));
    const auto matrix = [](const LaneMat3<double>& m) {
        Mat3 out;
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) {
                out(i, j) = m(i, j);
            }
        }
        return out;
    };
    ContactSetup k;
    k.delassus = matrix(lanes.delassus);
    k.tangentInverse = {lanes.tangentInverse[0], lanes.tangentInverse[1], lanes.tangentInverse[2]};
    k.angularA = matrix(lanes.angularA);
    k.angularB = matrix(lanes.angularB);
    k.responseA = matrix(lanes.responseA);
    k.responseB = matrix(lanes.responseB);
    return k;
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
    std::vector<PackedVelocities> before; ///< StillCheck::before
    HugeVector<PackedContact> contacts;
    std::vector<std::uint32_t> colourOf; ///< per body: 1 + the last colour that used it
    std::vector<ThreadResiduals> parts;  ///< per thread of a coloured solve
    std::vector<std::uint32_t> shares;   ///< ColouredSolve::shares
    WidePacking wide;                    ///< packWide()
};

PgsScratch::PgsScratch() : arrays_(std::make_unique<Arrays>()) {}
PgsScratch::~PgsScratch() = default;
PgsScratch::PgsScratch(PgsScratch&&) noexcept = default;
PgsScratch& PgsScratch::operator=(PgsScratch&&) noexcept = default;

namespace {

/// A coloured solve shared by the threads of ThreadPool::together().
struct ColouredSolve {
    std::span<PackedBody> bodies;
    std::span<PackedContact> contacts;
    std::span<const std::uint32_t> starts;
    /// Thread t's share of colour k is [shares[k (T + 1) + t], shares[k (T + 1) + t + 1]), for
    /// T threads: of its contacts, an even split moved past the rest of a manifold
    /// (splitShares()), or of its groups when `groups` is set (splitGroupShares()).
    std::span<const std::uint32_t> shares;
    const PgsSettings& settings;
    std::span<ThreadResiduals> parts; ///< one per thread
    /// With AVX2, the colours' manifolds four at a time (packWide()), shared among the threads
    /// by `shares`. Empty: the contacts one at a time.
    std::span<const WideGroup> groups;
    std::span<WidePoint> points;
    SpinBarrier barrier;
    const StillCheck& still; ///< thread 0's, between the barriers
    PgsResult result{};      ///< thread 0's
    bool stop = false;  ///< thread 0's decision, read by all after a barrier
};

/// Thread `thread`'s share of colour k (ColouredSolve::shares).
inline std::span<PackedContact> slice(ColouredSolve& s, std::size_t k, int thread) {
    const std::size_t row = k * (s.parts.size() + 1) + static_cast<std::size_t>(thread);
    return s.contacts.subspan(s.shares[row], s.shares[row + 1] - s.shares[row]);
}

#if defined(__x86_64__)
/// Thread `thread`'s share of colour k's groups (ColouredSolve::groups).
inline std::span<const WideGroup> groupShare(const ColouredSolve& s, std::size_t k, int thread) {
    const std::size_t row = k * (s.parts.size() + 1) + static_cast<std::size_t>(thread);
    return s.groups.subspan(s.shares[row], s.shares[row + 1] - s.shares[row]);
}
#endif

/// Thread `thread`'s part of the warm start of colour k: its contacts, or its groups. Returns
/// the larger of `max` and their |f|_inf.
template <class Lanes>
[[gnu::always_inline]] inline double warmStartShare(ColouredSolve& s, std::size_t k, int thread,
                                                    double max) {
#if defined(__x86_64__)
    if (!s.groups.empty()) {
        return warmStartGroups(s.bodies, groupShare(s, k, thread), s.points, max);
    }
#endif
    return applyWarmStart<Lanes>(s.bodies, slice(s, k, thread), max);
}

/// Thread `thread`'s part of a sweep of colour k: its contacts, or its groups.
template <class Lanes>
[[gnu::always_inline]] inline void updateShare(ColouredSolve& s, std::size_t k, int thread, Pair w,
                                               SweepResiduals& r) {
#if defined(__x86_64__)
    if (!s.groups.empty()) {
        updateGroups(s.bodies, groupShare(s, k, thread), s.points, s.settings.overRelaxation, r);
        return;
    }
#endif
    updateContacts<Lanes>(s.bodies, slice(s, k, thread), w, r);
}

/// What sweep() does, colour by colour, each colour split among the threads with a barrier
/// after it. The residuals are maxima, so their per-thread parts reduce to the same bits.
template <class Lanes>
[[gnu::always_inline]] inline void colouredSweeps(ColouredSolve& s, int thread) {
    const std::size_t colours = s.starts.size() - 1;
    ThreadResiduals& mine = s.parts[static_cast<std::size_t>(thread)];
    for (std::size_t k = 0; k < colours; ++k) {
        mine.warmStartMax = warmStartShare<Lanes>(s, k, thread, mine.warmStartMax);
        s.barrier.wait();
    }
    double previousMax = 0.0; // thread 0's
    if (thread == 0) {
        for (const ThreadResiduals& part : s.parts) {
            previousMax = std::max(previousMax, part.warmStartMax);
        }
        s.result.converged = false;
        s.still.remember();
    }
    s.barrier.wait(); // the velocities after the warm start are remembered before any sweep
    const Pair w = splat(s.settings.overRelaxation);
    for (int it = 0; it < s.settings.maxIterations; ++it) {
        SweepResiduals r;
        for (std::size_t k = 0; k < colours; ++k) {
            updateShare<Lanes>(s, k, thread, w, r);
            mine.sweep = r;
            s.barrier.wait();
        }
        if (thread == 0) {
            SweepResiduals all;
            for (const ThreadResiduals& part : s.parts) {
                all.mergeMaxima(part.sweep);
            }
            s.stop = stopAfterSweep(all, it, previousMax, s.settings, s.still, s.result);
            if (!s.stop) {
                s.still.remember();
            }
        }
        s.barrier.wait();
        if (s.stop) {
            return;
        }
    }
}

void colouredSweepsBaseline(ColouredSolve& s, int thread) {
    colouredSweeps<PairLanes>(s, thread);
}

#if defined(__x86_64__)
[[gnu::target("avx2")]] void colouredSweepsAvx2(ColouredSolve& s, int thread) {
    colouredSweeps<QuadLanes>(s, thread);
}
#endif

PgsResult sweepBaseline(std::span<PackedBody> bodies, std::span<PackedContact> contacts,
                        const PgsSettings& settings, const StillCheck& still) {
    return sweep<PairLanes>(bodies, contacts, settings, still);
}

#if defined(__x86_64__)
/// The same operations in the same order (no FMA: contraction is off, and the target does not
/// enable it), compiled for AVX2.
[[gnu::target("avx2")]] PgsResult sweepAvx2(std::span<PackedBody> bodies,
                                            std::span<PackedContact> contacts,
                                            const PgsSettings& settings, const StillCheck& still) {
    return sweep<QuadLanes>(bodies, contacts, settings, still);
}
#endif

/// Throws unless `starts` splits the contacts into colours in which no two manifolds share a
/// dynamic body (inverseMass > 0): a wrong colouring would make the threads race.
void checkColours(std::span<const SolverBody> bodies, std::span<const SolverContact> contacts,
                  std::span<const std::uint32_t> starts, std::vector<std::uint32_t>& colourOf) {
    if (starts.size() < 2 || starts.front() != 0 || starts.back() != contacts.size() ||
        !std::is_sorted(starts.begin(), starts.end())) {
        throw std::invalid_argument("solveContacts: colour starts must rise from 0 to the "
                                    "contact count");
    }
    colourOf.assign(bodies.size(), 0);
    for (std::size_t k = 0; k + 1 < starts.size(); ++k) {
        const auto stamp = static_cast<std::uint32_t>(k + 1);
        for (std::uint32_t i = starts[k]; i < starts[k + 1]; ++i) {
            const SolverContact& c = contacts[i];
            const bool previousPoint = i > starts[k] && sameManifold(contacts[i - 1], c);
            for (const int body : {c.bodyA, c.bodyB}) {
                const auto b = static_cast<std::size_t>(body);
                if (bodies[b].inverseMass > 0.0 && colourOf[b] == stamp && !previousPoint) {
                    throw std::invalid_argument("solveContacts: two manifolds of colour " +
                                                std::to_string(k) + " share dynamic body " +
                                                std::to_string(body));
                }
                colourOf[b] = bodies[b].inverseMass > 0.0 ? stamp : colourOf[b];
            }
        }
    }
}

/// Points each contact side on a static or kinematic body (1/m = 0, no angular response) at a
/// copy of its own. An update adds exact zeros to such a body, so the copies and the original
/// keep the same bits, but threads never write the same body, and a non-finite impulse (a
/// blow-up: 0 * inf) spoils only its own copy instead of every body resting on the ground.
void giveStaticBodiesCopies(PgsScratch::Arrays& packed) {
    const std::size_t count = packed.bodies.size();
    std::size_t copies = 0;
    for (const PackedContact& c : packed.contacts) {
        copies += (packed.bodies[std::size_t(c.bodyA)].linear[3] == 0.0 ? 1 : 0) +
                  (packed.bodies[std::size_t(c.bodyB)].linear[3] == 0.0 ? 1 : 0);
    }
    packed.bodies.resize(count + copies);
    std::size_t next = count;
    for (PackedContact& c : packed.contacts) {
        for (std::int32_t* body : {&c.bodyA, &c.bodyB}) {
            if (packed.bodies[std::size_t(*body)].linear[3] == 0.0) {
                packed.bodies[next] = packed.bodies[std::size_t(*body)];
                *body = static_cast<std::int32_t>(next++);
            }
        }
    }
}

/// ColouredSolve::shares: each colour split evenly among `threads`, each boundary moved
/// forward past the rest of a manifold (consecutive contacts between the same two bodies), so
/// that one thread sweeps a whole manifold.
void splitShares(std::span<const SolverContact> contacts, std::span<const std::uint32_t> starts,
                 std::size_t threads, std::vector<std::uint32_t>& shares) {
    shares.clear();
    for (std::size_t k = 0; k + 1 < starts.size(); ++k) {
        const std::size_t begin = starts[k];
        const std::size_t end = starts[k + 1];
        for (std::size_t t = 0; t <= threads; ++t) {
            std::size_t i = begin + (end - begin) * t / threads;
            while (i > begin && i < end && sameManifold(contacts[i - 1], contacts[i])) {
                ++i;
            }
            shares.push_back(static_cast<std::uint32_t>(i));
        }
    }
}

/// Splits each colour's groups among `threads` threads into runs of about equal point counts,
/// the work of a sweep (ColouredSolve::groups). Not an even split of the group count: a colour's
/// groups come largest manifold first (packWide()), so the first thread would take the most
/// points and the others would wait at every colour's barrier.
void splitGroupShares(std::span<const WideGroup> groups, std::span<const std::uint32_t> groupStarts,
                      std::size_t threads, std::vector<std::uint32_t>& shares) {
    shares.clear();
    for (std::size_t k = 0; k + 1 < groupStarts.size(); ++k) {
        const std::size_t first = groupStarts[k];
        const std::size_t last = groupStarts[k + 1];
        std::uint64_t total = 0;
        for (std::size_t i = first; i < last; ++i) {
            total += groups[i].points;
        }
        shares.push_back(static_cast<std::uint32_t>(first));
        std::size_t i = first;
        std::uint64_t swept = 0;
        for (std::size_t t = 1; t < threads; ++t) {
            while (i < last && swept * threads < total * t) {
                swept += groups[i++].points;
            }
            shares.push_back(static_cast<std::uint32_t>(i));
        }
        shares.push_back(static_cast<std::uint32_t>(last));
    }
}

/// The contacts packed one at a time (PackedContact), in chunks on `pool`'s threads when there
/// is one (the same bits), four at a time with AVX2 (the same bits), each static side on a copy
/// of its body.
void packContacts(PgsScratch::Arrays& packed, std::span<const SolverBody> bodies,
                  std::span<const SolverContact> contacts, double overRelaxation, bool avx2,
                  ThreadPool* pool) {
    packed.contacts.resize(contacts.size());
    constexpr std::size_t kContactsPerChunk = 256; // ~10 us of work
    forEachChunk(pool, contacts.size(), kContactsPerChunk, [&](std::size_t begin, std::size_t end) {
#if defined(__x86_64__)
        if (avx2) {
            packContactsFour(bodies, contacts.subspan(begin, end - begin), overRelaxation,
                             std::span(packed.contacts).subspan(begin, end - begin));
            return;
        }
#else
        (void)avx2;
#endif
        for (std::size_t i = begin; i < end; ++i) {
            const SolverContact& c = contacts[i];
            packContact(bodies[std::size_t(c.bodyA)], bodies[std::size_t(c.bodyB)], c,
                        overRelaxation, packed.contacts[i]);
        }
    });
    giveStaticBodiesCopies(packed);
}

PgsResult solveColoured(PgsScratch::Arrays& packed, std::span<const SolverContact> contacts,
                        const PgsColours& colours, const PgsSettings& settings,
                        const StillCheck& still, bool avx2) {
    ThreadPool& pool = *colours.pool;
    const auto threads = static_cast<std::size_t>(pool.threads());
    packed.parts.assign(threads, ThreadResiduals{});
    const bool wide = !packed.wide.groups.empty(); // else the contacts are packed one at a time
    if (wide) {
        splitGroupShares(packed.wide.groups, packed.wide.groupStarts, threads, packed.shares);
    } else {
        splitShares(contacts, colours.starts, threads, packed.shares);
    }
    ColouredSolve solve{.bodies = packed.bodies,
                        .contacts = wide ? std::span<PackedContact>() : packed.contacts,
                        .starts = colours.starts,
                        .shares = packed.shares,
                        .settings = settings,
                        .parts = packed.parts,
                        .groups = packed.wide.groups,
                        .points = packed.wide.points,
                        .barrier = SpinBarrier(pool.threads(), pool.idleSpin()),
                        .still = still};
#if defined(__x86_64__)
    pool.together([&](int thread) {
        if (avx2) {
            colouredSweepsAvx2(solve, thread);
        } else {
            colouredSweepsBaseline(solve, thread);
        }
    });
#else
    (void)avx2;
    pool.together([&](int thread) { colouredSweepsBaseline(solve, thread); });
#endif
    return solve.result;
}

} // namespace

bool PgsColours::widens(std::size_t contactCount) const {
    return contactCount > 0 && contactCount <= maxWideContacts;
}

bool PgsColours::spreads(std::size_t contactCount) const {
    return spreadSweeps && pool != nullptr && pool->threads() > 1 && contactCount > 0 &&
           contactCount >= minContactsPerThread * static_cast<std::size_t>(pool->threads());
}

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
                        const PgsSettings& settings, PgsScratch& scratch, PgsKernel kernel,
                        const PgsColours& colours) {
    PgsScratch::Arrays& packed = scratch.arrays();
    packed.bodies.resize(bodies.size());
    packed.before.resize(bodies.size());
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        packed.bodies[i] = packBody(bodies[i]);
    }
    static const bool hasAvx2 = pgsKernelAvailable(PgsKernel::avx2);
    const bool avx2 = kernel == PgsKernel::avx2 || (kernel == PgsKernel::automatic && hasAvx2);
    const bool parallel = colours.spreads(contacts.size());
    // A colouring lets the sweeps take four manifolds at once, one per AVX2 lane (PgsWide.h),
    // packed straight from the contacts.
    const bool wide = avx2 && !colours.starts.empty() && colours.widens(contacts.size());
    if (parallel || wide) {
        checkColours(bodies, contacts, colours.starts, packed.colourOf);
    }
    packed.wide.groups.clear(); // the groups of an earlier solve must not be swept
    packed.wide.points.clear();
#if defined(__x86_64__)
    if (wide) {
        packWide(bodies, contacts, settings.overRelaxation, colours.starts, packed.bodies,
                 packed.wide, colours.pool);
    }
#endif
    if (!wide) {
        packContacts(packed, bodies, contacts, settings.overRelaxation, avx2, colours.pool);
    }
    // The solve's own bodies only: static copies (giveStaticBodiesCopies()) never move.
    const StillCheck still{.bodies = std::span(packed.bodies).first(bodies.size()),
                           .before = packed.before,
                           .solverBodies = bodies};
    PgsResult result;
    if (parallel) {
        result = solveColoured(packed, contacts, colours, settings, still, avx2);
    } else {
#if defined(__x86_64__)
        result =
            wide ? sweepWide(packed.bodies, packed.wide.groups, packed.wide.points, settings, still)
            : avx2 ? sweepAvx2(packed.bodies, packed.contacts, settings, still)
                   : sweepBaseline(packed.bodies, packed.contacts, settings, still);
#else
        result = sweepBaseline(packed.bodies, packed.contacts, settings, still);
#endif
    }
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const PackedBody& p = packed.bodies[i];
        bodies[i].linearVelocity = Vec3(p.linear[0], p.linear[1], p.linear[2]);
        bodies[i].angularVelocity = Vec3(p.angular[0], p.angular[1], p.angular[2]);
    }
#if defined(__x86_64__)
    if (wide) {
        unpackImpulses(packed.wide.points, contacts);
        return result;
    }
#endif
    for (std::size_t i = 0; i < contacts.size(); ++i) {
        const PackedContact& p = packed.contacts[i];
        contacts[i].impulse = Vec3(p.impulse[0], p.impulse[1], p.impulse[2]);
    }
    return result;
}

} // namespace detail

PgsResult solveContacts(std::span<SolverBody> bodies, std::span<SolverContact> contacts,
                        const PgsSettings& settings, PgsScratch& scratch) {
    return detail::solveContacts(bodies, contacts, settings, scratch, detail::PgsKernel::automatic);
}

PgsResult solveContacts(std::span<SolverBody> bodies, std::span<SolverContact> contacts,
                        const PgsSettings& settings, PgsScratch& scratch,
                        const PgsColours& colours) {
    return detail::solveContacts(bodies, contacts, settings, scratch, detail::PgsKernel::automatic,
                                 colours);
}

PgsResult solveContacts(std::span<SolverBody> bodies, std::span<SolverContact> contacts,
                        const PgsSettings& settings) {
    PgsScratch scratch;
    return solveContacts(bodies, contacts, settings, scratch);
}

} // namespace mk
