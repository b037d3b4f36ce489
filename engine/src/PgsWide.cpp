/// \file PgsWide.cpp
/// The four-manifold sweep (PgsWide.h): packing, and the kernel of updateContact<QuadLanes>()
/// lane by lane, branches as selects.

#include "PgsWide.h"

#include <algorithm>
#include <array>
#include <utility>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace mk::pgs {

#if defined(__x86_64__)
namespace {

constexpr std::size_t kFrame = doubleIndex(offsetof(PackedContact, frameRows));
constexpr std::size_t kLeverB = doubleIndex(offsetof(PackedContact, leverB));
constexpr std::size_t kLeverA = doubleIndex(offsetof(PackedContact, leverA));
constexpr std::size_t kDelassusThird = doubleIndex(offsetof(PackedContact, delassusThird));
constexpr std::size_t kTangentInverse = doubleIndex(offsetof(PackedContact, tangentInverse));
constexpr std::size_t kNormalStep = doubleIndex(offsetof(PackedContact, normalStep));
constexpr std::size_t kTangentDiagonal = doubleIndex(offsetof(PackedContact, tangentDiagonal));
constexpr std::size_t kTangentOffDiagonal =
    doubleIndex(offsetof(PackedContact, tangentOffDiagonal));
constexpr std::size_t kBias = doubleIndex(offsetof(PackedContact, bias));
constexpr std::size_t kFriction = doubleIndex(offsetof(PackedContact, friction));
constexpr std::size_t kConeScale = doubleIndex(offsetof(PackedContact, coneScale));
constexpr std::size_t kImpulse = doubleIndex(offsetof(PackedContact, impulse));

/// The four lanes' bodies of a WideGroup side, by component (lane l: manifold l's body).
struct WideBodies {
    Quad v[3];
    Quad inverseMass;
    Quad w[3];
    Quad unused; ///< the angular quads' fourth lanes, stored back unchanged
    /// I^-1 in PackedBody's turned order (I00, I10, I21, I01, I11, I22, I02, I12, I20); read
    /// only.
    Quad inertiaTurned[9];
};

[[gnu::target("avx2"), gnu::always_inline]] inline void transpose(Quad& r0, Quad& r1, Quad& r2,
                                                                  Quad& r3) {
    const __m256d t0 = _mm256_unpacklo_pd(__m256d(r0), __m256d(r1));
    const __m256d t1 = _mm256_unpackhi_pd(__m256d(r0), __m256d(r1));
    const __m256d t2 = _mm256_unpacklo_pd(__m256d(r2), __m256d(r3));
    const __m256d t3 = _mm256_unpackhi_pd(__m256d(r2), __m256d(r3));
    r0 = Quad(_mm256_permute2f128_pd(t0, t2, 0x20));
    r1 = Quad(_mm256_permute2f128_pd(t1, t3, 0x20));
    r2 = Quad(_mm256_permute2f128_pd(t0, t2, 0x31));
    r3 = Quad(_mm256_permute2f128_pd(t1, t3, 0x31));
}

[[gnu::target("avx2"), gnu::always_inline]] inline WideBodies
loadBodies(std::span<const PackedBody> bodies, const std::int32_t (&index)[4]) {
    WideBodies s;
    s.v[0] = bodies[std::size_t(index[0])].linear;
    s.v[1] = bodies[std::size_t(index[1])].linear;
    s.v[2] = bodies[std::size_t(index[2])].linear;
    s.inverseMass = bodies[std::size_t(index[3])].linear;
    transpose(s.v[0], s.v[1], s.v[2], s.inverseMass);
    s.w[0] = bodies[std::size_t(index[0])].angular;
    s.w[1] = bodies[std::size_t(index[1])].angular;
    s.w[2] = bodies[std::size_t(index[2])].angular;
    s.unused = bodies[std::size_t(index[3])].angular;
    transpose(s.w[0], s.w[1], s.w[2], s.unused);
    for (std::size_t j = 0; j < 3; ++j) {
        Quad* t = s.inertiaTurned + 3 * j;
        t[0] = bodies[std::size_t(index[0])].inertiaTurned[j];
        t[1] = bodies[std::size_t(index[1])].inertiaTurned[j];
        t[2] = bodies[std::size_t(index[2])].inertiaTurned[j];
        Quad fourth = bodies[std::size_t(index[3])].inertiaTurned[j];
        transpose(t[0], t[1], t[2], fourth);
    }
    return s;
}

[[gnu::target("avx2"), gnu::always_inline]] inline void
storeBodies(std::span<PackedBody> bodies, const std::int32_t (&index)[4], WideBodies s) {
    transpose(s.v[0], s.v[1], s.v[2], s.inverseMass);
    transpose(s.w[0], s.w[1], s.w[2], s.unused);
    const Quad linear[4] = {s.v[0], s.v[1], s.v[2], s.inverseMass};
    const Quad angular[4] = {s.w[0], s.w[1], s.w[2], s.unused};
    for (std::size_t l = 0; l < 4; ++l) {
        bodies[std::size_t(index[l])].linear = linear[l];
        bodies[std::size_t(index[l])].angular = angular[l];
    }
}

[[gnu::target("avx2"), gnu::always_inline]] inline Quad splat4(double x) {
    return Quad{x, x, x, x};
}
[[gnu::target("avx2"), gnu::always_inline]] inline Quad sqrt4(Quad x) {
    return Quad(_mm256_sqrt_pd(__m256d(x)));
}
/// std::max(a, b) lane by lane: (a < b) ? b : a, NaN and signed zeros included.
[[gnu::target("avx2"), gnu::always_inline]] inline Quad max4(Quad a, Quad b) {
    return Quad(_mm256_max_pd(__m256d(b), __m256d(a)));
}
[[gnu::target("avx2"), gnu::always_inline]] inline Quad abs4(Quad x) {
    return Quad(_mm256_andnot_pd(_mm256_set1_pd(-0.0), __m256d(x)));
}
/// `yes` in the lanes where `mask` is set, else `no`.
[[gnu::target("avx2"), gnu::always_inline]] inline Quad select4(QuadIndex mask, Quad yes, Quad no) {
    return Quad(_mm256_blendv_pd(__m256d(no), __m256d(yes), __m256d(mask)));
}

/// Lane-wise maxima of the sweep's residuals (SweepResiduals per lane).
struct WideResiduals {
    Quad complementarity{};
    /// The squared distances: max sqrt(x_i) = sqrt(max x_i) exactly (a correctly rounded sqrt
    /// is monotonic), so the fold takes one square root per lane instead of one per point.
    Quad dualFeasibilitySquared{};
    Quad maxChange{};
    Quad maxImpulse{};
};

/// projectOntoDisk() lane by lane on the lanes `sliding` (radius > kDiskSmallest n there): each
/// lane stops where the one-lane loop stops, so its bits are the same.
[[gnu::target("avx2"), gnu::noinline]] void
projectOntoDisk4(const Quad* c, QuadIndex sliding, Quad& t0, Quad& t1, Quad n, Quad radius) {
    const Quad g00 = c[kTangentDiagonal];
    const Quad g11 = c[kTangentDiagonal + 1];
    const Quad g01 = c[kTangentOffDiagonal];
    const Quad p0 = g00 * t0 + g01 * t1;
    const Quad p1 = g01 * t0 + g11 * t1;
    Quad lambda{};
    Quad a = g00;
    Quad d = g11;
    Quad det = a * d - g01 * g01;
    Quad h0 = det * t0;
    Quad h1 = det * t1;
    Quad norm = det * n;
    QuadIndex active = sliding;
    for (int k = 0; k < kDiskIterations; ++k) {
        active = active & (norm > radius * det * (1.0 + kDiskSlack));
        if (_mm256_movemask_pd(__m256d(active)) == 0) {
            break;
        }
        const Quad m0 = d * h0 - g01 * h1;
        const Quad m1 = a * h1 - g01 * h0;
        const Quad nextLambda =
            lambda + (norm * norm) * (norm - radius * det) / (radius * (h0 * m0 + h1 * m1));
        const Quad nextA = g00 + nextLambda;
        const Quad nextD = g11 + nextLambda;
        const Quad nextDet = nextA * nextD - g01 * g01;
        const Quad next0 = nextD * p0 - g01 * p1;
        const Quad next1 = nextA * p1 - g01 * p0;
        lambda = select4(active, nextLambda, lambda);
        a = select4(active, nextA, a);
        d = select4(active, nextD, d);
        det = select4(active, nextDet, det);
        h0 = select4(active, next0, h0);
        h1 = select4(active, next1, h1);
        norm = select4(active, sqrt4(next0 * next0 + next1 * next1), norm);
    }
    const Quad scale = radius / norm;
    t0 = select4(sliding, h0 * scale, t0);
    t1 = select4(sliding, h1 * scale, t1);
}

/// Component k of sum_i m_i x_i for the rows at field[m] (QuadLanes::product).
[[gnu::always_inline]] inline Quad rowProduct(const Quad* m, std::size_t k, const Quad (&x)[3]) {
    return (m[k] * x[0] + m[3 + k] * x[1]) + m[6 + k] * x[2];
}

/// The turned product of QuadLanes::turnedProduct, lane by lane, f = (f0, f1, f2).
[[gnu::always_inline]] inline void turnedProduct4(const Quad* t, const std::array<Quad, 3>& f,
                                                  Quad (&out)[3]) {
    out[0] = (t[0] * f[0] + t[3] * f[1]) + t[6] * f[2];
    out[1] = (t[1] * f[0] + t[4] * f[1]) + t[7] * f[2];
    out[2] = (t[2] * f[1] + t[5] * f[2]) + t[8] * f[0];
}

/// x y lane by lane, x at x[0..2], y at y[0..2] (QuadLanes::cross).
[[gnu::always_inline]] inline std::array<Quad, 3> cross4(const Quad* x, const Quad* y) {
    return {x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]};
}

/// QuadLanes::apply() lane by lane: impulse change `df` (contact frame) on the lanes' bodies;
/// inactive lanes leave their bodies untouched.
[[gnu::target("avx2"), gnu::always_inline]] inline void
applyWide(WideBodies& a, WideBodies& b, const WidePoint& p, const Quad (&df)[3]) {
    const Quad* rr = p.field + kFrame;
    const Quad pf[3] = {(rr[0] * df[0] + rr[1] * df[1]) + rr[2] * df[2],
                        (rr[3] * df[0] + rr[4] * df[1]) + rr[5] * df[2],
                        (rr[7] * df[1] + rr[8] * df[2]) + rr[6] * df[0]};
    Quad dwa[3];
    Quad dwb[3];
    turnedProduct4(a.inertiaTurned, cross4(p.field + kLeverA, pf), dwa);
    turnedProduct4(b.inertiaTurned, cross4(p.field + kLeverB, pf), dwb);
    const QuadIndex on = p.active;
    for (std::size_t k = 0; k < 3; ++k) {
        a.v[k] = select4(on, a.v[k] - a.inverseMass * pf[k], a.v[k]);
        a.w[k] = select4(on, a.w[k] - dwa[k], a.w[k]);
        b.v[k] = select4(on, b.v[k] + b.inverseMass * pf[k], b.v[k]);
        b.w[k] = select4(on, b.w[k] + dwb[k], b.w[k]);
    }
}

/// maxAbs() lane by lane.
[[gnu::target("avx2"), gnu::always_inline]] inline Quad maxAbs4(const Quad (&f)[3]) {
    return max4(max4(abs4(f[0]), abs4(f[1])), abs4(f[2]));
}

/// updateContact<QuadLanes>() on the four lanes of `p`, the same operations in the same order
/// lane by lane, branches as selects; inactive lanes leave their bodies untouched.
[[gnu::target("avx2"), gnu::always_inline]] inline void
updateWide(WideBodies& a, WideBodies& b, WidePoint& p, Quad w, WideResiduals& r) {
    const Quad* c = p.field;
    const std::array<Quad, 3> cb = cross4(b.w, c + kLeverB);
    const std::array<Quad, 3> ca = cross4(a.w, c + kLeverA);
    Quad u[3];
    for (std::size_t k = 0; k < 3; ++k) {
        u[k] = ((b.v[k] - a.v[k]) + cb[k]) - ca[k];
    }
    Quad v[3];
    for (std::size_t k = 0; k < 3; ++k) {
        v[k] = rowProduct(c + kFrame, k, u);
    }
    v[2] = v[2] + c[kBias];
    const Quad mu = c[kFriction];
    const Quad old[3] = {c[kImpulse], c[kImpulse + 1], c[kImpulse + 2]};
    // accumulateResiduals()
    const Quad tangential = sqrt4(v[0] * v[0] + v[1] * v[1]);
    const Quad corrected = v[2] + mu * tangential;
    const Quad work = (old[0] * v[0] + old[1] * v[1]) + old[2] * corrected;
    r.complementarity = max4(r.complementarity, abs4(work));
    const Quad along = (tangential + mu * corrected) / c[kConeScale];
    const Quad radial = tangential - along;
    const Quad axial = corrected - along * mu;
    const Quad distanceSquared =
        select4(mu * tangential <= corrected, Quad{},
                select4(along <= 0.0, (v[0] * v[0] + v[1] * v[1]) + corrected * corrected,
                        radial * radial + axial * axial));
    r.dualFeasibilitySquared = max4(r.dualFeasibilitySquared, distanceSquared);
    // normal
    const Quad fz = max4(Quad{}, old[2] - c[kNormalStep] * v[2]);
    const Quad dz = fz - old[2];
    const Quad vx = v[0] + c[kDelassusThird] * dz;
    const Quad vy = v[1] + c[kDelassusThird + 1] * dz;
    // frictionStep()
    const Quad radius = mu * fz;
    const Quad* ti = c + kTangentInverse;
    const Quad step0 = ti[0] * vx + ti[1] * vy;
    const Quad step1 = ti[1] * vx + ti[2] * vy;
    Quad t0 = old[0] - w * step0;
    Quad t1 = old[1] - w * step1;
    const Quad n = sqrt4(t0 * t0 + t1 * t1);
    const QuadIndex outside = n > radius;
    const QuadIndex sliding = outside & (radius > kDiskSmallest * n);
    // The projection's Newton steps (square roots and divisions, the divider's slowest work,
    // out of line) only when a lane slides under a normal impulse; a point without one (most
    // speculative points) only loses its friction.
    if (_mm256_movemask_pd(__m256d(sliding)) != 0) {
        projectOntoDisk4(c, sliding, t0, t1, n, radius);
    }
    // The rest outside: without a normal impulse no friction, under one of next to nothing
    // scaled onto the disk (frictionStep()).
    const QuadIndex unprojected = outside & ~sliding;
    if (_mm256_movemask_pd(__m256d(unprojected)) != 0) {
        const QuadIndex point = unprojected & (radius > 0.0);
        const Quad scale = radius / n;
        t0 = select4(unprojected, select4(point, t0 * scale, Quad{}), t0);
        t1 = select4(unprojected, select4(point, t1 * scale, Quad{}), t1);
    }
    const Quad df[3] = {t0 - old[0], t1 - old[1], dz};
    applyWide(a, b, p, df);
    p.field[kImpulse] = t0;
    p.field[kImpulse + 1] = t1;
    p.field[kImpulse + 2] = fz;
    r.maxChange = max4(r.maxChange, maxAbs4(df));
    r.maxImpulse = max4(r.maxImpulse, maxAbs4({t0, t1, fz}));
}

/// Points ahead whose lines a sweep asks for. A large pile's points stream from memory (a sweep
/// of 40,000 contacts reads 20 MB), and the hardware prefetcher alone keeps too few of a
/// point's 32 lines in flight (docs/engine.md, "Streaming the sweeps").
constexpr std::size_t kPointsAhead = 2;

/// The lanes' residuals folded into one SweepResiduals (maxima: any order gives the same).
SweepResiduals foldLanes(const WideResiduals& wide) {
    SweepResiduals r;
    for (std::size_t l = 0; l < 4; ++l) {
        r.complementarity = std::max(r.complementarity, wide.complementarity[l]);
        r.dualFeasibility = std::max(r.dualFeasibility, std::sqrt(wide.dualFeasibilitySquared[l]));
        r.maxChange = std::max(r.maxChange, wide.maxChange[l]);
        r.maxImpulse = std::max(r.maxImpulse, wide.maxImpulse[l]);
    }
    return r;
}

/// Appends the manifolds of contacts [begin, end) (runs between the same two bodies), the
/// largest first: groups of four then waste few lanes. Their order within a colour does not
/// matter, they share no body; ties keep the contact order, so the packing is deterministic.
/// A stable counting sort by point count (`listing` and `slots` are scratch).
void listManifolds(std::span<const SolverContact> contacts, std::size_t begin, std::size_t end,
                   std::vector<WidePacking::Manifold>& manifolds,
                   std::vector<WidePacking::Manifold>& listing, std::vector<std::size_t>& slots) {
    listing.clear();
    std::uint32_t most = 0;
    for (std::size_t i = begin; i < end;) {
        const std::size_t first = i;
        for (++i; i < end && sameManifold(contacts[first], contacts[i]); ++i) {
        }
        const auto count = static_cast<std::uint32_t>(i - first);
        listing.push_back({static_cast<std::uint32_t>(first), count});
        most = std::max(most, count);
    }
    // slot k: where the manifolds of most - k points start
    slots.assign(std::size_t{most} + 1, 0);
    for (const WidePacking::Manifold& m : listing) {
        ++slots[most - m.count];
    }
    std::size_t next = manifolds.size();
    for (std::size_t& slot : slots) {
        next += std::exchange(slot, next);
    }
    manifolds.resize(next);
    for (const WidePacking::Manifold& m : listing) {
        manifolds[slots[most - m.count]++] = m;
    }
}

/// The body index a lane uses for `body`: a copy of its own when it is static or kinematic
/// (packWide()).
std::int32_t laneBody(std::int32_t body, std::vector<PackedBody>& bodies) {
    if (bodies[std::size_t(body)].linear[3] != 0.0) {
        return body;
    }
    bodies.push_back(bodies[std::size_t(body)]);
    return static_cast<std::int32_t>(bodies.size() - 1);
}

/// The WideGroup of up to four manifolds (lanes past their number are empty), its points not
/// yet written (packPoints()).
WideGroup groupOf(std::span<const WidePacking::Manifold> lanes,
                  std::span<const SolverContact> contacts, std::int32_t dummy,
                  std::uint32_t firstPoint, std::vector<PackedBody>& bodies) {
    WideGroup g;
    g.firstPoint = firstPoint;
    for (std::size_t l = 0; l < 4; ++l) {
        const bool used = l < lanes.size();
        g.bodyA[l] = used ? laneBody(contacts[lanes[l].begin].bodyA, bodies) : dummy;
        g.bodyB[l] = used ? laneBody(contacts[lanes[l].begin].bodyB, bodies) : dummy;
        g.points = std::max(g.points, used ? lanes[l].count : 0u);
    }
    return g;
}

/// The contacts `contact` (-1: an empty lane) on lanes, with what the set-up needs of
/// their bodies (laneContact() lane by lane).
[[gnu::target("avx2"), gnu::always_inline]] inline LaneContact<Quad>
gatherLanes(const std::int32_t (&contact)[4], std::span<const SolverBody> bodies,
            std::span<const SolverContact> contacts) {
    // An empty lane repeats an active lane's contact (packFour() masks its output to zero):
    // zeroing the 1.2 kB of `in` first was a fifth of the packing's time.
    std::int32_t filler = 0;
    for (std::size_t l = 4; l-- > 0;) {
        filler = contact[l] >= 0 ? contact[l] : filler;
    }
    LaneContact<Quad> in;
    for (std::size_t l = 0; l < 4; ++l) {
        const SolverContact& c = contacts[std::size_t(contact[l] >= 0 ? contact[l] : filler)];
        fillLane(
            bodies[std::size_t(c.bodyA)], bodies[std::size_t(c.bodyB)], c,
            in, [l](Quad & member, double x) __attribute__((always_inline)) { member[l] = x; });
    }
    return in;
}

/// The contacts `contact` (-1: an empty lane) set up at once (setUpLanes<Quad>: the bits of
/// each lane's contactSetup()) and written as put(i, quad) for each double i of PackedContact,
/// lane l contact[l]'s (zero in empty lanes).
template <class Put>
[[gnu::target("avx2"), gnu::always_inline]] inline void
packFour(const std::int32_t (&contact)[4], std::span<const SolverBody> bodies,
         std::span<const SolverContact> contacts, double w, Put&& put) {
    const LaneContact<Quad> in = gatherLanes(contact, bodies, contacts);
    const LaneSetup<Quad> k = setUpLanes(in);
    const QuadIndex active{contact[0] >= 0 ? -1 : 0, contact[1] >= 0 ? -1 : 0,
                           contact[2] >= 0 ? -1 : 0, contact[3] >= 0 ? -1 : 0};
    packContactDoubles(
        in, k, w, [&put, active ](std::size_t i, Quad x) __attribute__((always_inline)) {
            put(i, Quad(QuadIndex(x) & active));
        });
}

/// Writes the points of group `g`, whose lanes are the manifolds `lanes` (packFour()).
[[gnu::target("avx2")]] void packPoints(const WideGroup& g,
                                        std::span<const WidePacking::Manifold> lanes,
                                        std::span<const SolverBody> bodies,
                                        std::span<const SolverContact> contacts, double w,
                                        WidePoint* points) {
    for (std::uint32_t j = 0; j < g.points; ++j) {
        WidePoint& p = points[g.firstPoint + j];
        for (std::size_t l = 0; l < 4; ++l) {
            const bool on = l < lanes.size() && j < lanes[l].count;
            p.active[l] = on ? -1 : 0;
            p.contact[l] = on ? static_cast<std::int32_t>(lanes[l].begin + j) : -1;
        }
        packFour(
            p.contact, bodies, contacts,
            w, [&p](std::size_t i, Quad x) __attribute__((always_inline)) { p.field[i] = x; });
    }
}

} // namespace

[[gnu::target("avx2")]] void packContactsFour(std::span<const SolverBody> bodies,
                                              std::span<const SolverContact> contacts, double w,
                                              std::span<PackedContact> out) {
    std::size_t first = 0;
    for (; first + 4 <= contacts.size(); first += 4) {
        const auto i = static_cast<std::int32_t>(first);
        PackedContact* const packed = &out[first];
        packFour(
            {i, i + 1, i + 2, i + 3}, bodies, contacts,
            w, [packed](std::size_t d, Quad x) __attribute__((always_inline)) {
                for (std::size_t l = 0; l < 4; ++l) {
                    reinterpret_cast<double*>(&packed[l])[d] = x[l];
                }
            });
        for (std::size_t l = 0; l < 4; ++l) {
            packed[l].bodyA = contacts[first + l].bodyA;
            packed[l].bodyB = contacts[first + l].bodyB;
        }
    }
    for (; first < contacts.size(); ++first) {
        const SolverContact& c = contacts[first];
        packContact(bodies[std::size_t(c.bodyA)], bodies[std::size_t(c.bodyB)], c, w, out[first]);
    }
}

void packWide(std::span<const SolverBody> solverBodies, std::span<const SolverContact> contacts,
              double w, std::span<const std::uint32_t> starts, std::vector<PackedBody>& bodies,
              WidePacking& out, ThreadPool* pool) {
    out.groups.clear();
    out.groupStarts.clear();
    out.manifolds.clear();
    out.groupLanes.clear();
    const auto dummy = static_cast<std::int32_t>(bodies.size());
    bodies.emplace_back();
    // The groups, their bodies and where their points go, in one serial pass: the layout and
    // the static bodies' copies do not depend on the threads.
    std::uint32_t points = 0;
    for (std::size_t k = 0; k + 1 < starts.size(); ++k) {
        out.groupStarts.push_back(static_cast<std::uint32_t>(out.groups.size()));
        const std::size_t first = out.manifolds.size();
        listManifolds(contacts, starts[k], starts[k + 1], out.manifolds, out.listing,
                      out.countSlots);
        for (std::size_t m = first; m < out.manifolds.size(); m += 4) {
            const auto lanes = static_cast<std::uint32_t>(
                std::min<std::size_t>(4, out.manifolds.size() - m));
            const WideGroup g = groupOf(std::span(out.manifolds).subspan(m, lanes), contacts,
                                        dummy, points, bodies);
            out.groups.push_back(g);
            out.groupLanes.push_back({static_cast<std::uint32_t>(m), lanes});
            points += g.points;
        }
    }
    out.groupStarts.push_back(static_cast<std::uint32_t>(out.groups.size()));
    out.points.resize(points);
    // The transposition, most of the packing's time, group by group on the threads.
    constexpr std::size_t kGroupsPerChunk = 64; // ~10 us of work
    forEachChunk(pool, out.groups.size(), kGroupsPerChunk, [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const WidePacking::Lanes& lanes = out.groupLanes[i];
            packPoints(out.groups[i], std::span(out.manifolds).subspan(lanes.first, lanes.count),
                       solverBodies, contacts, w, out.points.data());
        }
    });
}

[[gnu::target("avx2")]] double warmStartGroups(std::span<PackedBody> bodies,
                                               std::span<const WideGroup> groups,
                                               std::span<const WidePoint> points, double max) {
    Quad wideMax{};
    for (const WideGroup& g : groups) {
        WideBodies a = loadBodies(bodies, g.bodyA);
        WideBodies b = loadBodies(bodies, g.bodyB);
        for (std::uint32_t j = 0; j < g.points; ++j) {
            const WidePoint& p = points[g.firstPoint + j];
            const Quad f[3] = {p.field[kImpulse], p.field[kImpulse + 1], p.field[kImpulse + 2]};
            applyWide(a, b, p, f);
            wideMax = max4(wideMax, maxAbs4(f));
        }
        storeBodies(bodies, g.bodyA, a);
        storeBodies(bodies, g.bodyB, b);
    }
    for (std::size_t l = 0; l < 4; ++l) {
        max = std::max(max, wideMax[l]);
    }
    return max;
}

[[gnu::target("avx2")]] void updateGroups(std::span<PackedBody> bodies,
                                          std::span<const WideGroup> groups,
                                          std::span<WidePoint> points, double overRelaxation,
                                          SweepResiduals& r) {
    const Quad w = splat4(overRelaxation);
    WideResiduals wide;
    for (const WideGroup& g : groups) {
        WideBodies a = loadBodies(bodies, g.bodyA);
        WideBodies b = loadBodies(bodies, g.bodyB);
        for (std::uint32_t j = 0; j < g.points; ++j) {
            const std::size_t i = g.firstPoint + j;
            if (i + kPointsAhead < points.size()) {
                prefetchRange(&points[i + kPointsAhead], &points[i + kPointsAhead] + 1);
            }
            updateWide(a, b, points[i], w, wide);
        }
        storeBodies(bodies, g.bodyA, a);
        storeBodies(bodies, g.bodyB, b);
    }
    r.mergeMaxima(foldLanes(wide));
}

void unpackImpulses(std::span<const WidePoint> points, std::span<SolverContact> contacts) {
    for (const WidePoint& p : points) {
        for (std::size_t l = 0; l < 4; ++l) {
            if (p.contact[l] >= 0) {
                contacts[std::size_t(p.contact[l])].impulse =
                    Vec3(p.field[kImpulse][l], p.field[kImpulse + 1][l], p.field[kImpulse + 2][l]);
            }
        }
    }
}

[[gnu::target("avx2")]] PgsResult sweepWide(std::span<PackedBody> bodies,
                                            std::span<const WideGroup> groups,
                                            std::span<WidePoint> points,
                                            const PgsSettings& settings, const StillCheck& still) {
    const double warmStartMax = warmStartGroups(bodies, groups, points, 0.0);
    return sweepAfterWarmStart(
        groups.empty(), warmStartMax, settings,
        still, [&](SweepResiduals & r) __attribute__((always_inline)) {
            updateGroups(bodies, groups, points, settings.overRelaxation, r);
        });
}
#endif

} // namespace mk::pgs
