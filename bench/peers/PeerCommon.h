#pragma once
/// \file PeerCommon.h
/// Settings shared by every peer adapter and the factories of the adapters compiled in.
/// Private to mk_peers.

#include "Peer.h"

#include <limits>
#include <memory>

namespace mk::peers {

/// Tolerance given to every peer knob that has one (relative or absolute, as the library
/// defines it; README.md lists which). Matches defaults::kGjkTolerance and kEpaTolerance.
inline constexpr double kPeerTolerance = 1e-8;
/// Iteration cap given to every peer knob that has one: high enough never to bind on our problems.
inline constexpr int kPeerMaxIterations = 1000;

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// A boolean answer: the library did not measure a distance.
[[nodiscard]] inline PeerResult booleanResult(bool collide, int iterations = -1) {
    return {true, collide, kNaN, iterations};
}

/// Our reading of a signed distance `d` (> 0 separated, < 0 penetrating) under `task`:
/// collide = d <= 0; Task::Distance reports 0 for overlapping shapes; Task::Boolean keeps d.
[[nodiscard]] inline PeerResult signedDistanceResult(Task task, double d, int iterations = -1) {
    const bool collide = d <= 0.0;
    const double reported = (task == Task::Distance && collide) ? 0.0 : d;
    return {true, collide, reported, iterations};
}

/// The answer of a peer whose library failed (returned an error or threw).
[[nodiscard]] inline PeerResult failedResult() { return {false, false, kNaN, -1}; }

#ifdef MK_HAVE_LIBCCD
std::unique_ptr<Peer> makeLibccdGjkPeer(PeerSupport support);
std::unique_ptr<Peer> makeLibccdMprPeer(PeerSupport support);
#endif
#ifdef MK_HAVE_FCL
std::unique_ptr<Peer> makeFclIndepPeer();
std::unique_ptr<Peer> makeFclLibccdPeer();
#endif
#ifdef MK_HAVE_BULLET
std::unique_ptr<Peer> makeBulletGjkEpaPeer(PeerSupport support);
std::unique_ptr<Peer> makeBulletPairDetectorPeer(PeerSupport support);
#endif

} // namespace mk::peers
