/// \file main.cpp
/// The `minkowski` program: parses the command line with CLI11 and runs the chosen sub-command.
/// Errors are one line on stderr and an exit code (Command.h), never a stack trace.

#include "BenchCommand.h"
#include "Command.h"
#include "ExportCommand.h"
#include "ListCommand.h"
#include "MergeCommand.h"
#include "PaperCommand.h"
#include "PluginOption.h"
#include "RecordCommand.h"
#include "RunCommand.h"
#include "ViewCommand.h"
#include "minkowski/narrowphase/Collide.h"

#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <memory>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <vector>

namespace {

int runChosen(const std::vector<std::unique_ptr<mk::cli::Command>>& commands) {
    for (const auto& command : commands) {
        if (command->chosen()) {
            return command->run();
        }
    }
    return mk::cli::kExitUsage; // unreachable: CLI11 requires one sub-command
}

} // namespace

int main(int argc, char** argv) {
    // stdout carries the results (tables); progress and diagnostics go to stderr.
    spdlog::set_default_logger(spdlog::stderr_color_mt("minkowski"));
    spdlog::set_pattern("[%T] %v");
    CLI::App app{"minkowski: rigid-body physics with a pluggable convex narrow phase "
                 "(GJK, Polyak/Nesterov GJK, EPA, MPR)."};
    app.require_subcommand(1);
    // Global flags, accepted before or after the sub-command (fallthrough).
    bool verbose = false;
    bool quiet = false;
    app.add_flag("-v,--verbose", verbose, "Debug messages on stderr");
    app.add_flag("-q,--quiet", quiet, "Only warnings and errors on stderr (no progress)");
    app.fallthrough();
    std::vector<std::unique_ptr<mk::cli::Command>> commands;
    commands.push_back(mk::cli::makeBenchCommand(app));
    commands.push_back(mk::cli::makeRunCommand(app));
    commands.push_back(mk::cli::makeListCommand(app));
    commands.push_back(mk::cli::makeViewCommand(app));
    commands.push_back(mk::cli::makeRecordCommand(app));
    commands.push_back(mk::cli::makeMergeCommand(app));
    commands.push_back(mk::cli::makeExportCommand(app));
    commands.push_back(mk::cli::makePaperCommand(app));

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        const int code = app.exit(error); // prints the help, or the error and a hint
        return code == 0 ? mk::cli::kExitOk : mk::cli::kExitUsage;
    }
    spdlog::set_level(quiet ? spdlog::level::warn
                            : (verbose ? spdlog::level::debug : spdlog::level::info));
    try {
        mk::cli::loadPluginOptions();
        return runChosen(commands);
    } catch (const mk::cli::UsageError& error) {
        std::cerr << "minkowski: error: " << error.what() << "\n";
        return mk::cli::kExitUsage;
    } catch (const mk::UnknownNameError& error) {
        std::cerr << "minkowski: error: " << error.what() << "\n";
        return mk::cli::kExitUsage;
    } catch (const std::exception& error) {
        std::cerr << "minkowski: error: " << error.what() << "\n";
        return mk::cli::kExitFailure;
    }
}
