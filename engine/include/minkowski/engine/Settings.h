#pragma once
/// \file Settings.h
/// Every default of the engine in one place (coal keeps its defaults in one header too; the
/// narrow phase's are in minkowski/narrowphase/Defaults.h). Units are SI: metre, second, kilogram.

#include "minkowski/engine/Escape.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/Query.h"

#include <numbers>

namespace mk {

/// How the narrow phase is called for the pairs that pass the OBB filter.
struct NarrowPhaseSettings {
    /// The solver and its options, parsed once (parseSolverChoice()) and copied into every
    /// request.
    SolverChoice solver;
    /// `solver`, as the anchor benchmark shipped in ../shared/tools/simbench reads it (from before
    /// the choice was one public member): kept so that the anchor builds against main unchanged.
    [[nodiscard]] const SolverChoice& solverChoice() const { return solver; }
    /// GJK++ Sec. IV-E: the previous step's separation vector is the best cheap guess in a
    /// simulation (Fig. 13); `obb` when the pair was not queried at the previous step.
    WarmStart warmStart = WarmStart::Previous;
    /// Template of every request: tolerances and iteration caps (task and solver are
    /// overridden: the engine always asks for Task::SignedDistance with `solver`).
    QueryRequest request{};

    /// Contact cache (off by default, so that every narrow-phase call is really made): a pair
    /// whose relative pose moved less than the two thresholds below since its last real query
    /// reuses that query's witnesses (moved with the bodies) and skips the narrow phase. So does
    /// a pair that query found apart by more than its bodies can have closed since plus the
    /// contact margin and reach: its answer is that certified lower bound
    /// (Status::SeparatedEarlyExit), no contact is lost. Skipped calls are counted in
    /// StepCounts::narrowPhaseSkipped.
    bool contactCache = false;
    /// Contact cache: largest relative translation of B in A's frame (unit: metre).
    double cacheTranslation = 1e-3;
    /// Contact cache: largest relative rotation angle of B in A's frame (unit: radian). Jolt's
    /// body-pair cache's, 2 degrees (PhysicsSettings::mBodyPairCacheCosMaxDeltaRotationDiv2), as
    /// its 1 mm is cacheTranslation's: the cache answers the same pairs as Jolt's would.
    double cacheRotation = 2.0 * std::numbers::pi / 180.0;
};

/// Contact generation and the persistent manifold (Bullet's btPersistentManifold).
struct ContactSettings {
    /// A new contact point is made when the signed distance is below this (unit: metre); with
    /// a positive distance the point is speculative (it allows approach up to the gap).
    double margin = 0.005;
    /// Distance at which touching bodies come to rest (unit: metre): the solver treats the
    /// surface as offset by this much, so resting pairs stay separated and the narrow phase
    /// answers them by GJK distance; EPA (or MPR's depth) only runs for real penetrations.
    /// Bullet's collision margin plays the same role (0.04 m by default, 1 mm for hulls here).
    double restOffset = 0.0005;
    /// Bullet's gContactBreakingThreshold (unit: metre): merge radius of a new point with a
    /// cached one, and the normal and tangential drift beyond which a cached point is dropped.
    double breakingThreshold = 0.02;
    /// The threshold is at most this fraction of the smaller bounding-sphere radius of the pair,
    /// so that the four points of a small object stay distinct (Bullet's relative threshold,
    /// CD_USE_RELATIVE_CONTACT_BREAKING_THRESHOLD, scales it by the shape size in the same way).
    double relativeBreakingThreshold = 0.2;
    /// Multipoint contact generation by perturbation (Bullet's btConvexConvexAlgorithm with
    /// setConvexConvexMultipointIterations(3, 3), off by default in Bullet): while a touching
    /// pair's manifold has fewer than `perturbationMinPoints` points, the body of smaller bounding
    /// sphere is tilted by min(breakingThreshold / radius, pi/8) about `perturbationIterations`
    /// tangent axes and queried again; each answer, moved back onto the real bodies, is a new
    /// point when its distance is below the breaking threshold (Bullet's rule: a speculative
    /// point when positive). A box then rests on four corners from its first contact instead of
    /// balancing on two. Pairs with a sphere are never perturbed (their manifold is one point).
    /// 0 disables.
    int perturbationIterations = 3;
    int perturbationMinPoints = 3;
    /// After a perturbation round that added no point (a line or point contact, such as a can
    /// on its side), the pair is not perturbed again for this many steps (0: every step, as
    /// Bullet does), unless the bodies turn relative to each other by more than the round's tilt
    /// or the contact moves on the tilted body by more than the breaking threshold.
    int perturbationCooldown = 10;
    /// Pairs of polytopes (meshes, boxes without rounding) get their extra points by clipping
    /// their supporting faces along the normal against each other (FaceClip.h: Jolt's and
    /// Gregorius's face clipping) instead of the tilted queries: the corners of a face contact
    /// in one pass, on the bodies' real faces. The trigger and the cooldown are the
    /// perturbation's; curved shapes are still perturbed.
    bool clipPolytopeFaces = true;
    /// Pairs of polytopes (as for clipPolytopeFaces): a new point (the narrow phase's, or a
    /// clipped corner) merges into a cached point whose anchors on both bodies are within the
    /// merge radius of its own by handing it the new normal only; the cached point keeps its
    /// anchors, so the warm start acts where the last solve did (Merge::KeepAnchors). False:
    /// Bullet's rule, the new point's geometry replaces the cached one's.
    bool keepPolytopeAnchors = true;
    /// Continuous collision by speculative contacts (Catto, "Speculative contacts", GDC 2013):
    /// each dynamic or kinematic body reaches (|v| + |omega| r) h beyond its bounds this step
    /// (r its bounding radius), its broadphase box is swept along v h and grown by |omega| r h,
    /// the OBB filter grows by both bodies' reach, and a pair whose distance is within margin +
    /// both reaches gets a contact at that positive distance, which the solver lets close only
    /// up to the gap. A body at 1e6 m/s then stops on the floor instead of crossing it within
    /// one step, and a kinematic paddle at 30 m/s pushes a cube instead of passing through it.
    /// On by default, as in Jolt and Box2D v3 (whose speculative distance is a fixed 2 cm):
    /// without it, bodies falling at 3-5 m/s into the crowded funnel met the walls 2-5 cm deep
    /// (docs/engine.md, "Continuous collision"). Off: reach 0, the margin alone.
    bool ccd = true;
};

/// Projected Gauss-Seidel on the contact impulses (pinocchio's pgs-solver.hxx).
struct PgsSettings {
    /// Iteration cap (pinocchio: 1000; Bullet: 10). Warm-started impulses converge in a few
    /// sweeps on resting contacts, so the cap binds only in dense, moving piles.
    int maxIterations = 30;
    /// Absolute tolerance on the De Saxce-corrected complementarity |f.(v + [0,0,mu|v_t|])| and
    /// on the dual feasibility |proj_K*(v~) - v~| (pinocchio: 1e-6; unit: N s m/s and m/s).
    double tolerance = 1e-6;
    /// Relative-change tolerance |f - f_prev|_inf <= eps max(|f|_inf, |f_prev|_inf)
    /// (pinocchio: 1e-6).
    double relativeTolerance = 1e-5;
    /// The relative change stops the sweeps only when the last sweep also changed no body's
    /// velocity by more than this, linear or angular at the body's lever (SolverBody::lever;
    /// unit: m/s). Bodies wedged where the position correction cannot be met keep changing
    /// their impulses but not their velocities; a light body that still slips changes both.
    double velocityChangeTolerance = 1e-5;
    /// Over-relaxation w in (0, 2) (pinocchio's over_relax; 1 = plain Gauss-Seidel).
    double overRelaxation = 1.0;
    /// Fraction of the previous step's impulses a persisting contact starts from
    /// (Bullet: 0.85, Box2D and pinocchio warm starts: 1).
    double warmStartFactor = 1.0;
    /// Baumgarte factor: a penetration d < -slop asks for a separating velocity
    /// baumgarte * (-d - slop) / h (Bullet's erp2 = 0.2).
    double baumgarte = 0.2;
    /// Penetration left uncorrected, so that resting contacts stay touching (unit: metre).
    double slop = 0.001;
    /// Restitution applies when the approach speed exceeds this (Bullet: 0.2; unit: m/s).
    double restitutionThreshold = 0.2;
};

/// Everything a World is built from.
struct WorldSettings {
    /// Fixed step h (unit: second); 120 Hz as in GJK++ Sec. IV-E.
    double timeStep = 1.0 / 120.0;
    /// (unit: m/s^2), z up.
    Vec3 gravity = Vec3(0.0, 0.0, -9.81);
    /// Implicit gyroscopic term (Catto, GDC 2015, one Newton step); off = omega kept constant in
    /// the world frame between contacts.
    bool gyroscopic = true;
    NarrowPhaseSettings narrowPhase{};
    ContactSettings contact{};
    PgsSettings pgs{};
    /// Bodies passing through static bodies or leaving the world (Escape.h).
    EscapeSettings escape{};
    /// Threads of a step, the calling one included (1..kMaxThreads). The narrow phase and the
    /// manifold stage split their pairs among them; each pair's work is the same whatever the
    /// split, so every thread count gives the same bits as one thread. A NarrowPhaseHook keeps
    /// those stages on the calling thread.
    int threads = 1;
    static constexpr int kMaxThreads = 256;
};

} // namespace mk
