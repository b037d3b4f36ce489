#pragma once
/// \file World.h
/// The simulated world: bodies, a fixed step, and the pipeline of GJK++ Sec. IV-E
/// (broadphase, OBB filter, narrow phase, persistent manifolds, PGS with friction cones).
///
/// One step, each stage timed and counted in StepStats:
///  1. broadphase: world bounds of every body, Bullet's btDbvtBroadphase, sorted pair list;
///  2. OBB filter: separating-axis test of the pair's world OBBs grown by the contact margin;
///  3. narrow phase: mk::collide (Task::SignedDistance) with the chosen solver and warm start;
///  4. manifolds: refresh, merge, replace (Bullet's btPersistentManifold rules);
///  5. solver: gravity and the implicit gyroscopic term, then PGS on the contact impulses;
///  6. integrate: positions and renormalised quaternions, after a finiteness check.
/// Pairs are processed in increasing (a, b) order and no container is iterated in hash order,
/// so the same world, settings and inputs give bit-identical states (see stateHash()). Stages 3
/// and 4 split their pairs among WorldSettings::threads threads; a pair's work depends on that
/// pair alone, so the state is the same bits for every thread count.

#include "minkowski/engine/Body.h"
#include "minkowski/engine/Errors.h"
#include "minkowski/engine/Manifold.h"
#include "minkowski/engine/Settings.h"
#include "minkowski/engine/Stats.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Query.h"
#include "minkowski/narrowphase/Shape.h"

#include <cstddef>
#include <cstdint>
#include <vector>
#include <functional>
#include <memory>
#include <string_view>

namespace mk {

/// Everything about one narrow-phase call, handed to the hook right after the call.
struct NarrowPhaseEvent {
    std::int64_t step;             ///< index of the step making the call
    BodyId bodyA;                  ///< bodyA < bodyB
    BodyId bodyB;
    const Shape& shapeA;
    const Shape& shapeB;
    const Pose& poseA;             ///< shape poses (shape -> world) given to mk::collide
    const Pose& poseB;
    const QueryRequest& request;   ///< as sent, warm start included (solver Gjk when the
                                   ///< chosen solver did not support the pair: a fallback)
    const QueryResult& result;
    bool queriedAtPreviousStep;    ///< the pair was queried at step - 1
    /// The pair's separation vector x = p_A - p_B of its last query (world frame); meaningful
    /// when queriedAtPreviousStep.
    const Vec3& previousSeparation;
    double seconds;                ///< wall time of the mk::collide call (unit: second)
    /// A multipoint call: poseA or poseB is the real pose tilted by the perturbation
    /// (ContactSettings::perturbationIterations), and the PairCache was not updated by it.
    bool perturbed;
    /// The step's thread that made the call, in [0, WorldSettings::threads); always 0 unless
    /// the hook was set with HookCalls::Concurrent.
    int thread;
};

/// Receives every narrow-phase call (the dataset recorder records them; the viewer draws them).
using NarrowPhaseHook = std::function<void(const NarrowPhaseEvent&)>;

/// How a NarrowPhaseHook may be called.
enum class HookCalls {
    /// On the thread calling World::step(), in the order of the calls of a one-thread step (a
    /// recorder's file is then the same for every thread count); the narrow phase does not
    /// use the step's other threads while such a hook is set.
    Ordered,
    /// From every thread of the step at once, in any order (NarrowPhaseEvent::thread tells
    /// which): the hook must be safe to call concurrently, e.g. one buffer per thread.
    Concurrent,
};

/// One broadphase pair of the last step, for viewers and tests.
struct PairView {
    BodyId bodyA;
    BodyId bodyB;
    bool obbPassed;                 ///< went to the narrow phase (or the contact cache)
    const Manifold& manifold;
    const QueryResult& lastResult;  ///< meaningful when obbPassed
};

class World {
public:
    explicit World(const WorldSettings& settings = {});
    ~World();
    World(const World&) = delete;
    World& operator=(const World&) = delete;
    World(World&&) noexcept;
    World& operator=(World&&) noexcept;

    /// Adds a body; ids are dense, from 0, in call order.
    /// \throws EngineError on a non-finite or non-unit pose, non-finite velocity, non-positive
    /// or non-finite density or mass, negative friction, restitution outside [0, 1], a static
    /// body with a velocity, or a shape whose computed mass or inertia is not positive.
    BodyId addBody(const BodyDesc& desc);

    /// Narrow-phase solver and warm start of the next steps (switching between steps is safe).
    /// A choice is valid by construction; a name is parsed (`gjk-polyak:subalgo=barycode`,
    /// parseSolverChoice()).
    /// \throws EngineError for an unknown solver, option or value (the message lists the valid
    /// names).
    void setSolver(const SolverChoice& choice);
    void setSolver(std::string_view name);
    void setWarmStart(WarmStart warmStart);
    void setWarmStart(std::string_view name);
    /// Turns the contact cache on or off (NarrowPhaseSettings::contactCache).
    void setContactCache(bool enabled);
    /// \throws EngineError on non-positive iterations or tolerances, or w outside (0, 2).
    void setPgsSettings(const PgsSettings& pgs);
    /// WorldSettings::threads; the same state follows whatever the count.
    /// \throws EngineError outside [1, WorldSettings::kMaxThreads].
    void setThreads(int threads);
    /// Called after every real narrow-phase call; an empty function removes the hook.
    void setNarrowPhaseHook(NarrowPhaseHook hook, HookCalls calls = HookCalls::Ordered);

    /// Advances by one time step.
    /// \throws SimulationError naming the step and bodies when a velocity or pose becomes
    /// non-finite; the bodies then keep the state they had before the call. \throws EscapeError
    /// (a SimulationError) under EscapeAction::Error when a body passed through a static body or
    /// left the world cube during the step (the step is kept).
    void step();

    [[nodiscard]] const StepStats& lastStats() const;
    /// Every escape so far (a body through a static body or out of the world cube; Escape.h),
    /// each body and kind once, in order. Under EscapeAction::Error step() throws EscapeError.
    [[nodiscard]] const std::vector<EscapeEvent>& escapes() const;
    /// FNV-1a (64 bit) over the bytes of every body's pose (quaternion x, y, z, w; translation),
    /// linear and angular velocity, in id order.
    [[nodiscard]] std::uint64_t stateHash() const;

    [[nodiscard]] std::int64_t stepCount() const;
    [[nodiscard]] double time() const; ///< stepCount() * timeStep (unit: second)
    [[nodiscard]] const WorldSettings& settings() const;

    [[nodiscard]] std::size_t bodyCount() const;
    /// \throws EngineError on an unknown id (as do the other accessors taking an id).
    [[nodiscard]] const Body& body(BodyId id) const;
    [[nodiscard]] Pose shapePose(BodyId id) const;
    /// Sets the velocities of a dynamic or kinematic body (world frame).
    void setVelocity(BodyId id, const Vec3& linear, const Vec3& angular);
    /// Teleports a body: its shape's new pose. Contacts of its pairs are kept and refreshed.
    void setShapePose(BodyId id, const Pose& shapePose);
    /// Applies an impulse (unit: N s) at a point of the world to a dynamic body, changing its
    /// velocities at once: v += J / m and omega += I^-1 (r x J), with r from the centre of mass to
    /// the point and I^-1 in the world frame. A force F acting over the next step is J = F h
    /// (the viewer's mouse spring does this before each step). Static and kinematic bodies have
    /// infinite mass and are left unchanged.
    /// \throws EngineError on an unknown id or a non-finite impulse or point.
    void applyImpulse(BodyId id, const Vec3& impulse, const Vec3& worldPoint);

    /// Broadphase pairs of the last step, in (a, b) order.
    [[nodiscard]] std::size_t pairCount() const;
    [[nodiscard]] PairView pair(std::size_t index) const;

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;
};

} // namespace mk
