/// \file World.cpp
/// The world's API: body creation with validation, settings, accessors, state hash.

#include "WorldImpl.h"
#include "minkowski/narrowphase/Collide.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace mk {
namespace {

std::string vecText(const Vec3& v) {
    return "(" + std::to_string(v.x()) + ", " + std::to_string(v.y()) + ", " +
           std::to_string(v.z()) + ")";
}

void requireValidPose(const Pose& pose, const char* where) {
    if (!pose.isValid()) {
        throw EngineError(std::string(where) +
                          ": pose must be finite with a unit quaternion, got " + "translation " +
                          vecText(pose.translation) +
                          " and |q|^2 = " + std::to_string(pose.rotation.squaredNorm()));
    }
}

void requireFinite(const Vec3& v, const char* where, const char* what) {
    if (!v.allFinite()) {
        throw EngineError(std::string(where) + ": " + what + " must be finite, got " + vecText(v));
    }
}

void validateMaterial(const Material& m) {
    if (!std::isfinite(m.friction) || m.friction < 0.0) {
        throw EngineError("addBody: friction must be finite and >= 0, got " +
                          std::to_string(m.friction));
    }
    if (!(m.restitution >= 0.0 && m.restitution <= 1.0)) {
        throw EngineError("addBody: restitution must lie in [0, 1], got " +
                          std::to_string(m.restitution));
    }
}

/// Mass properties of a dynamic body, checked: positive mass, SPD inertia.
MassProperties dynamicMass(const BodyDesc& desc) {
    MassProperties mp = computeMassProperties(desc.shape, desc.density);
    if (desc.mass) {
        mp = withMass(mp, *desc.mass);
    }
    const Eigen::SelfAdjointEigenSolver<Mat3> eigen(mp.inertia, Eigen::EigenvaluesOnly);
    if (!(mp.mass > 0.0) || !std::isfinite(mp.mass) || !mp.inertia.allFinite() ||
        !(eigen.eigenvalues().minCoeff() > 0.0)) {
        throw EngineError("addBody: the shape's mass (" + std::to_string(mp.mass) +
                          " kg) and inertia must be finite and positive");
    }
    return mp;
}

Body makeBody(const BodyDesc& desc) {
    requireValidPose(desc.pose, "addBody");
    requireFinite(desc.linearVelocity, "addBody", "linear velocity");
    requireFinite(desc.angularVelocity, "addBody", "angular velocity");
    validateMaterial(desc.material);
    Body body{.shape = desc.shape, .type = desc.type, .material = desc.material};
    if (desc.type == BodyType::Static &&
        (!desc.linearVelocity.isZero(0.0) || !desc.angularVelocity.isZero(0.0))) {
        throw EngineError("addBody: a static body cannot have a velocity (use a kinematic body)");
    }
    if (desc.type == BodyType::Dynamic) {
        body.massProperties = dynamicMass(desc);
        body.inverseMass = 1.0 / body.massProperties.mass;
        body.inverseInertiaLocal = body.massProperties.inertia.inverse();
    }
    const Quat q = desc.pose.rotation.normalized();
    body.pose = {q, desc.pose.translation + q * body.massProperties.centerOfMass};
    body.linearVelocity = desc.linearVelocity;
    body.angularVelocity = desc.angularVelocity;
    return body;
}

void fnv1a(std::uint64_t& hash, const double* values, int count) {
    for (int i = 0; i < count; ++i) {
        unsigned char bytes[sizeof(double)];
        std::memcpy(bytes, &values[i], sizeof(double));
        for (unsigned char byte : bytes) {
            hash ^= byte;
            hash *= 1099511628211ull;
        }
    }
}

void validatePgs(const PgsSettings& p) {
    const bool ok = p.maxIterations > 0 && p.tolerance >= 0.0 && p.relativeTolerance >= 0.0 &&
                    p.velocityChangeTolerance >= 0.0 && p.overRelaxation > 0.0 &&
                    p.overRelaxation < 2.0 && p.warmStartFactor >= 0.0 &&
                    p.warmStartFactor <= 1.0 && p.baumgarte >= 0.0 && p.slop >= 0.0 &&
                    p.restitutionThreshold >= 0.0;
    if (!ok) {
        throw EngineError("PGS settings: need maxIterations > 0, tolerances >= 0, over-relaxation "
                          "in (0, 2), warm-start factor in [0, 1], baumgarte, slop and restitution "
                          "threshold >= 0");
    }
}

void validateThreads(int threads) {
    if (threads < 1 || threads > WorldSettings::kMaxThreads) {
        throw EngineError("WorldSettings: threads must be in [1, " +
                          std::to_string(WorldSettings::kMaxThreads) + "], got " +
                          std::to_string(threads));
    }
}

void validateSettings(const WorldSettings& s) {
    if (!std::isfinite(s.timeStep) || !(s.timeStep > 0.0)) {
        throw EngineError("WorldSettings: timeStep must be finite and positive, got " +
                          std::to_string(s.timeStep));
    }
    requireFinite(s.gravity, "WorldSettings", "gravity");
    const ContactSettings& c = s.contact;
    if (!(c.margin >= 0.0) || !(c.breakingThreshold > 0.0) ||
        !(c.relativeBreakingThreshold > 0.0) || !(c.restOffset >= 0.0 && c.restOffset < c.margin)) {
        throw EngineError("WorldSettings: need contact margin >= 0, breaking thresholds > 0 and "
                          "0 <= restOffset < margin");
    }
    if (c.perturbationIterations < 0 || c.perturbationMinPoints < 0 || c.perturbationCooldown < 0 ||
        c.perturbationMinPoints > Manifold::kCapacity) {
        throw EngineError("WorldSettings: perturbation iterations and cooldown must be >= 0 and "
                          "the minimum point count in [0, 4]");
    }
    validatePgs(s.pgs);
    validateThreads(s.threads);
}

} // namespace

Aabb obbBounds(const Obb& box) {
    const Vec3 extent = box.axes.cwiseAbs() * box.halfExtents;
    return {box.center - extent, box.center + extent};
}

World::World(const WorldSettings& settings) {
    validateSettings(settings);
    impl_ = std::make_unique<Impl>(settings);
    setWarmStart(settings.narrowPhase.warmStart);
}

World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

BodyId World::addBody(const BodyDesc& desc) {
    Body body = makeBody(desc);
    const auto id = static_cast<BodyId>(impl_->bodies.size());
    BodyFrame frame;
    frame.shapePose = body.shapePose();
    frame.obb = body.shape.localObb().transformed(frame.shapePose);
    const BoundingSphere& sphere = body.shape.boundingSphere();
    frame.radius = sphere.radius;
    frame.lever = (sphere.center - body.massProperties.centerOfMass).norm() + sphere.radius;
    frame.sphere = body.shape.type() == ShapeType::Sphere;
    impl_->broadphase.add(id, obbBounds(frame.obb), body.type != BodyType::Dynamic);
    impl_->bodies.push_back(std::move(body));
    impl_->frames.push_back(frame);
    return id;
}

void World::setSolver(const SolverChoice& choice) {
    impl_->settings.narrowPhase.solver = choice; // valid by construction (SolverChoice.h)
}

void World::setSolver(std::string_view name) {
    try {
        setSolver(parseSolverChoice(name));
    } catch (const UnknownNameError& e) {
        throw EngineError(std::string("setSolver: ") + e.what());
    }
}

void World::setWarmStart(WarmStart warmStart) {
    const auto all = allWarmStarts();
    if (std::find(all.begin(), all.end(), warmStart) == all.end()) {
        throw EngineError("setWarmStart: warm-start value " + std::to_string(int(warmStart)) +
                          " is not in the registry");
    }
    impl_->settings.narrowPhase.warmStart = warmStart;
}

void World::setWarmStart(std::string_view name) {
    try {
        setWarmStart(parseWarmStart(name));
    } catch (const UnknownNameError& e) {
        throw EngineError(std::string("setWarmStart: ") + e.what());
    }
}

void World::setContactCache(bool enabled) {
    impl_->settings.narrowPhase.contactCache = enabled;
}

void World::setPgsSettings(const PgsSettings& pgs) {
    validatePgs(pgs);
    impl_->settings.pgs = pgs;
}

void World::setThreads(int threads) {
    validateThreads(threads);
    impl_->settings.threads = threads;
}

void World::setNarrowPhaseHook(NarrowPhaseHook hook, HookCalls calls) {
    impl_->hook = std::move(hook);
    impl_->hookCalls = calls;
}

void World::step() {
    impl_->escapes.before(impl_->bodies);
    impl_->step();
    impl_->escapes.after(impl_->bodies, impl_->stepIndex - 1, time(), impl_->settings.escape);
}

const std::vector<EscapeEvent>& World::escapes() const {
    return impl_->escapes.events();
}

const StepStats& World::lastStats() const {
    return impl_->stats;
}

std::uint64_t World::stateHash() const {
    std::uint64_t hash = 14695981039346656037ull;
    for (const Body& b : impl_->bodies) {
        fnv1a(hash, b.pose.rotation.coeffs().data(), 4);
        fnv1a(hash, b.pose.translation.data(), 3);
        fnv1a(hash, b.linearVelocity.data(), 3);
        fnv1a(hash, b.angularVelocity.data(), 3);
    }
    return hash;
}

std::int64_t World::stepCount() const {
    return impl_->stepIndex;
}
double World::time() const {
    return double(impl_->stepIndex) * impl_->settings.timeStep;
}
const WorldSettings& World::settings() const {
    return impl_->settings;
}
std::size_t World::bodyCount() const {
    return impl_->bodies.size();
}

const Body& World::Impl::checkedBody(BodyId id) const {
    if (id >= bodies.size()) {
        throw EngineError("unknown body id " + std::to_string(id) + " (the world has " +
                          std::to_string(bodies.size()) + " bodies)");
    }
    return bodies[id];
}

const Body& World::body(BodyId id) const {
    return impl_->checkedBody(id);
}
Pose World::shapePose(BodyId id) const {
    return impl_->checkedBody(id).shapePose();
}

void World::setVelocity(BodyId id, const Vec3& linear, const Vec3& angular) {
    const Body& b = impl_->checkedBody(id);
    requireFinite(linear, "setVelocity", "linear velocity");
    requireFinite(angular, "setVelocity", "angular velocity");
    if (b.type == BodyType::Static) {
        throw EngineError("setVelocity: body " + std::to_string(id) + " is static");
    }
    impl_->bodies[id].linearVelocity = linear;
    impl_->bodies[id].angularVelocity = angular;
}

void World::applyImpulse(BodyId id, const Vec3& impulse, const Vec3& worldPoint) {
    impl_->checkedBody(id);
    requireFinite(impulse, "applyImpulse", "impulse");
    requireFinite(worldPoint, "applyImpulse", "point");
    Body& b = impl_->bodies[id];
    if (!b.isDynamic()) {
        return;
    }
    const Mat3 r = b.pose.rotation.toRotationMatrix();
    const Mat3 inverseInertia = r * b.inverseInertiaLocal * r.transpose();
    b.linearVelocity += b.inverseMass * impulse;
    b.angularVelocity += inverseInertia * (worldPoint - b.pose.translation).cross(impulse);
}

void World::setShapePose(BodyId id, const Pose& shapePose) {
    impl_->checkedBody(id);
    requireValidPose(shapePose, "setShapePose");
    Body& b = impl_->bodies[id];
    const Quat q = shapePose.rotation.normalized();
    b.pose = {q, shapePose.translation + q * b.massProperties.centerOfMass};
    BodyFrame& frame = impl_->frames[id];
    frame.shapePose = b.shapePose();
    frame.obb = b.shape.localObb().transformed(frame.shapePose);
    impl_->broadphase.update(id, obbBounds(frame.obb));
}

std::size_t World::pairCount() const {
    return impl_->index.size();
}

PairView World::pair(std::size_t i) const {
    if (i >= impl_->index.size()) {
        throw EngineError("pair: index " + std::to_string(i) + " out of range");
    }
    const PairSlot& s = impl_->index[i];
    const PairState& p = impl_->pool[s.slot];
    return {p.key.a, p.key.b, s.passed, p.manifold, p.result};
}

} // namespace mk
