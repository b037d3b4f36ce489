#pragma once
/// \file PeerContenders.h
/// The peer libraries (bench/peers: libccd, FCL, Bullet) as benchmark contenders.

#include "minkowski/bench/Contender.h"

#include <memory>
#include <string>
#include <vector>

namespace mk::cli {

/// One contender per selected peer that supports at least one of `tasks`, in the peers' order.
/// `names` lists peer names, or is {"all"} or {"none"}. Empty when the program was built without
/// mk_peers. \throws UsageError for a name that is not an available peer, listing them.
std::vector<std::unique_ptr<bench::Contender>>
makePeerContenders(const std::vector<bench::BenchTask>& tasks,
                   const std::vector<std::string>& names);

/// Names of the peers compiled in, in order (empty without mk_peers).
std::vector<std::string> availablePeerNames();

} // namespace mk::cli
