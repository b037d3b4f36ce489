/// \file PeerContenders.cpp
/// Adapter from mk::peers::Peer to bench::Contender (compiled with MK_WITH_PEERS only when the
/// mk_peers library exists).

#include "PeerContenders.h"

#include "Command.h"

#ifdef MK_WITH_PEERS
#include "minkowski/bench/Timing.h"
#include "peers/Peer.h"

#include <algorithm>
#include <exception>
#endif

namespace mk::cli {

#ifdef MK_WITH_PEERS
namespace {

/// A peer on the benchmark's problems. Its shapes are built per problem, outside timing; a shape
/// the peer cannot represent skips the problem for it.
class PeerContender final : public bench::Contender {
public:
    explicit PeerContender(std::unique_ptr<peers::Peer> peer) : peer_(std::move(peer)) {}

    [[nodiscard]] std::string solverName() const override { return std::string(peer_->name()); }
    [[nodiscard]] std::string warmStartName() const override { return {}; }
    [[nodiscard]] bool isPeer() const override { return true; }
    /// Debian's FCL keeps its asserts: one failing assert must not end the benchmark.
    [[nodiscard]] bool runsIsolated() const override { return true; }
    [[nodiscard]] bool supports(bench::BenchTask task) const override {
        return peer_->supports(bench::queryTask(task));
    }

    bool prepare(const bench::CollisionProblem& problem) override {
        try {
            peer_->prepare(problem.a.shape, problem.b.shape);
            return true;
        } catch (const std::exception&) {
            return false;
        }
    }

    bench::Outcome measure(const bench::CollisionProblem& problem, bench::BenchTask task,
                           std::span<double> samplesNs) override {
        const Task query = bench::queryTask(task);
        peers::Peer& peer = *peer_;
        const Pose& poseA = problem.poseA;
        const Pose& poseB = problem.poseB;
        const peers::PeerResult r =
            bench::timeRepeats([&] { return peer.query(poseA, poseB, query); }, samplesNs);
        return {r.ok ? "ok" : "failed", !r.ok, r.collide, r.distance, r.iterations};
    }

private:
    std::unique_ptr<peers::Peer> peer_;
};

/// `name` selects `peer`: its full name ("libccd-gjk (shipped)") or its library and algorithm
/// ("libccd-gjk": both supports).
bool selects(std::string_view name, std::string_view peer) {
    return peer == name || (peer.size() > name.size() && peer.substr(0, name.size()) == name &&
                            peer[name.size()] == ' ');
}

/// Throws unless every name is an available peer (or "all"/"none").
void checkNames(const std::vector<std::string>& names,
                const std::vector<std::unique_ptr<peers::Peer>>& available) {
    for (const std::string& name : names) {
        const bool known = name == "all" || name == "none" ||
                           std::any_of(available.begin(), available.end(), [&](const auto& peer) {
                               return selects(name, peer->name());
                           });
        if (!known) {
            std::string valid;
            for (const auto& peer : available) {
                valid += std::string(peer->name()) + ", ";
            }
            throw UsageError("unknown peer '" + name + "'; valid: " + valid + "all, none");
        }
    }
}

bool selected(const std::vector<std::string>& names, std::string_view peer) {
    return std::any_of(names.begin(), names.end(),
                       [&](const std::string& name) { return name == "all" || selects(name, peer); });
}

} // namespace

std::vector<std::unique_ptr<bench::Contender>>
makePeerContenders(const std::vector<bench::BenchTask>& tasks,
                   const std::vector<std::string>& names) {
    std::vector<std::unique_ptr<peers::Peer>> available = peers::makeAvailablePeers();
    checkNames(names, available);
    std::vector<std::unique_ptr<bench::Contender>> contenders;
    for (std::unique_ptr<peers::Peer>& peer : available) {
        const bool useful = std::any_of(tasks.begin(), tasks.end(), [&](bench::BenchTask t) {
            return peer->supports(bench::queryTask(t));
        });
        if (useful && selected(names, peer->name())) {
            contenders.push_back(std::make_unique<PeerContender>(std::move(peer)));
        }
    }
    return contenders;
}

std::vector<std::string> availablePeerNames() {
    std::vector<std::string> names;
    for (const auto& peer : peers::makeAvailablePeers()) {
        names.emplace_back(peer->name());
    }
    return names;
}

#else

std::vector<std::string> availablePeerNames() { return {}; }

std::vector<std::unique_ptr<bench::Contender>>
makePeerContenders(const std::vector<bench::BenchTask>&, const std::vector<std::string>& names) {
    for (const std::string& name : names) {
        if (name != "all" && name != "none") {
            throw UsageError("unknown peer '" + name +
                             "': this build has no peer libraries; valid: all, none");
        }
    }
    return {};
}

#endif

} // namespace mk::cli
