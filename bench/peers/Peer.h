#pragma once
/// \file Peer.h
/// Adapters that run the peer libraries (libccd, FCL, Bullet) on the same collision problems as
/// our solvers, so that the benchmark prints their numbers next to ours.
///
/// Conventions are ours (see Query.h): distance > 0 when separated, < 0 when penetrating (minus the
/// penetration depth). Each adapter converts its library's conventions; bench/peers/README.md lists
/// every peer's settings and the tasks it answers.

#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/Query.h"
#include "minkowski/narrowphase/Shape.h"

#include <memory>
#include <string_view>
#include <vector>

namespace mk::peers {

/// What a peer answered for one query.
struct PeerResult {
    bool ok = false;      ///< false when the library reported a failure (then the rest is meaningless)
    bool collide = false; ///< the shapes overlap (or touch)
    /// Signed distance (unit: metre): > 0 separated, < 0 minus the penetration depth, NaN when the
    /// library does not provide it for this case (e.g. libccd has no separation distance).
    /// Task::Distance reports 0 for overlapping shapes, as our solvers do.
    double distance = 0.0;
    int iterations = -1; ///< the library's iteration count, -1 when it does not expose one
};

/// Whose support mapping a peer runs on (libccd and Bullet; FCL always runs its own shapes).
enum class PeerSupport : unsigned char {
    /// Our Shape::support (meshes: the cube-map-seeded hill climb), evaluated in A's frame as
    /// our MinkowskiDifference: compares algorithms on equal supports. Name suffix
    /// " (our support)".
    Ours,
    /// The library as users get it: libccd's callbacks in the world frame, one per shape, meshes
    /// by linear scan over the hull vertices (libccd ships no shapes; this is what its test
    /// suite and FCL's adapter do); Bullet's btConvexHullShape (linear scan) and its primitives,
    /// no ellipsoid (prepare() refuses one). Name suffix " (shipped)".
    Shipped,
};

/// The name suffix of `support`: " (our support)" or " (shipped)".
[[nodiscard]] std::string_view suffix(PeerSupport support);

/// One peer library with one algorithm, on one pair of shapes at a time.
///
/// Usage: prepare(a, b) once per shape pair (outside any timing), then query() any number of times
/// with different poses. A peer is not thread-safe (it caches support hints and library objects).
class Peer {
public:
    virtual ~Peer();

    /// Stable name printed by the benchmark, e.g. "libccd-gjk (our support)", "libccd-gjk
    /// (shipped)", "fcl-gjk", "bullet-gjk-epa (shipped)".
    [[nodiscard]] virtual std::string_view name() const = 0;

    /// True when query(..., task) answers the task. A supported task may still report
    /// distance = NaN for the cases the library cannot measure (documented per peer).
    [[nodiscard]] virtual bool supports(Task task) const = 0;

    /// Builds the peer's own shape objects for A and B, outside any timing.
    /// \throws std::invalid_argument for a shape the peer cannot represent.
    virtual void prepare(const Shape& a, const Shape& b) = 0;

    /// Runs the library on A at `poseA` and B at `poseB` (shape -> world). Requires prepare().
    /// Never throws: library failures and exceptions, an unsupported task and a missing prepare()
    /// give ok = false.
    virtual PeerResult query(const Pose& poseA, const Pose& poseB, Task task) = 0;
};

/// The peers compiled in (those whose library was found at configure time), in a fixed order.
std::vector<std::unique_ptr<Peer>> makeAvailablePeers();

} // namespace mk::peers
