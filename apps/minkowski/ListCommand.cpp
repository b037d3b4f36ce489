/// \file ListCommand.cpp
/// The lists of `minkowski list`: built-in scenes (with their files), solvers and warm starts
/// (from the narrow phase's registry), the project's assets.

#include "ListCommand.h"

#include "minkowski/narrowphase/Collide.h"
#include "minkowski/scenes/Assets.h"
#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/scenes/SceneFile.h"

#include <fmt/format.h>
#include <iostream>
#include <map>

namespace mk::cli {
namespace {

constexpr std::array<const char*, 4> kTopics{"scenes", "solvers", "warm-starts", "assets"};

void listScenes() {
    std::cout << "scenes (minkowski run NAME; each is also a file in "
              << scenes::builtinScenesDirectory().string() << "):\n";
    for (const scenes::BuiltinSceneFile& file : scenes::builtinSceneFiles()) {
        const scenes::SceneDesc scene = scenes::builtinScene(file.name);
        std::cout << fmt::format("  {:<16}{}\n", file.name, scene.description);
    }
}

/// Part of `list solvers`: the `subalgo` values of the GJK solvers.
void listSubAlgorithms() {
    static const std::map<std::string_view, std::string_view> described{
        {"johnson", "Johnson's, cached sub-determinants (van den Bergen 1999)"},
        {"signed-volume", "signed volumes (Montanari, Petrinic, Barbieri 2017)"},
        {"barycode", "barycodes of the new point, early enclosure test (Zhang et al.)"},
    };
    std::cout << "GJK sub-algorithms (--solver NAME:subalgo=S, for gjk, gjk-polyak, gjk-nesterov, "
                 "gjk-nesterov-normalized):\n";
    for (const SubAlgorithm sub : allSubAlgorithms()) {
        const auto it = described.find(name(sub));
        std::cout << fmt::format("  {:<26}{}{}\n", name(sub),
                                 it == described.end() ? "" : it->second,
                                 sub == SolverChoice{}.subAlgorithm ? " [default]" : "");
    }
    std::cout << "GJK options (append to the solver name, e.g. gjk-polyak:subalgo=barycode:"
                 "momentum=coal):\n"
                 "  criterion=relative|duality-gap  stopping test: van den Bergen's relative one "
                 "[default], or GJK++ eq. (17)/(18) (absolute, tolerance in m^2)\n"
                 "  momentum=paper|coal            accelerated variants: delta_k as printed in "
                 "GJK++ Alg. 6 [default], or the authors' code (coal)\n";
}

void listSolvers() {
    // One-line descriptions of the solvers we know; a solver added to the registry later is
    // listed by name until it gets one here.
    static const std::map<std::string_view, std::string_view> described{
        {"gjk", "vanilla GJK (van den Bergen 1999); EPA for depth"},
        {"gjk-polyak", "GJK with Polyak momentum (GJK++ Alg. 6); EPA for depth"},
        {"gjk-nesterov", "GJK with Nesterov momentum (GJK++ Alg. 6); EPA for depth"},
        {"gjk-nesterov-normalized", "Nesterov GJK, normalised directions (GJK++ eq. 33); EPA"},
        {"mpr", "Minkowski portal refinement (XenoCollide); GJK for distances"},
        {"sdf-ellipsoid", "signed distance functions, ellipsoid method (Lopez-Adeva & Merchante)"},
        {"rtr", "Riemannian trust region on the sphere (An et al.); smooth shapes only"},
    };
    const SolverKind defaultSolver = scenes::SimulationSpec{}.solver;
    std::cout << "solvers (--solver):\n";
    for (const SolverKind solver : allSolvers()) {
        const auto it = described.find(name(solver));
        std::cout << fmt::format("  {:<26}{}{}\n", name(solver),
                                 it == described.end() ? "" : it->second,
                                 solver == defaultSolver ? " [default]" : "");
    }
    listSubAlgorithms();
}

void listWarmStarts() {
    static const std::map<std::string_view, std::string_view> described{
        {"none", "x0 = (1, 0, 0)"},
        {"obb", "x0 = difference of the OBB centres"},
        {"previous", "x0 = the pair's separation vector at the previous step"},
        {"transformed-previous", "the previous witness points moved with their bodies"},
    };
    const WarmStart defaultWarmStart = scenes::SimulationSpec{}.warmStart;
    std::cout << "warm starts (--warm-start; GJK++ Sec. IV-E):\n";
    for (const WarmStart warmStart : allWarmStarts()) {
        const auto it = described.find(name(warmStart));
        std::cout << fmt::format("  {:<26}{}{}\n", name(warmStart),
                                 it == described.end() ? "" : it->second,
                                 warmStart == defaultWarmStart ? " [default]" : "");
    }
}

void listAssets() {
    std::cout << "assets (assets/meshes/NAME.obj, written by make_assets):\n";
    for (const scenes::AssetInfo& asset : scenes::assetCatalog()) {
        std::cout << fmt::format("  {:<18}{}\n", asset.name, asset.description);
    }
}

class ListCommand final : public Command {
public:
    explicit ListCommand(CLI::App& app)
        : app_(app.add_subcommand("list", "List the built-in scenes, solvers, warm starts and "
                                          "assets")) {
        app_->add_option("what", topics_, "scenes, solvers, warm-starts or assets (default: all)")
            ->check(CLI::IsMember(std::vector<std::string>(kTopics.begin(), kTopics.end())));
    }

    [[nodiscard]] bool chosen() const override { return app_->parsed(); }

    int run() override {
        const auto wanted = [this](std::string_view topic) {
            return topics_.empty() ||
                   std::find(topics_.begin(), topics_.end(), topic) != topics_.end();
        };
        bool first = true;
        const auto section = [&](std::string_view topic, void (*list)()) {
            if (wanted(topic)) {
                std::cout << (first ? "" : "\n");
                list();
                first = false;
            }
        };
        section("scenes", listScenes);
        section("solvers", listSolvers);
        section("warm-starts", listWarmStarts);
        section("assets", listAssets);
        return kExitOk;
    }

private:
    CLI::App* app_;
    std::vector<std::string> topics_;
};

} // namespace

std::unique_ptr<Command> makeListCommand(CLI::App& app) {
    return std::make_unique<ListCommand>(app);
}

} // namespace mk::cli
