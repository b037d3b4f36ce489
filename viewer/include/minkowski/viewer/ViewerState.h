#pragma once
/// \file ViewerState.h
/// What the user has chosen in the viewer, without any OpenGL: run control (run, pause, single
/// step, speed), the narrow-phase solver and warm start, the drawing toggles and the scene
/// parameters waiting for a restart. Keys and buttons become Actions; apply() carries out the
/// ones that only change this state and reports the others to the caller.

#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Query.h"
#include "minkowski/viewer/FixedStepClock.h"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mk::viewer {

/// Debug overlays, each drawn on top of the bodies.
struct DrawToggles {
    bool contacts = false;  ///< manifold points handed to the contact solver
    bool normals = false;   ///< contact normals (A to B)
    bool witnesses = false; ///< witness points and segment of every narrow-phase call
    bool aabbs = false;     ///< world AABBs (the broadphase's tight boxes)
    bool obbs = false;      ///< world OBBs (the OBB filter's boxes)
    /// Segments joining the pairs that reached the narrow phase (centres of dynamic bodies,
    /// witness points on static ones)
    bool narrowPhasePairs = false;
    bool transparentStatic = true; ///< static bodies (the funnel) drawn see-through
};

/// The overlays named in a comma-separated list ("contacts,normals,witnesses,aabbs,obbs,pairs";
/// "none" or empty: no overlay), the others off; see-through static bodies stay on.
/// \throws std::invalid_argument naming an unknown entry and listing the valid ones.
[[nodiscard]] DrawToggles parseDrawList(std::string_view list);

/// Everything a key, a button or a menu can ask for.
enum class Action : unsigned char {
    TogglePause,
    Step,   ///< pause and run exactly one step
    Faster, ///< next speed preset
    Slower, ///< previous speed preset
    NextSolver,
    NextWarmStart,
    ToggleContacts,
    ToggleNormals,
    ToggleWitnesses,
    ToggleAabbs,
    ToggleObbs,
    TogglePairs,
    ToggleUi,
    // Reported to the caller (they need the world, the camera or the window):
    Restart,
    ResetView,
    Screenshot,
    ThrowObject,
    Quit,
};

/// The speeds the Faster/Slower actions step through (fraction of real time).
inline constexpr std::array<double, 9> kSpeedPresets{0.05, 0.1, 0.25, 0.5, 1.0,
                                                     2.0,  4.0, 8.0,  16.0};

class ViewerState {
public:
    /// \param stepSeconds the scene's fixed step (unit: second)
    /// \param maxStepsPerFrame the accumulator's cap
    explicit ViewerState(double stepSeconds, int maxStepsPerFrame = 8);

    /// Applies `action` when it only changes this state and returns true; returns false for the
    /// actions the caller carries out (Restart, ResetView, Screenshot, ThrowObject, Quit).
    bool apply(Action action);

    /// Steps to run for a frame of `frameSeconds` wall time: 0 while paused, except one after
    /// requestStep(); otherwise what the accumulator gives at the current speed.
    int stepsForFrame(double frameSeconds);

    [[nodiscard]] bool paused() const { return paused_; }
    void setPaused(bool paused);
    /// Pauses and queues exactly one step for the next frame.
    void requestStep();
    /// Fraction of real time the simulation runs at; clamped to the presets' range.
    [[nodiscard]] double speed() const { return speed_; }
    void setSpeed(double speed);

    /// What the next step runs.
    [[nodiscard]] const SolverChoice& solver() const { return solver_; }
    /// Sets the choice as given (its option values are remembered, see selectSolver()).
    void setSolver(const SolverChoice& choice);
    /// Switches to `entry` with the option values last set for options of the same name (a GJK
    /// sub-algorithm survives a detour through mpr), the entry's defaults for the others.
    void selectSolver(const SolverEntry& entry);
    /// Sets option i of the current solver (SolverChoice::setOption) and remembers it.
    void setSolverOption(std::size_t i, double value);
    [[nodiscard]] WarmStart warmStart() const { return warmStart_; }
    void setWarmStart(WarmStart warmStart) { warmStart_ = warmStart; }

    DrawToggles toggles;
    bool showUi = true;

    [[nodiscard]] const FixedStepClock& clock() const { return clock_; }
    /// Forgets accumulated time (after a restart).
    void resetClock() { clock_.reset(); }

private:
    FixedStepClock clock_;
    bool paused_ = false;
    bool stepRequested_ = false;
    double speed_ = 1.0;
    /// Remembers the option values of solver_ by option name.
    void remember();

    SolverChoice solver_;
    std::map<std::string, std::string, std::less<>> rememberedOptions_; ///< name -> value text
    WarmStart warmStart_ = WarmStart::Previous;
};

/// The element after `current` in `all`, wrapping around (the first when `current` is absent).
template <typename T> [[nodiscard]] T nextIn(std::span<const T> all, T current) {
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (all[i] == current) {
            return all[(i + 1) % all.size()];
        }
    }
    return all.front();
}

} // namespace mk::viewer
