/// The packed SSE2 sweeps of solveContacts compute the same bits as the textbook formulation on
/// SolverBody/SolverContact with Eigen 3x3 products (the solver as it was before the packing,
/// kept here verbatim as the reference): seeded random piles with static, kinematic and thin
/// bodies, anisotropic friction blocks, stale warm starts, every stopping criterion. Equality
/// is bitwise (signed zeros included), because the pinned state hashes depend on it.

#include "minkowski/engine/ContactSolver.h"
#include "minkowski/engine/ThreadPool.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <iostream>
#include <random>
#include <stdexcept>
#include <vector>

namespace mk {
namespace {
namespace reference {

/// The set-up as Eigen 3.4 expressions (contactSetup() writes the same sums out by hand, and
/// computes them four contacts at a time in the AVX2 packing).
ContactSetup setUp(const SolverBody& a, const SolverBody& b, const SolverContact& c) {
    ContactSetup k;
    k.angularA = skew(c.rA) * c.frame;
    k.angularB = skew(c.rB) * c.frame;
    k.responseA = a.inverseInertia * k.angularA;
    k.responseB = b.inverseInertia * k.angularB;
    k.delassus = (a.inverseMass + b.inverseMass) * Mat3::Identity() +
                 k.angularA.transpose() * k.responseA + k.angularB.transpose() * k.responseB;
    const Mat3& g = k.delassus;
    const double g01 = 0.5 * (g(0, 1) + g(1, 0));
    const double det = g(0, 0) * g(1, 1) - g01 * g01;
    k.tangentInverse = {g(1, 1) / det, -g01 / det, g(0, 0) / det};
    return k;
}

/// R^T times the velocity of b relative to a at the contact: the lever arms, not the set-up's
/// products [r]x R (the packed sweeps read the bodies' inertias and the levers).
Vec3 contactVelocity(const SolverBody& a, const SolverBody& b, const SolverContact& c) {
    const Vec3 u = (b.linearVelocity - a.linearVelocity) + b.angularVelocity.cross(c.rB) -
                   a.angularVelocity.cross(c.rA);
    Vec3 v = c.frame.transpose() * u;
    v.z() += c.bias;
    return v;
}

void applyImpulse(SolverBody& a, SolverBody& b, const SolverContact& c, const Vec3& df) {
    const Vec3 p = c.frame * df;
    a.linearVelocity -= a.inverseMass * p;
    a.angularVelocity -= a.inverseInertia * c.rA.cross(p);
    b.linearVelocity += b.inverseMass * p;
    b.angularVelocity += b.inverseInertia * c.rB.cross(p);
}

double dualConeDistance(const Vec3& v, double s, double mu) {
    if (mu * s <= v.z()) {
        return 0.0;
    }
    const double along = (s + mu * v.z()) / (1.0 + mu * mu);
    if (along <= 0.0) {
        return v.norm();
    }
    const double radial = s - along;
    const double axial = v.z() - along * mu;
    return std::sqrt(radial * radial + axial * axial);
}

struct SweepResiduals {
    double complementarity = 0.0;
    double dualFeasibility = 0.0;
    double maxChange = 0.0;
    double maxImpulse = 0.0;
};

void accumulateResiduals(const Vec3& f, const Vec3& v, double mu, SweepResiduals& r) {
    const double tangential = std::sqrt(v.x() * v.x() + v.y() * v.y());
    Vec3 corrected = v;
    corrected.z() += mu * tangential;
    r.complementarity = std::max(r.complementarity, std::abs(f.dot(corrected)));
    r.dualFeasibility = std::max(r.dualFeasibility, dualConeDistance(corrected, tangential, mu));
}

/// The disk projection in G_tt's metric, Newton on 1/|f(lambda)| - 1/radius from lambda = 0,
/// with f carried as h = adj(G_tt + lambda) G_tt u = det(G_tt + lambda) f.
void projectOntoDisk(const ContactSetup& k, double& x, double& y, double radius) {
    const Mat3& g = k.delassus;
    const double g00 = g(0, 0);
    const double g11 = g(1, 1);
    const double g01 = 0.5 * (g(0, 1) + g(1, 0));
    const double p0 = g00 * x + g01 * y;
    const double p1 = g01 * x + g11 * y;
    double lambda = 0.0;
    double a = g00;
    double d = g11;
    double det = a * d - g01 * g01;
    double h0 = det * x;
    double h1 = det * y;
    double norm = det * std::sqrt(x * x + y * y);
    for (int it = 0; it < 16 && norm > radius * det * (1.0 + 1e-13); ++it) {
        const double m0 = d * h0 - g01 * h1;
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
    x = h0 * scale;
    y = h1 * scale;
}

void updateFriction(const SolverContact& c, const ContactSetup& k, const Vec3& v, double w,
                    const Vec3& old, Vec3& f) {
    const double radius = c.friction * f.z();
    const double ix = k.tangentInverse[0] * v.x() + k.tangentInverse[1] * v.y();
    const double iy = k.tangentInverse[1] * v.x() + k.tangentInverse[2] * v.y();
    double x = old.x() - w * ix;
    double y = old.y() - w * iy;
    const double n = std::sqrt(x * x + y * y);
    if (n > radius) { // sliding
        if (radius > 1e-12 * n) {
            projectOntoDisk(k, x, y, radius);
        } else if (radius > 0.0) {
            x *= radius / n;
            y *= radius / n;
        } else {
            x = 0.0;
            y = 0.0;
        }
    }
    f.x() = x;
    f.y() = y;
}

void updateContact(SolverBody& a, SolverBody& b, SolverContact& c, const ContactSetup& k, double w,
                   SweepResiduals& r) {
    Vec3 v = contactVelocity(a, b, c);
    const Mat3& g = k.delassus;
    const Vec3 old = c.impulse;
    accumulateResiduals(old, v, c.friction, r);
    Vec3 f = old;
    f.z() = std::max(0.0, old.z() - w / g(2, 2) * v.z());
    v += g.col(2) * (f.z() - old.z());
    updateFriction(c, k, v, w, old, f);
    const Vec3 df = f - old;
    applyImpulse(a, b, c, df);
    c.impulse = f;
    r.maxChange = std::max(r.maxChange, df.cwiseAbs().maxCoeff());
    r.maxImpulse = std::max(r.maxImpulse, f.cwiseAbs().maxCoeff());
}

PgsResult solveContacts(std::vector<SolverBody>& bodies, std::vector<SolverContact>& contacts,
                        const PgsSettings& settings) {
    PgsResult result;
    double previousMax = 0.0;
    std::vector<ContactSetup> setups; // the inertias do not change during the solve
    for (SolverContact& c : contacts) {
        setups.push_back(setUp(bodies[c.bodyA], bodies[c.bodyB], c));
        applyImpulse(bodies[c.bodyA], bodies[c.bodyB], c, c.impulse);
        previousMax = std::max(previousMax, c.impulse.cwiseAbs().maxCoeff());
    }
    if (contacts.empty()) {
        return result;
    }
    result.converged = false;
    const double w = settings.overRelaxation;
    for (int it = 0; it < settings.maxIterations; ++it) {
        const std::vector<SolverBody> before = bodies;
        SweepResiduals r;
        for (std::size_t i = 0; i < contacts.size(); ++i) {
            SolverContact& c = contacts[i];
            updateContact(bodies[c.bodyA], bodies[c.bodyB], c, setups[i], w, r);
        }
        result.iterations = it + 1;
        result.complementarity = r.complementarity;
        result.dualFeasibility = r.dualFeasibility;
        const double scale = std::max(r.maxImpulse, previousMax);
        result.relativeChange = scale > 0.0 ? r.maxChange / scale : 0.0;
        const bool absolute =
            r.complementarity <= settings.tolerance && r.dualFeasibility <= settings.tolerance;
        bool relative = r.maxChange <= settings.relativeTolerance * scale;
        if (relative && !absolute) { // and no body's velocity moved by more than its tolerance
            double change = 0.0;
            for (std::size_t b = 0; b < bodies.size(); ++b) {
                for (int k = 0; k < 3; ++k) {
                    const double linear =
                        std::abs(bodies[b].linearVelocity[k] - before[b].linearVelocity[k]);
                    const double angular =
                        std::abs(bodies[b].angularVelocity[k] - before[b].angularVelocity[k]);
                    change = std::max(change, std::max(linear, bodies[b].lever * angular));
                }
            }
            result.velocityChange = change;
            relative = change <= settings.velocityChangeTolerance;
        }
        if (absolute || relative) {
            result.converged = true;
            break;
        }
        previousMax = r.maxImpulse;
    }
    return result;
}

} // namespace reference

/// A random pile: body 0 static, body 1 kinematic (moving, infinite mass), the others dynamic
/// with principal inertias spanning up to a factor 300 in random orientations; contacts between
/// random pairs (never two infinite masses) with random normals, lever arms, friction (zero
/// included), bias of either sign and warm starts (some zero, some stale).
struct RandomPile {
    std::vector<SolverBody> bodies;
    std::vector<SolverContact> contacts;

    RandomPile(std::mt19937_64& rng, int bodyCount, int contactCount) : bodies(bodyCount) {
        std::uniform_real_distribution<double> u(-1.0, 1.0);
        const auto vec = [&](double scale) -> Vec3 { return Vec3(u(rng), u(rng), u(rng)) * scale; };
        bodies[1].linearVelocity = vec(0.5);
        bodies[1].angularVelocity = vec(0.5);
        for (int i = 2; i < bodyCount; ++i) {
            SolverBody& b = bodies[i];
            const double mass = std::exp2(4.0 * u(rng));
            const Vec3 moments =
                mass * 1e-3 *
                Vec3(1.0, 1.0 + 9.0 * std::abs(u(rng)), 1.0 + 299.0 * std::abs(u(rng)));
            Quat q(1.0 + u(rng), u(rng), u(rng), u(rng));
            const Mat3 r = q.normalized().toRotationMatrix();
            b.inverseMass = 1.0 / mass;
            b.inverseInertia = r * moments.cwiseInverse().asDiagonal() * r.transpose();
            b.lever = 0.15 + 0.1 * u(rng);
            b.linearVelocity = vec(2.0);
            b.angularVelocity = vec(10.0);
        }
        std::uniform_int_distribution<int> pick(0, bodyCount - 1);
        for (int k = 0; k < contactCount; ++k) {
            SolverContact c;
            c.bodyB = 2 + k % (bodyCount - 2);
            do {
                c.bodyA = pick(rng);
            } while (c.bodyA == c.bodyB);
            c.rA = vec(0.2);
            c.rB = vec(0.2);
            c.frame = contactFrame(vec(1.0).normalized());
            c.friction = k % 7 == 0 ? 0.0 : 1.2 * std::abs(u(rng));
            c.bias = k % 3 == 0 ? 0.0 : 0.3 * u(rng);
            if (k % 4 != 0) {
                c.impulse = Vec3(0.05 * u(rng), 0.05 * u(rng), 0.1 * std::abs(u(rng)));
            }
            contacts.push_back(c);
        }
    }
};

std::uint64_t bits(double x) {
    return std::bit_cast<std::uint64_t>(x);
}

void expectSameBits(const Vec3& expected, const Vec3& actual, const char* what, int index) {
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(bits(expected[i]), bits(actual[i]))
            << what << " " << index << "[" << i << "]: " << expected[i] << " vs " << actual[i];
    }
}

void expectSameSolve(const RandomPile& pile, const PgsSettings& s, PgsScratch& scratch,
                     detail::PgsKernel kernel, const PgsColours& colours = {}) {
    RandomPile expected = pile;
    std::vector<SolverBody> bodies = pile.bodies;
    std::vector<SolverContact> contacts = pile.contacts;
    const PgsResult e = reference::solveContacts(expected.bodies, expected.contacts, s);
    const PgsResult a = detail::solveContacts(bodies, contacts, s, scratch, kernel, colours);
    EXPECT_EQ(e.iterations, a.iterations);
    EXPECT_EQ(e.converged, a.converged);
    EXPECT_EQ(bits(e.complementarity), bits(a.complementarity));
    EXPECT_EQ(bits(e.dualFeasibility), bits(a.dualFeasibility));
    EXPECT_EQ(bits(e.relativeChange), bits(a.relativeChange));
    EXPECT_EQ(bits(e.velocityChange), bits(a.velocityChange));
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        expectSameBits(expected.bodies[i].linearVelocity, bodies[i].linearVelocity,
                       "linear velocity of body", static_cast<int>(i));
        expectSameBits(expected.bodies[i].angularVelocity, bodies[i].angularVelocity,
                       "angular velocity of body", static_cast<int>(i));
    }
    for (std::size_t i = 0; i < contacts.size(); ++i) {
        expectSameBits(expected.contacts[i].impulse, contacts[i].impulse, "impulse of contact",
                       static_cast<int>(i));
    }
}

/// Every kernel this machine runs (the AVX2 one is skipped, and said so, on a CPU without it).
std::vector<detail::PgsKernel> kernels() {
    std::vector<detail::PgsKernel> k{detail::PgsKernel::baseline};
    if (detail::pgsKernelAvailable(detail::PgsKernel::avx2)) {
        k.push_back(detail::PgsKernel::avx2);
    } else {
        std::cout << "no AVX2 on this CPU: only the baseline kernel is compared\n";
    }
    return k;
}

TEST(ContactSolverReference, PackedSweepsMatchTheEigenFormulationBitForBit) {
    std::mt19937_64 rng(14);
    PgsScratch scratch; // reused across problems of different sizes, as the World does
    int cases = 0;
    for (const int cap : {1, 4, 30}) {
        for (const double w : {1.0, 1.3}) {
            for (const double tolerance : {1e-6, 1e-12}) {
                for (int k = 0; k < 6; ++k, ++cases) {
                    const RandomPile pile(rng, 3 + 4 * k, 2 + 11 * k);
                    PgsSettings s;
                    s.maxIterations = cap;
                    s.overRelaxation = w;
                    s.tolerance = tolerance;
                    s.relativeTolerance = tolerance;
                    s.velocityChangeTolerance = 1e3 * tolerance;
                    for (const detail::PgsKernel kernel : kernels()) {
                        SCOPED_TRACE(::testing::Message()
                                     << "kernel " << static_cast<int>(kernel) << " cap " << cap
                                     << " w " << w << " tol " << tolerance << " case " << k);
                        expectSameSolve(pile, s, scratch, kernel);
                    }
                }
            }
        }
    }
    EXPECT_EQ(cases, 72);
}

/// contactSetup() has the bits of the Eigen expressions, static and thin bodies included.
TEST(ContactSolverReference, SetUpMatchesTheEigenExpressionsBitForBit) {
    std::mt19937_64 rng(19);
    for (int k = 0; k < 20; ++k) {
        const RandomPile pile(rng, 3 + k, 10 + 5 * k);
        for (const SolverContact& c : pile.contacts) {
            const SolverBody& a = pile.bodies[std::size_t(c.bodyA)];
            const SolverBody& b = pile.bodies[std::size_t(c.bodyB)];
            const ContactSetup expected = reference::setUp(a, b, c);
            const ContactSetup actual = contactSetup(a, b, c);
            const auto same = [](const Mat3& e, const Mat3& got, const char* what) {
                for (int i = 0; i < 3; ++i) {
                    expectSameBits(e.row(i).transpose(), got.row(i).transpose(), what, i);
                }
            };
            same(expected.angularA, actual.angularA, "A_a row");
            same(expected.angularB, actual.angularB, "A_b row");
            same(expected.responseA, actual.responseA, "I_a^-1 A_a row");
            same(expected.responseB, actual.responseB, "I_b^-1 A_b row");
            same(expected.delassus, actual.delassus, "G row");
            for (std::size_t i = 0; i < 3; ++i) {
                EXPECT_EQ(bits(expected.tangentInverse[i]), bits(actual.tangentInverse[i]));
            }
        }
    }
}

/// The one-off overload (own scratch) and an empty problem.
TEST(ContactSolverReference, OwnScratchAndEmptyProblem) {
    std::mt19937_64 rng(15);
    RandomPile pile(rng, 6, 9);
    std::vector<SolverBody> bodies = pile.bodies;
    std::vector<SolverContact> contacts = pile.contacts;
    const PgsResult expected = reference::solveContacts(pile.bodies, pile.contacts, PgsSettings{});
    const PgsResult actual = solveContacts(bodies, contacts, PgsSettings{});
    EXPECT_EQ(expected.iterations, actual.iterations);
    for (std::size_t i = 0; i < contacts.size(); ++i) {
        expectSameBits(pile.contacts[i].impulse, contacts[i].impulse, "impulse of contact",
                       static_cast<int>(i));
    }
    const PgsResult none = solveContacts(bodies, std::span<SolverContact>{}, PgsSettings{});
    EXPECT_TRUE(none.converged);
    EXPECT_EQ(none.iterations, 0);
}

/// Gives each contact of `pile` 0 to 3 more points on the same two bodies right after it (a
/// manifold), with lever arms of their own.
void growManifolds(RandomPile& pile, std::mt19937_64& rng) {
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::vector<SolverContact> grown;
    for (const SolverContact& c : pile.contacts) {
        grown.push_back(c);
        for (int extra = 0; extra < static_cast<int>(rng() % 4); ++extra) {
            SolverContact point = c;
            point.rA += 0.05 * Vec3(u(rng), u(rng), u(rng));
            point.rB += 0.05 * Vec3(u(rng), u(rng), u(rng));
            grown.push_back(point);
        }
    }
    pile.contacts = grown;
}

/// A valid colouring of `pile`'s contacts by a method of its own (colour after colour, each
/// taking every remaining manifold whose dynamic bodies are still free in it): reorders the
/// contacts by colour and returns the colour starts.
std::vector<std::uint32_t> colourByRounds(RandomPile& pile) {
    std::vector<std::vector<SolverContact>> left; // manifolds: runs of the same two bodies
    for (std::size_t i = 0; i < pile.contacts.size(); ++i) {
        const SolverContact& c = pile.contacts[i];
        if (i == 0 || c.bodyA != pile.contacts[i - 1].bodyA ||
            c.bodyB != pile.contacts[i - 1].bodyB) {
            left.emplace_back();
        }
        left.back().push_back(c);
    }
    std::vector<SolverContact> ordered;
    std::vector<std::uint32_t> starts{0};
    while (!left.empty()) {
        std::vector<bool> taken(pile.bodies.size(), false);
        std::vector<std::vector<SolverContact>> later;
        for (const std::vector<SolverContact>& manifold : left) {
            const SolverContact& c = manifold.front();
            const bool dynA = pile.bodies[std::size_t(c.bodyA)].inverseMass > 0.0;
            const bool dynB = pile.bodies[std::size_t(c.bodyB)].inverseMass > 0.0;
            const bool lastHere = !ordered.empty() && starts.back() < ordered.size() &&
                                  ordered.back().bodyA == c.bodyA &&
                                  ordered.back().bodyB == c.bodyB;
            if ((dynA && taken[std::size_t(c.bodyA)]) || (dynB && taken[std::size_t(c.bodyB)]) ||
                lastHere) { // (two runs of one pair side by side would read as one manifold)
                later.push_back(manifold);
                continue;
            }
            taken[std::size_t(c.bodyA)] = taken[std::size_t(c.bodyA)] || dynA;
            taken[std::size_t(c.bodyB)] = taken[std::size_t(c.bodyB)] || dynB;
            ordered.insert(ordered.end(), manifold.begin(), manifold.end());
        }
        starts.push_back(static_cast<std::uint32_t>(ordered.size()));
        left.swap(later);
    }
    pile.contacts = ordered;
    return starts;
}

/// Sweeps spread colour by colour over 2, 3 and 5 threads, a manifold per thread, give the
/// bits of the one-thread Eigen reference on the same (colour-ordered) contacts.
TEST(ContactSolverReference, ColouredSweepsOnThreadsMatchBitForBit) {
    std::mt19937_64 rng(16);
    PgsScratch scratch;
    for (const int threads : {1, 2, 3, 5}) { // 1: no pool, the sweep alternates colour halves
        ThreadPool pool(threads);
        for (int k = 0; k < 8; ++k) {
            RandomPile pile(rng, 4 + 6 * k, 3 + 20 * k);
            growManifolds(pile, rng);
            const std::vector<std::uint32_t> starts = colourByRounds(pile);
            PgsSettings s;
            s.maxIterations = k % 2 ? 30 : 7;
            s.tolerance = k % 3 ? 1e-6 : 1e-12;
            const PgsColours colours{
                .starts = starts, .pool = threads > 1 ? &pool : nullptr, .minContactsPerThread = 1};
            for (const detail::PgsKernel kernel : kernels()) {
                SCOPED_TRACE(::testing::Message()
                             << threads << " threads, kernel " << static_cast<int>(kernel)
                             << ", case " << k << ", " << starts.size() - 1 << " colours");
                expectSameSolve(pile, s, scratch, kernel, colours);
            }
        }
    }
}

/// Problems above PgsColours::maxWideContacts are swept a contact at a time, with the same bits,
/// also right after a widened solve in the same scratch.
TEST(ContactSolverReference, WideAndOneLaneSweepsAlternateInOneScratch) {
    std::mt19937_64 rng(18);
    PgsScratch scratch;
    for (const int threads : {1, 2}) {
        ThreadPool pool(threads);
        for (int k = 0; k < 4; ++k) {
            RandomPile pile(rng, 10 + 6 * k, 20 + 20 * k);
            growManifolds(pile, rng);
            const std::vector<std::uint32_t> starts = colourByRounds(pile);
            PgsColours colours{
                .starts = starts, .pool = threads > 1 ? &pool : nullptr, .minContactsPerThread = 1};
            colours.maxWideContacts = k % 2 ? pile.contacts.size() - 1 : pile.contacts.size();
            SCOPED_TRACE(::testing::Message() << threads << " threads, case " << k << ", wide "
                                              << colours.widens(pile.contacts.size()));
            expectSameSolve(pile, PgsSettings{}, scratch, detail::PgsKernel::automatic, colours);
        }
    }
}

/// Problems large enough to be packed in chunks on the threads (more than 64 groups of four
/// manifolds, more than 256 contacts), wide and one lane at a time, with the sweeps on the
/// threads or kept on the caller: the reference's bits.
TEST(ContactSolverReference, LargeProblemsArePackedOnThreadsWithTheSameBits) {
    std::mt19937_64 rng(19);
    PgsScratch scratch;
    ThreadPool pool(2);
    RandomPile pile(rng, 400, 1500);
    growManifolds(pile, rng);
    const std::vector<std::uint32_t> starts = colourByRounds(pile);
    for (const bool wide : {true, false}) {
        for (const bool spread : {true, false}) {
            PgsColours colours{.starts = starts, .pool = &pool, .minContactsPerThread = 1};
            colours.spreadSweeps = spread;
            colours.maxWideContacts = wide ? pile.contacts.size() : 0;
            SCOPED_TRACE(::testing::Message() << "wide " << wide << ", sweeps spread " << spread);
            ASSERT_GT(pile.contacts.size(), 1000U);
            expectSameSolve(pile, PgsSettings{}, scratch, detail::PgsKernel::automatic, colours);
        }
    }
}

TEST(ContactSolverReference, ColouringIsChecked) {
    std::mt19937_64 rng(17);
    RandomPile pile(rng, 6, 2);
    pile.contacts[1].bodyA = pile.contacts[0].bodyB; // both contacts share a dynamic body
    pile.contacts[1].bodyB = pile.contacts[0].bodyA == 0 ? 1 : 0; // but are not one manifold
    ThreadPool pool(2);
    const std::vector<std::uint32_t> oneColour{0, 2};
    const std::vector<std::uint32_t> shortStarts{0, 1};
    PgsScratch scratch;
    for (const auto& starts : {oneColour, shortStarts}) {
        for (ThreadPool* threads : {&pool, static_cast<ThreadPool*>(nullptr)}) {
            const PgsColours colours{.starts = starts, .pool = threads, .minContactsPerThread = 1};
            EXPECT_THROW(solveContacts(pile.bodies, pile.contacts, PgsSettings{}, scratch, colours),
                         std::invalid_argument);
        }
    }
    const std::vector<std::uint32_t> twoColours{0, 1, 2};
    const PgsColours colours{.starts = twoColours, .pool = &pool, .minContactsPerThread = 1};
    EXPECT_NO_THROW(solveContacts(pile.bodies, pile.contacts, PgsSettings{}, scratch, colours));
}

} // namespace
} // namespace mk
