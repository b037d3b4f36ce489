/// \file MergeCommand.cpp
/// `minkowski merge SHARD.h5... --out FILE.h5`.

#include "MergeCommand.h"

#include "DatasetCli.h"
#include "minkowski/dataset/Merge.h"

#include <chrono>
#include <filesystem>
#include <iostream>

namespace mk::cli {
namespace {

class MergeCommand final : public Command {
public:
    explicit MergeCommand(CLI::App& app)
        : app_(app.add_subcommand("merge", "Join the shards of a dataset (record --shard k/N) "
                                           "into one file")) {
        app_->add_option("shards", shards_, "The shards, in any order")
            ->type_name("SHARD.h5")
            ->required();
        app_->add_option("--out", out_, "The merged dataset")->type_name("FILE.h5")->required();
        app_->add_flag("--force", force_, "Overwrite an existing output file");
        app_->footer("\nExample:\n"
                     "  minkowski record --shard 0/2 --out a.h5 & minkowski record --shard 1/2 "
                     "--out b.h5; wait\n"
                     "  minkowski merge a.h5 b.h5 --out funnel.h5\n"
                     "\nThe shards must be parts of one recording (same scene, seed, solver, "
                     "steps) that together hold every trajectory once; the result equals the "
                     "unsharded recording.\nExit codes: 0 success, 2 usage error, 1 failure "
                     "(unreadable or mismatched shards, missing or overlapping trajectories, "
                     "existing output without --force).");
    }

    [[nodiscard]] bool chosen() const override { return app_->parsed(); }

    int run() override {
        const auto start = std::chrono::steady_clock::now();
        const dataset::MergeSummary s =
            dataset::mergeDatasets(shards_, out_, {.overwrite = force_});
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::error_code error;
        const auto bytes = std::filesystem::file_size(out_, error);
        std::cout << "merged " << s.shards << " shard" << (s.shards == 1 ? "" : "s") << ": "
                  << s.trajectories << " trajectories, " << s.problems << " problems -> " << out_
                  << " (" << formatBytes(error ? 0 : bytes) << ", " << formatSeconds(seconds)
                  << ")\n";
        return kExitOk;
    }

private:
    CLI::App* app_;
    std::vector<std::string> shards_;
    std::string out_;
    bool force_ = false;
};

} // namespace

std::unique_ptr<Command> makeMergeCommand(CLI::App& app) {
    return std::make_unique<MergeCommand>(app);
}

} // namespace mk::cli
