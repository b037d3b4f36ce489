/// \file Peer.cpp
/// The registry of the peers compiled in.

#include "Peer.h"
#include "PeerCommon.h"

namespace mk::peers {

Peer::~Peer() = default;

std::vector<std::unique_ptr<Peer>> makeAvailablePeers() {
    std::vector<std::unique_ptr<Peer>> peers;
#ifdef MK_HAVE_LIBCCD
    peers.push_back(makeLibccdGjkPeer());
    peers.push_back(makeLibccdMprPeer());
#endif
#ifdef MK_HAVE_FCL
    peers.push_back(makeFclIndepPeer());
    peers.push_back(makeFclLibccdPeer());
#endif
#ifdef MK_HAVE_BULLET
    peers.push_back(makeBulletGjkEpaPeer());
    peers.push_back(makeBulletPairDetectorPeer());
#endif
    return peers;
}

} // namespace mk::peers
