#pragma once
/// \file Command.h
/// What every sub-command of the `minkowski` program provides, and the program's exit codes.
/// Each sub-command lives in its own file and registers itself on the CLI11 app (main.cpp).

#include <stdexcept>

namespace mk::cli {

/// Exit codes of the program.
enum ExitCode : int {
    kExitOk = 0,      ///< success
    kExitFailure = 1, ///< the run failed: unreadable or malformed input, unwritable output, ...
    kExitUsage = 2,   ///< bad command line: unknown option or name, conflicting options
};

/// A command-line mistake: reported without a stack trace, exit code 2.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A sub-command (`minkowski bench`, later run/record/view/list).
class Command {
public:
    virtual ~Command() = default;
    /// True when this sub-command was given on the command line (after parsing).
    [[nodiscard]] virtual bool chosen() const = 0;
    /// Runs the sub-command and returns the exit code.
    /// \throws UsageError for command-line mistakes found after parsing; anything else is a
    /// failure (exit code 1).
    virtual int run() = 0;
};

} // namespace mk::cli
