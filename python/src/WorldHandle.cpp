/// \file WorldHandle.cpp
/// The world behind minkowski.World (WorldHandle.h).

#include "WorldHandle.h"

#include "Arrays.h"

#include <cstdint>

namespace mk::python {

/// The narrow-phase calls seen by the hook, column by column.
struct WorldHandle::Events {
    std::vector<std::int64_t> step;
    std::vector<std::int32_t> bodyA, bodyB, iterations, penetrationIterations, supportCalls;
    std::vector<std::uint8_t> status;
    std::vector<bool> collide, perturbed, queriedPrevious;
    std::vector<double> distance, seconds, normal, witnessA, witnessB, poseA, poseB;

    void add(const NarrowPhaseEvent& e) {
        step.push_back(e.step);
        bodyA.push_back(static_cast<std::int32_t>(e.bodyA));
        bodyB.push_back(static_cast<std::int32_t>(e.bodyB));
        status.push_back(static_cast<std::uint8_t>(e.result.status));
        collide.push_back(e.result.collide);
        distance.push_back(e.result.distance);
        for (int k = 0; k < 3; ++k) {
            normal.push_back(e.result.normal[k]);
            witnessA.push_back(e.result.witnessA[k]);
            witnessB.push_back(e.result.witnessB[k]);
        }
        double pa[7];
        double pb[7];
        writePose(e.poseA, pa);
        writePose(e.poseB, pb);
        poseA.insert(poseA.end(), pa, pa + 7);
        poseB.insert(poseB.end(), pb, pb + 7);
        iterations.push_back(e.result.iterations);
        penetrationIterations.push_back(e.result.penetrationIterations);
        supportCalls.push_back(e.result.supportCalls);
        seconds.push_back(e.seconds);
        perturbed.push_back(e.perturbed);
        queriedPrevious.push_back(e.queriedAtPreviousStep);
    }
};

namespace {

template <class T>
py::array_t<T> column(const std::vector<T>& v, py::ssize_t width = 0) {
    const auto n = static_cast<py::ssize_t>(v.size());
    py::array_t<T> a = width == 0 ? py::array_t<T>(n) : py::array_t<T>({n / width, width});
    std::copy(v.begin(), v.end(), a.mutable_data());
    return a;
}

py::array_t<bool> boolColumn(const std::vector<bool>& v) {
    py::array_t<bool> a(static_cast<py::ssize_t>(v.size()));
    for (size_t i = 0; i < v.size(); ++i) {
        a.mutable_data()[i] = v[i];
    }
    return a;
}

} // namespace

WorldHandle::WorldHandle(const WorldSettings& settings)
    : scene_(std::make_unique<scenes::BuiltScene>(scenes::BuiltScene{World(settings), {}, 0})),
      solver_(name(settings.narrowPhase.solver)) {}

WorldHandle::WorldHandle(scenes::BuiltScene scene)
    : scene_(std::make_unique<scenes::BuiltScene>(std::move(scene))),
      solver_(name(scene_->world.settings().narrowPhase.solver)) {}

WorldHandle::~WorldHandle() = default;

std::vector<StepStats> WorldHandle::step(int n, bool keepStats) {
    std::vector<StepStats> stats;
    if (keepStats) {
        stats.reserve(static_cast<size_t>(n));
    }
    py::gil_scoped_release release;
    for (int i = 0; i < n; ++i) {
        scene_->world.step();
        if (keepStats) {
            stats.push_back(scene_->world.lastStats());
        }
    }
    return stats;
}

void WorldHandle::setSolver(const std::string& solver) {
    const SolverChoice choice = parseSolverChoice(solver);
    scene_->world.setSolver(choice);
    solver_ = name(choice);
}

py::array_t<double> WorldHandle::poses() {
    const auto n = static_cast<py::ssize_t>(scene_->world.bodyCount());
    py::array_t<double> out = newDoubles(n, 7);
    for (py::ssize_t i = 0; i < n; ++i) {
        writePose(scene_->world.shapePose(static_cast<BodyId>(i)), out.mutable_data() + 7 * i);
    }
    return out;
}

py::array_t<double> WorldHandle::velocities() {
    const auto n = static_cast<py::ssize_t>(scene_->world.bodyCount());
    py::array_t<double> out = newDoubles(n, 6);
    for (py::ssize_t i = 0; i < n; ++i) {
        const Body& b = scene_->world.body(static_cast<BodyId>(i));
        writeVec3(b.linearVelocity, out.mutable_data() + 6 * i);
        writeVec3(b.angularVelocity, out.mutable_data() + 6 * i + 3);
    }
    return out;
}

std::vector<std::string> WorldHandle::bodyNames() const {
    std::vector<std::string> names;
    for (size_t i = 0; i < scene_->world.bodyCount(); ++i) {
        names.push_back(i < scene_->bodies.size() ? scene_->bodies[i].name
                                                  : std::string(shapeTypeName(scene_->world.body(static_cast<BodyId>(i)).shape.type())));
    }
    return names;
}

py::array_t<double> WorldHandle::masses() {
    const auto n = static_cast<py::ssize_t>(scene_->world.bodyCount());
    py::array_t<double> out(n);
    for (py::ssize_t i = 0; i < n; ++i) {
        const Body& b = scene_->world.body(static_cast<BodyId>(i));
        out.mutable_data()[i] = b.isDynamic() ? b.massProperties.mass : 0.0;
    }
    return out;
}

std::pair<double, double> WorldHandle::energy() {
    double kinetic = 0.0;
    double potential = 0.0;
    const Vec3 g = scene_->world.settings().gravity;
    for (size_t i = 0; i < scene_->world.bodyCount(); ++i) {
        const Body& b = scene_->world.body(static_cast<BodyId>(i));
        if (!b.isDynamic()) {
            continue;
        }
        const double m = b.massProperties.mass;
        const Mat3 r = b.pose.rotation.toRotationMatrix();
        const Mat3 inertia = r * b.massProperties.inertia * r.transpose();
        kinetic += 0.5 * m * b.linearVelocity.squaredNorm() +
                   0.5 * b.angularVelocity.dot(inertia * b.angularVelocity);
        potential -= m * g.dot(b.pose.translation);
    }
    return {kinetic, potential};
}

void WorldHandle::recordEvents(bool enabled) {
    if (!enabled) {
        scene_->world.setNarrowPhaseHook({});
        events_.reset();
        return;
    }
    if (!events_) {
        events_ = std::make_unique<Events>();
    }
    Events* events = events_.get();
    scene_->world.setNarrowPhaseHook([events](const NarrowPhaseEvent& e) { events->add(e); });
}

py::dict WorldHandle::takeEvents() {
    py::dict d;
    const Events e = events_ ? std::move(*events_) : Events{};
    if (events_) {
        *events_ = Events{};
    }
    d["step"] = column(e.step);
    d["body_a"] = column(e.bodyA);
    d["body_b"] = column(e.bodyB);
    d["status"] = column(e.status);
    d["collide"] = boolColumn(e.collide);
    d["distance"] = column(e.distance);
    d["normal"] = column(e.normal, 3);
    d["witness_a"] = column(e.witnessA, 3);
    d["witness_b"] = column(e.witnessB, 3);
    d["pose_a"] = column(e.poseA, 7);
    d["pose_b"] = column(e.poseB, 7);
    d["iterations"] = column(e.iterations);
    d["penetration_iterations"] = column(e.penetrationIterations);
    d["support_calls"] = column(e.supportCalls);
    d["seconds"] = column(e.seconds);
    d["perturbed"] = boolColumn(e.perturbed);
    d["queried_previous"] = boolColumn(e.queriedPrevious);
    return d;
}

} // namespace mk::python
