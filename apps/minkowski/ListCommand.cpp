/// \file ListCommand.cpp
/// The lists of `minkowski list`: built-in scenes (with their files), solvers and warm starts
/// (from the narrow phase's registry), the project's assets.

#include "ListCommand.h"

#include "PluginOption.h"
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

/// "johnson|signed-volume|barycode [default johnson]" or "1..100 [default 40]".
std::string optionValues(const SolverEntry& e, std::size_t i) {
    const SolverOption& o = e.options[i];
    std::string values;
    if (o.values.empty()) {
        values = fmt::format("{}..{}{}", o.minimum, o.maximum, o.integer ? " (integer)" : "");
    }
    for (std::size_t v = 0; v < o.values.size(); ++v) {
        values += (v ? "|" : "") + o.values[v];
    }
    return values + " [default " + optionText(SolverChoice(e), i) + "]";
}

/// Every registered solver (built-ins, then plugins) with its options, from the registry.
void listSolvers() {
    const SolverChoice defaultSolver = scenes::SimulationSpec{}.solver;
    std::cout << "solvers (--solver NAME[:option=value]...):\n";
    for (const SolverEntry* e : allSolvers()) {
        const bool plugin = e->origin != "built-in";
        std::cout << fmt::format("  {:<26}{}{}{}\n", e->name, e->description,
                                 e == &defaultSolver.entry() ? " [default]" : "",
                                 plugin ? " (plugin " + e->origin + ")" : "");
        for (std::size_t i = 0; i < e->options.size(); ++i) {
            std::cout << fmt::format("      {}={}\n        {}\n", e->options[i].name,
                                     optionValues(*e, i), e->options[i].help);
        }
        if (e->warmStarts != kAllWarmStarts) {
            std::string honoured;
            for (WarmStart w : allWarmStarts()) {
                if (e->honours(w)) {
                    honoured += (honoured.empty() ? "" : ", ") + std::string(name(w));
                }
            }
            std::cout << "      warm starts honoured: " << honoured << "\n";
        }
    }
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
        addPluginOption(*app_);
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
