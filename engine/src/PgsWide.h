#pragma once
/// \file PgsWide.h
/// The one-thread sweep of a coloured contact problem four manifolds at a time, one per AVX2
/// lane. Based on: Box2D v3's wide contact solver (contact_solver.c, b2ContactConstraintSIMD:
/// the constraints of one graph colour side by side in SIMD lanes). Departures: a lane holds a
/// whole manifold and runs its points in order, and each lane computes the operations of the
/// one-lane kernel (PgsKernels.h) in the same order, so the result is the one-lane sweep's to
/// the bit. Internal to the engine.

#include "HugePages.h"
#include "PgsKernels.h"
#include "minkowski/engine/ThreadPool.h"

#include <cstddef>
#include <vector>

namespace mk::pgs {

/// One point of four manifolds of a colour, lane l the point of manifold l: PackedContact's
/// doubles as quads, in PackedContact's order. Lanes whose manifold has no point here are zero
/// and inactive.
struct alignas(32) WidePoint {
    WidePoint() {} // NOLINT: left uninitialised, packWide() writes every lane
    Quad field[kContactDoubles];
    QuadIndex active;        ///< all ones in the lanes with a point
    std::int32_t contact[4]; ///< index of the lane's contact, -1 in inactive lanes
};

/// Four manifolds of one colour: their bodies (a dummy body in empty lanes) and points.
struct WideGroup {
    std::int32_t bodyA[4];
    std::int32_t bodyB[4];
    std::uint32_t firstPoint = 0;
    std::uint32_t points = 0; ///< the largest manifold's point count
};

#if defined(__x86_64__)
/// A coloured problem packed for the wide sweep: colour k's groups are [groupStarts[k],
/// groupStarts[k + 1]). Kept in the solver's scratch: no allocation once it has held a problem
/// this size.
struct WidePacking {
    struct Manifold {
        std::uint32_t begin = 0; ///< first contact
        std::uint32_t count = 0; ///< points
    };
    /// A group's manifolds: manifolds[first, first + count), one per lane.
    struct Lanes {
        std::uint32_t first = 0;
        std::uint32_t count = 0;
    };
    std::vector<WideGroup> groups;
    HugeVector<WidePoint> points;
    std::vector<std::uint32_t> groupStarts;
    std::vector<Manifold> manifolds; ///< every colour's manifolds, each colour's largest first
    std::vector<Manifold> listing;   ///< one colour's manifolds in contact order (packWide())
    std::vector<std::size_t> countSlots; ///< where each point count's manifolds start
    std::vector<Lanes> groupLanes;   ///< groups[i]'s manifolds
};

/// Groups each colour's manifolds (runs of `contacts` between the same two bodies), largest
/// first, by four and transposes their points (packContact() with over-relaxation `w`, each
/// contact set up from its bodies in `solverBodies`, contactSetup()). Appends
/// to `bodies` one body for the empty lanes and, for each lane's side on a static or kinematic
/// body (1/m = 0), a copy of that body: an update adds exact zeros to it, so the bits stay
/// those of the original, but threads never write the same body and a non-finite impulse spoils
/// only its own manifold's copy. The groups and copies are laid out on the calling thread; the
/// points (most of the work) are written on `pool`'s threads when there is one: the result does
/// not depend on them. CPUs with AVX2 only.
void packWide(std::span<const SolverBody> solverBodies, std::span<const SolverContact> contacts,
              double w, std::span<const std::uint32_t> starts, std::vector<PackedBody>& bodies,
              WidePacking& out, ThreadPool* pool);

/// packContact() on contacts[i] into out[i] for every i, four contacts at a time (the bits of
/// packContact(); CPUs with AVX2 only).
void packContactsFour(std::span<const SolverBody> bodies, std::span<const SolverContact> contacts,
                      double w, std::span<PackedContact> out);

/// Applies the impulses of the points of `groups` to their bodies, each lane's points in order
/// (CPUs with AVX2 only): the bits of applyWarmStart<QuadLanes>() on the same contacts, whose
/// manifolds share no body within a colour. Returns the larger of `max` and their |f|_inf.
double warmStartGroups(std::span<PackedBody> bodies, std::span<const WideGroup> groups,
                       std::span<const WidePoint> points, double max);

/// One Gauss-Seidel pass over `groups` (CPUs with AVX2 only): each manifold's points in their
/// order, the four manifolds of a group side by side, each lane computing
/// updateContact<QuadLanes>()'s operations in the same order. The manifolds of a colour share no
/// body, so the bits are those of updateContacts<QuadLanes>() on the same contacts. The
/// residuals of the pass are merged into `r` (maxima).
void updateGroups(std::span<PackedBody> bodies, std::span<const WideGroup> groups,
                  std::span<WidePoint> points, double overRelaxation, SweepResiduals& r);

/// Copies the points' impulses into their contacts.
void unpackImpulses(std::span<const WidePoint> points, std::span<SolverContact> contacts);

/// sweep<QuadLanes>() on the groups of packWide(), with warmStartGroups() and updateGroups():
/// the same bits. The final impulses stay in `points` (unpackImpulses()).
PgsResult sweepWide(std::span<PackedBody> bodies, std::span<const WideGroup> groups,
                    std::span<WidePoint> points, const PgsSettings& settings,
                    const StillCheck& still);
#endif

} // namespace mk::pgs
