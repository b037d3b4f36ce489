/// \file TrajectoryRecorder.cpp
/// One trajectory's rows from a world and its narrow-phase hook.

#include "minkowski/dataset/Recorder.h"

#include <algorithm>

namespace mk::dataset {
namespace {

BodyKind kindOf(BodyType type) {
    switch (type) {
    case BodyType::Static:
        return BodyKind::Static;
    case BodyType::Dynamic:
        return BodyKind::Dynamic;
    case BodyType::Kinematic:
        return BodyKind::Kinematic;
    }
    return BodyKind::Static;
}

/// Same shape as far as a dataset can tell: the same mesh object, or the same primitive.
bool sameShape(const Shape& a, const Shape& b) {
    if (a.type() != b.type()) {
        return false;
    }
    if (a.type() == ShapeType::ConvexMesh) {
        return a.convexMesh() == b.convexMesh();
    }
    return a.halfExtents() == b.halfExtents() && a.coreRadius() == b.coreRadius();
}

} // namespace

std::int32_t TrajectoryRecorder::shapeId(const Shape& shape, BodyId body) {
    for (size_t i = 0; i < seen_.size(); ++i) {
        if (sameShape(seen_[i], shape)) {
            return static_cast<std::int32_t>(i);
        }
    }
    const std::string name =
        body < shapeNames_.size() ? shapeNames_[body] : std::string(shapeTypeName(shape.type()));
    data_.shapes.push_back(describeShape(shape, name));
    seen_.push_back(shape);
    return static_cast<std::int32_t>(seen_.size() - 1);
}

void TrajectoryRecorder::recordBodies(const World& world,
                                      const std::vector<scenes::BodyInfo>& info) {
    shapeNames_.clear();
    for (BodyId id = 0; id < world.bodyCount(); ++id) {
        const scenes::BodyInfo* i = id < info.size() ? &info[id] : nullptr;
        shapeNames_.push_back(i == nullptr ? std::string(shapeTypeName(world.body(id).shape.type()))
                                           : (i->shape.empty() ? i->group : i->shape));
    }
    for (BodyId id = 0; id < world.bodyCount(); ++id) {
        const Body& b = world.body(id);
        BodyRow row;
        row.trajectory = data_.trajectory;
        row.body = static_cast<std::int32_t>(id);
        row.shape = shapeId(b.shape, id);
        row.kind = static_cast<std::uint8_t>(kindOf(b.type));
        row.mass = b.isDynamic() ? b.massProperties.mass : 0.0;
        row.centerOfMass = b.massProperties.centerOfMass;
        row.pose = b.shapePose();
        row.name = id < info.size() ? info[id].name : "body " + std::to_string(id);
        data_.bodies.push_back(std::move(row));
    }
    recordStates(world);
}

void TrajectoryRecorder::recordStates(const World& world) {
    for (BodyId id = 0; id < world.bodyCount(); ++id) {
        const Body& b = world.body(id);
        if (b.type == BodyType::Static) {
            continue;
        }
        data_.states.push_back({data_.trajectory, static_cast<std::int32_t>(world.stepCount()),
                                static_cast<std::int32_t>(id), b.shapePose(), b.linearVelocity,
                                b.angularVelocity});
    }
}

/// The pair's last real query, checked against what the engine's PairCache says.
void TrajectoryRecorder::fillPrevious(const NarrowPhaseEvent& e, ProblemRow& row) const {
    const auto it = pairs_.find({e.bodyA, e.bodyB});
    const bool known = it != pairs_.end();
    if (e.queriedAtPreviousStep && !e.perturbed &&
        (!known || it->second.step != e.step - 1 ||
         it->second.separation != e.previousSeparation)) {
        if (lenient_) {
            row.queriedPrevious = false; // the previous query was not seen: replay falls back
        } else {
            throw DatasetError("step " + std::to_string(e.step) + ", bodies " +
                               std::to_string(e.bodyA) + " and " + std::to_string(e.bodyB) +
                               ": the engine's pair memory holds a query the recorder did not see "
                               "(the contact cache must be off while recording)");
        }
    }
    if (!known) {
        row.previousStep = -1;
        row.previousSeparation = Vec3::Zero();
        return;
    }
    const PairMemory& m = it->second;
    row.previousStep = static_cast<std::int32_t>(m.step);
    row.previousSeparation = m.separation;
    row.previousPoseA = m.poseA;
    row.previousPoseB = m.poseB;
    row.previousWitnessA = m.witnessA;
    row.previousWitnessB = m.witnessB;
}

void TrajectoryRecorder::onNarrowPhase(const NarrowPhaseEvent& e) {
    ProblemRow row;
    row.trajectory = data_.trajectory;
    row.step = static_cast<std::int32_t>(e.step);
    row.bodyA = static_cast<std::int32_t>(e.bodyA);
    row.bodyB = static_cast<std::int32_t>(e.bodyB);
    row.shapeA = shapeId(e.shapeA, e.bodyA);
    row.shapeB = shapeId(e.shapeB, e.bodyB);
    row.poseA = e.poseA;
    row.poseB = e.poseB;
    row.obbCenterA = e.poseA.apply(e.shapeA.localObb().center);
    row.obbCenterB = e.poseB.apply(e.shapeB.localObb().center);
    row.perturbed = e.perturbed;
    row.queriedPrevious = e.queriedAtPreviousStep;
    fillPrevious(e, row);
    const QueryResult& r = e.result;
    row.solver = solverId(e.request.solver);
    row.status = static_cast<std::uint8_t>(r.status);
    row.collide = r.collide;
    row.distance = r.distance;
    row.witnessA = r.witnessA;
    row.witnessB = r.witnessB;
    row.normal = r.normal;
    row.separation = r.separation;
    row.initialGuess = e.request.initialGuess;
    row.iterations = r.iterations;
    row.penetrationIterations = r.penetrationIterations;
    row.supportCalls = r.supportCalls;
    data_.problems.push_back(row);
    if (!e.perturbed && r.status != Status::InvalidInput) { // as PairCache::update
        pairs_[{e.bodyA, e.bodyB}] = {e.step,     e.poseA,    e.poseB,
                                      r.witnessA, r.witnessB, r.separation};
    }
}

std::int32_t TrajectoryRecorder::solverId(const SolverChoice& choice) {
    if (lastSolver_ >= 0 && choice == lastChoice_) {
        return lastSolver_;
    }
    const std::string text = name(choice);
    const auto it = std::find(data_.solverNames.begin(), data_.solverNames.end(), text);
    lastSolver_ = static_cast<std::int32_t>(it - data_.solverNames.begin());
    if (it == data_.solverNames.end()) {
        data_.solverNames.push_back(text);
    }
    lastChoice_ = choice;
    return lastSolver_;
}

TrajectoryData TrajectoryRecorder::takeRows() {
    TrajectoryData part;
    part.trajectory = data_.trajectory;
    part.shapes = data_.shapes;
    part.solverNames = data_.solverNames;
    part.bodies = std::move(data_.bodies);
    part.states = std::move(data_.states);
    part.problems = std::move(data_.problems);
    data_.bodies.clear();
    data_.states.clear();
    data_.problems.clear();
    return part;
}

TrajectoryData TrajectoryRecorder::finish(std::int32_t steps, std::uint64_t stateHash) {
    data_.steps = steps;
    data_.stateHash = stateHash;
    TrajectoryData out = std::move(data_);
    data_ = TrajectoryData{};
    data_.trajectory = out.trajectory;
    seen_.clear();
    pairs_.clear();
    lastSolver_ = -1;
    return out;
}

} // namespace mk::dataset
