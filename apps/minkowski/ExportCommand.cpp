/// \file ExportCommand.cpp
/// `minkowski export DATASET.h5 --out problems.csv`.

#include "ExportCommand.h"

#include "minkowski/dataset/Export.h"
#include "minkowski/dataset/Reader.h"
#include "minkowski/dataset/Replay.h"
#include "minkowski/dataset/Writer.h"

#include <iostream>

namespace mk::cli {
namespace {

class ExportCommand final : public Command {
public:
    explicit ExportCommand(CLI::App& app)
        : app_(app.add_subcommand("export", "Write a dataset's problems as a collision-problem "
                                            "CSV (docs/collision-problems.md)")) {
        app_->add_option("dataset", dataset_, "The dataset")->type_name("DATASET.h5")->required();
        app_->add_option("--out", out_, "The CSV to write; meshes go to <name>_meshes/ beside it")
            ->type_name("FILE.csv")
            ->required();
        app_->add_flag("--include-perturbed", filter_.includePerturbed,
                       "Also the engine's multipoint (perturbed) calls");
        app_->add_flag("--dynamic-pairs-only", filter_.dynamicPairsOnly,
                       "Only pairs of two dynamic bodies (no funnel walls or floor)");
        app_->add_flag("--force", force_, "Overwrite an existing output file");
        app_->footer("\nThe reference distance of each row is the recording solver's signed "
                     "distance.\nExample:\n  minkowski export funnel.h5 --out funnel.csv && "
                     "minkowski bench --problems funnel.csv\nExit codes: 0 success, 2 usage "
                     "error, 1 failure (unreadable dataset, existing output without --force).");
    }

    [[nodiscard]] bool chosen() const override { return app_->parsed(); }

    int run() override {
        dataset::checkDestination(out_, force_);
        const dataset::Dataset d =
            dataset::readDataset(dataset_, {.bodies = true, .states = false});
        const size_t written =
            dataset::exportProblemCsv(d, dataset::selectProblems(d, filter_), out_);
        std::cout << "exported " << written << " of " << d.problems.size() << " problems of "
                  << dataset_ << " to " << out_ << "\n";
        return kExitOk;
    }

private:
    CLI::App* app_;
    std::string dataset_;
    std::string out_;
    dataset::ProblemFilter filter_;
    bool force_ = false;
};

} // namespace

std::unique_ptr<Command> makeExportCommand(CLI::App& app) {
    return std::make_unique<ExportCommand>(app);
}

} // namespace mk::cli
