/// \file ViewerState.cpp

#include "minkowski/viewer/ViewerState.h"

#include "minkowski/narrowphase/Collide.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace mk::viewer {

DrawToggles parseDrawList(std::string_view list) {
    DrawToggles t;
    t.contacts = t.normals = t.witnesses = t.aabbs = t.obbs = t.narrowPhasePairs = false;
    while (!list.empty()) {
        const std::size_t comma = list.find(',');
        const std::string_view item = list.substr(0, comma);
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
        bool* flag = item == "contacts"    ? &t.contacts
                     : item == "normals"   ? &t.normals
                     : item == "witnesses" ? &t.witnesses
                     : item == "aabbs"     ? &t.aabbs
                     : item == "obbs"      ? &t.obbs
                     : item == "pairs"     ? &t.narrowPhasePairs
                                           : nullptr;
        if (flag != nullptr) {
            *flag = true;
        } else if (item != "none" && !item.empty()) {
            throw std::invalid_argument(
                "unknown overlay '" + std::string(item) +
                "'; valid: contacts, normals, witnesses, aabbs, obbs, pairs, none");
        }
    }
    return t;
}

ViewerState::ViewerState(double stepSeconds, int maxStepsPerFrame)
    : clock_(stepSeconds, maxStepsPerFrame) {}

bool ViewerState::apply(Action action) {
    switch (action) {
    case Action::TogglePause:
        setPaused(!paused_);
        return true;
    case Action::Step:
        requestStep();
        return true;
    case Action::Faster: {
        const auto it =
            std::upper_bound(kSpeedPresets.begin(), kSpeedPresets.end(), speed_ * 1.0001);
        setSpeed(it == kSpeedPresets.end() ? kSpeedPresets.back() : *it);
        return true;
    }
    case Action::Slower: {
        const auto it =
            std::lower_bound(kSpeedPresets.begin(), kSpeedPresets.end(), speed_ * 0.9999);
        setSpeed(it == kSpeedPresets.begin() ? kSpeedPresets.front() : *(it - 1));
        return true;
    }
    case Action::NextSolver:
        selectSolver(*nextIn(allSolvers(), &solver_.entry()));
        return true;
    case Action::NextWarmStart:
        warmStart_ = nextIn(allWarmStarts(), warmStart_);
        return true;
    case Action::ToggleContacts:
        toggles.contacts = !toggles.contacts;
        return true;
    case Action::ToggleNormals:
        toggles.normals = !toggles.normals;
        return true;
    case Action::ToggleWitnesses:
        toggles.witnesses = !toggles.witnesses;
        return true;
    case Action::ToggleAabbs:
        toggles.aabbs = !toggles.aabbs;
        return true;
    case Action::ToggleObbs:
        toggles.obbs = !toggles.obbs;
        return true;
    case Action::TogglePairs:
        toggles.narrowPhasePairs = !toggles.narrowPhasePairs;
        return true;
    case Action::ToggleUi:
        showUi = !showUi;
        return true;
    case Action::Restart:
    case Action::ResetView:
    case Action::Screenshot:
    case Action::ThrowObject:
    case Action::Quit:
        return false;
    }
    return false;
}

int ViewerState::stepsForFrame(double frameSeconds) {
    if (stepRequested_) {
        stepRequested_ = false;
        return 1;
    }
    if (paused_) {
        return 0;
    }
    return clock_.advance(frameSeconds, speed_);
}

void ViewerState::setPaused(bool paused) {
    paused_ = paused;
    clock_.reset();
}

void ViewerState::requestStep() {
    setPaused(true);
    stepRequested_ = true;
}

void ViewerState::setSpeed(double speed) {
    if (std::isfinite(speed)) {
        speed_ = std::clamp(speed, kSpeedPresets.front(), kSpeedPresets.back());
    }
}

void ViewerState::remember() {
    for (std::size_t i = 0; i < solver_.entry().options.size(); ++i) {
        rememberedOptions_[solver_.entry().options[i].name] = optionText(solver_, i);
    }
}

void ViewerState::setSolver(const SolverChoice& choice) {
    solver_ = choice;
    remember();
}

void ViewerState::selectSolver(const SolverEntry& entry) {
    remember();
    SolverChoice next(entry);
    for (const SolverOption& o : entry.options) {
        const auto it = rememberedOptions_.find(o.name);
        if (it != rememberedOptions_.end()) {
            try {
                next = withOption(next, o.name, it->second);
            } catch (const UnknownNameError&) { // a value this solver does not allow: default
            }
        }
    }
    solver_ = next;
}

void ViewerState::setSolverOption(std::size_t i, double value) {
    solver_.setOption(i, value);
    remember();
}

} // namespace mk::viewer
