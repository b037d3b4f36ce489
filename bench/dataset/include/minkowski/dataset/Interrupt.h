#pragma once
/// \file Interrupt.h
/// Ctrl-C for long commands: the first SIGINT (or SIGTERM) only sets a flag that the recorder
/// and the replay poll, so that they stop cleanly and remove their temporary files; a second one
/// kills the process as usual.

#include <atomic>

namespace mk::dataset {

/// Exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells report it).
inline constexpr int kExitInterrupted = 130;

/// Installs the handlers (once) and returns the flag they set.
const std::atomic<bool>& installInterruptHandler();

} // namespace mk::dataset
