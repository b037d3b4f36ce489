/// \file Interrupt.cpp
/// Signal handlers that set a lock-free atomic flag (async-signal-safe) and restore the default
/// action, so that a second signal terminates.

#include "minkowski/dataset/Interrupt.h"

#include <csignal>

namespace mk::dataset {
namespace {

std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

void onSignal(int signal) {
    interrupted.store(true);
    std::signal(signal, SIG_DFL);
}

} // namespace

const std::atomic<bool>& installInterruptHandler() {
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    return interrupted;
}

} // namespace mk::dataset
