/// \file WorldBindings.cpp
/// minkowski.World: bodies, step(n) with per-step stats, poses and velocities as arrays, the live
/// solver and warm-start switch, the narrow-phase event stream as arrays, the state hash.

#include "Arrays.h"
#include "Bindings.h"
#include "WorldHandle.h"

#include <optional>
#include <pybind11/stl.h>

namespace mk::python {

namespace {

BodyType parseBodyType(const std::string& text) {
    if (text == "dynamic") {
        return BodyType::Dynamic;
    }
    if (text == "static") {
        return BodyType::Static;
    }
    if (text == "kinematic") {
        return BodyType::Kinematic;
    }
    throw UnknownNameError("unknown body type '" + text + "' (valid: dynamic, static, kinematic)");
}

py::dict statsDict(const StepStats& s) {
    py::dict d;
    d["step"] = s.step;
    d["broadphase_pairs"] = s.counts.broadphasePairs;
    d["obb_passed"] = s.counts.obbPassed;
    d["narrow_phase_calls"] = s.counts.narrowPhaseCalls;
    d["narrow_phase_skipped"] = s.counts.narrowPhaseSkipped;
    d["perturbation_calls"] = s.counts.perturbationCalls;
    d["face_clips"] = s.counts.faceClips;
    d["narrow_phase_failures"] = s.counts.narrowPhaseFailures;
    d["narrow_phase_fallbacks"] = s.counts.narrowPhaseFallbacks;
    d["support_calls"] = s.counts.supportCalls;
    d["gjk_iterations"] = s.counts.gjkIterations;
    d["penetration_iterations"] = s.counts.penetrationIterations;
    d["manifolds"] = s.counts.manifolds;
    d["contacts"] = s.counts.contacts;
    d["pgs_iterations"] = s.counts.pgsIterations;
    d["pgs_converged"] = s.counts.pgsConverged;
    d["pgs_residual"] = s.counts.pgsResidual;
    d["pgs_colours"] = s.counts.pgsColours;
    d["time_broadphase"] = s.times.broadphase;
    d["time_obb_filter"] = s.times.obbFilter;
    d["time_narrow_phase"] = s.times.narrowPhase;
    d["time_manifolds"] = s.times.manifolds;
    d["time_solver"] = s.times.solver;
    d["time_integrate"] = s.times.integrate;
    d["time_total"] = s.times.total;
    return d;
}

/// The stats of several steps as a dict of arrays (one element per step), same keys as statsDict.
py::dict statsColumns(const std::vector<StepStats>& steps) {
    py::dict d;
    if (steps.empty()) {
        return d;
    }
    const py::dict first = statsDict(steps.front());
    std::vector<py::dict> rows;
    rows.reserve(steps.size());
    for (const StepStats& s : steps) {
        rows.push_back(statsDict(s));
    }
    const py::module_ np = py::module_::import("numpy");
    for (const auto& [key, value] : first) {
        py::list column;
        for (const py::dict& row : rows) {
            column.append(row[key]);
        }
        d[key] = np.attr("asarray")(column);
    }
    return d;
}

} // namespace

void bindWorld(py::module_& m) {
    py::class_<WorldHandle, std::shared_ptr<WorldHandle>>(
        m, "World", "The simulated world (120 Hz by default).")
        .def(py::init([](double timeStep, const py::handle& gravity, const std::string& solver,
                         const std::string& warmStart) {
                 WorldSettings settings;
                 settings.timeStep = timeStep;
                 settings.gravity = toVec3(gravity, "gravity");
                 auto handle = std::make_shared<WorldHandle>(settings);
                 handle->setSolver(solver);
                 handle->world().setWarmStart(warmStart);
                 return handle;
             }),
             py::arg("time_step") = WorldSettings{}.timeStep,
             py::arg("gravity") = py::make_tuple(0.0, 0.0, -9.81), py::arg("solver") = "gjk",
             py::arg("warm_start") = "previous")
        .def(
            "add_body",
            [](WorldHandle& w, const Shape& shape, const py::handle& pose, const std::string& type,
               const py::handle& linearVelocity, const py::handle& angularVelocity, double density,
               std::optional<double> mass, double friction, double restitution) {
                BodyDesc desc(shape);
                desc.type = parseBodyType(type);
                desc.pose = toPose(pose, "pose");
                desc.linearVelocity = toVec3(linearVelocity, "linear_velocity");
                desc.angularVelocity = toVec3(angularVelocity, "angular_velocity");
                desc.density = density;
                desc.mass = mass;
                desc.material = {friction, restitution};
                return w.world().addBody(desc);
            },
            py::arg("shape"), py::arg("pose") = Pose(), py::arg("type") = "dynamic",
            py::arg("linear_velocity") = py::make_tuple(0.0, 0.0, 0.0),
            py::arg("angular_velocity") = py::make_tuple(0.0, 0.0, 0.0),
            py::arg("density") = BodyDesc(Shape::sphere(1)).density, py::arg("mass") = py::none(),
            py::arg("friction") = Material{}.friction,
            py::arg("restitution") = Material{}.restitution,
            "Adds a body; returns its id (0, 1, ...).")
        .def(
            "step",
            [](WorldHandle& w, int n, bool stats) -> py::object {
                if (n < 0) {
                    throw py::value_error("step: n must be >= 0");
                }
                std::vector<StepStats> perStep = w.step(n, stats);
                return stats ? py::object(statsColumns(perStep)) : py::object(py::none());
            },
            py::arg("n") = 1, py::arg("stats") = false,
            "Advances n steps without the GIL; with stats=True returns each step's stats as "
            "arrays.")
        .def_property_readonly(
            "stats", [](WorldHandle& w) { return statsDict(w.world().lastStats()); },
            "The last step's counts and times (seconds).")
        .def_property_readonly("state_hash", [](WorldHandle& w) { return w.world().stateHash(); })
        .def_property_readonly("step_count", [](WorldHandle& w) { return w.world().stepCount(); })
        .def_property_readonly("time", [](WorldHandle& w) { return w.world().time(); })
        .def_property_readonly("body_count", [](WorldHandle& w) { return w.world().bodyCount(); })
        .def_property(
            "solver", &WorldHandle::solverName, &WorldHandle::setSolver,
            "Narrow-phase solver of the next steps, e.g. 'gjk-nesterov:subalgo=barycode'.")
        .def_property(
            "warm_start",
            [](WorldHandle& w) {
                return std::string(name(w.world().settings().narrowPhase.warmStart));
            },
            [](WorldHandle& w, const std::string& warm) { w.world().setWarmStart(warm); })
        .def(
            "set_contact_cache", [](WorldHandle& w, bool on) { w.world().setContactCache(on); },
            py::arg("enabled"))
        .def_property(
            "threads", [](WorldHandle& w) { return w.world().settings().threads; },
            [](WorldHandle& w, int threads) { w.world().setThreads(threads); },
            "Threads of a step, this one included (WorldSettings::threads); every count gives the "
            "same "
            "state, bit for bit.")
        .def("poses", &WorldHandle::poses, "(N, 7) shape poses (qw, qx, qy, qz, tx, ty, tz).")
        .def("velocities", &WorldHandle::velocities,
             "(N, 6): linear (m/s) then angular (rad/s) velocity of each body's centre of mass, "
             "world frame.")
        .def(
            "set_pose",
            [](WorldHandle& w, BodyId id, const py::handle& pose) {
                w.world().setShapePose(id, toPose(pose, "pose"));
            },
            py::arg("body"), py::arg("pose"))
        .def(
            "set_velocity",
            [](WorldHandle& w, BodyId id, const py::handle& linear, const py::handle& angular) {
                w.world().setVelocity(id, toVec3(linear, "linear"), toVec3(angular, "angular"));
            },
            py::arg("body"), py::arg("linear"), py::arg("angular"))
        .def(
            "apply_impulse",
            [](WorldHandle& w, BodyId id, const py::handle& impulse, const py::handle& point) {
                w.world().applyImpulse(id, toVec3(impulse, "impulse"), toVec3(point, "point"));
            },
            py::arg("body"), py::arg("impulse"), py::arg("point"))
        .def("record_events", &WorldHandle::recordEvents, py::arg("enabled") = true,
             "Starts (or stops) keeping every narrow-phase call; take them with events().")
        .def("events", &WorldHandle::takeEvents,
             "The narrow-phase calls since the last events() as a dict of arrays (step, body_a, "
             "body_b, "
             "status, collide, distance, normal, witness_a, witness_b, pose_a, pose_b, iterations, "
             "penetration_iterations, support_calls, seconds, perturbed, queried_previous).")
        .def_property_readonly("body_names", &WorldHandle::bodyNames)
        .def("masses", &WorldHandle::masses, "(N,) masses (kg); 0 for static and kinematic bodies.")
        .def(
            "energy",
            [](WorldHandle& w) {
                const auto [kinetic, potential] = w.energy();
                py::dict d;
                d["kinetic"] = kinetic;
                d["potential"] = potential;
                d["total"] = kinetic + potential;
                return d;
            },
            "Kinetic, potential (gravity) and total energy of the dynamic bodies (joule).")
        .def_property_readonly("trajectory", [](WorldHandle& w) { return w.scene().trajectory; });
}

} // namespace mk::python
