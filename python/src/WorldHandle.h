#pragma once
/// \file WorldHandle.h
/// What minkowski.World holds: a world (built from a scene or empty) with its bodies' names, the
/// solver name it runs, and the narrow-phase events recorded for Python.

#include "minkowski/engine/World.h"
#include "minkowski/scenes/Build.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace mk::python {

namespace py = pybind11;

class WorldHandle {
public:
    explicit WorldHandle(const WorldSettings& settings);
    explicit WorldHandle(scenes::BuiltScene scene);
    ~WorldHandle();

    [[nodiscard]] World& world() { return scene_->world; }
    [[nodiscard]] const scenes::BuiltScene& scene() const { return *scene_; }

    /// Steps n times without the GIL; the stats of each step when `keepStats`.
    std::vector<StepStats> step(int n, bool keepStats);

    [[nodiscard]] std::string solverName() const { return solver_; }
    /// \throws EngineError / UnknownNameError listing the valid names.
    void setSolver(const std::string& solver);

    [[nodiscard]] py::array_t<double> poses();
    [[nodiscard]] py::array_t<double> velocities();
    [[nodiscard]] std::vector<std::string> bodyNames() const;
    /// (N,) masses (unit: kilogram), 0 for static and kinematic bodies.
    [[nodiscard]] py::array_t<double> masses();
    /// Kinetic energy sum(m v^2 / 2 + w.I w / 2) and potential energy -sum(m g.x) of the dynamic
    /// bodies (unit: joule; x the centre of mass).
    [[nodiscard]] std::pair<double, double> energy();

    void recordEvents(bool enabled);
    [[nodiscard]] py::dict takeEvents();

private:
    struct Events;
    std::unique_ptr<scenes::BuiltScene> scene_;
    std::string solver_;
    std::unique_ptr<Events> events_;
};

} // namespace mk::python
