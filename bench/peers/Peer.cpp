/// \file Peer.cpp
/// The registry of the peers compiled in.

#include "Peer.h"
#include "PeerCommon.h"

namespace mk::peers {

Peer::~Peer() = default;

std::string_view suffix(PeerSupport support) {
    return support == PeerSupport::Ours ? " (our support)" : " (shipped)";
}

std::vector<std::unique_ptr<Peer>> makeAvailablePeers() {
    std::vector<std::unique_ptr<Peer>> peers;
#ifdef MK_HAVE_LIBCCD
    for (const PeerSupport support : {PeerSupport::Ours, PeerSupport::Shipped}) {
        peers.push_back(makeLibccdGjkPeer(support));
        peers.push_back(makeLibccdMprPeer(support));
    }
#endif
#ifdef MK_HAVE_FCL
    peers.push_back(makeFclIndepPeer());
    peers.push_back(makeFclLibccdPeer());
#endif
#ifdef MK_HAVE_BULLET
    for (const PeerSupport support : {PeerSupport::Ours, PeerSupport::Shipped}) {
        peers.push_back(makeBulletGjkEpaPeer(support));
        peers.push_back(makeBulletPairDetectorPeer(support));
    }
#endif
    return peers;
}

} // namespace mk::peers
