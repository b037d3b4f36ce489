#pragma once
/// \file Stats.h
/// The per-step record of what the pipeline did and how long each stage took. The viewer and the
/// command-line program show it; benchmarks sum it.

#include <cstdint>

namespace mk {

/// Counts of one step.
struct StepCounts {
    int broadphasePairs = 0;    ///< pairs in Bullet's overlapping-pair cache (fattened AABBs)
    int obbPassed = 0;          ///< pairs whose world OBBs (grown by the margin) overlap
    int narrowPhaseCalls = 0;   ///< mk::collide calls really made
    int narrowPhaseSkipped = 0; ///< calls replaced by the contact cache (0 unless enabled)
    /// Extra mk::collide calls on perturbed poses (ContactSettings::perturbationIterations);
    /// not included in narrowPhaseCalls.
    int perturbationCalls = 0;
    /// Pairs of polytopes whose extra points came from clipping their faces instead
    /// (ContactSettings::clipPolytopeFaces); no mk::collide call.
    int faceClips = 0;
    int narrowPhaseFailures = 0; ///< results dropped as unusable (invalid input, non-finite)
    /// Calls the chosen solver answered Status::Unsupported (rtr and sdf-ellipsoid on shapes
    /// they cannot handle), then answered by vanilla GJK (counted once in narrowPhaseCalls).
    int narrowPhaseFallbacks = 0;
    std::int64_t supportCalls = 0;          ///< sum of QueryResult::supportCalls
    std::int64_t gjkIterations = 0;         ///< sum of QueryResult::iterations
    std::int64_t penetrationIterations = 0; ///< sum of QueryResult::penetrationIterations
    int manifolds = 0;                      ///< pairs with at least one contact point
    int contacts = 0;                       ///< contact points handed to the solver
    int pgsIterations = 0;                  ///< sweeps of the contact solver
    /// Colours of the contacts (PgsColours): a sweep on several threads waits at a barrier
    /// after each.
    int pgsColours = 0;
    bool pgsConverged = true; ///< a stopping criterion was met before the iteration cap
    /// Final max(complementarity, dual feasibility) of the PGS (pinocchio's absolute residual).
    double pgsResidual = 0.0;
    /// Final |f - f_prev|_inf / max(|f|_inf, |f_prev|_inf) of the PGS.
    double pgsRelativeChange = 0.0;
};

/// Wall-clock times of one step (unit: second).
struct StepTimes {
    double broadphase = 0.0; ///< body bounds, Bullet's pair update, sorted pair list
    double obbFilter = 0.0;
    double narrowPhase = 0.0; ///< includes the perturbation calls
    double manifolds = 0.0;   ///< refresh, merge, replace, the contact list for the solver
    double solver = 0.0;      ///< contact set-up and PGS
    double integrate = 0.0;   ///< forces, gyroscopic term, positions, checks
    double total = 0.0;
};

/// Motion of the dynamic bodies at the end of one step: the energy monitor (a simulation must
/// never create energy; only gravity and the contacts' position correction may supply it).
struct StepMotion {
    /// Sum over dynamic bodies of m |v|^2 / 2 + w.I w / 2 (unit: joule).
    double kineticEnergy = 0.0;
    /// Sum over dynamic bodies of -m g.x, x the centre of mass (unit: joule, zero at the
    /// origin). Without restitution and position correction the mechanical energy
    /// kineticEnergy + potentialEnergy can only fall; a rise is energy the simulation created.
    double potentialEnergy = 0.0;
    double maxLinearSpeed = 0.0;      ///< largest |v| of a dynamic body (unit: m/s)
    double maxAngularSpeed = 0.0;     ///< largest |w| of a dynamic body (unit: rad/s)
    std::int64_t fastestSpinner = -1; ///< body id of maxAngularSpeed (-1: no dynamic body)
};

struct StepStats {
    std::int64_t step = -1; ///< index of the step these stats describe
    StepCounts counts{};
    StepTimes times{};
    StepMotion motion{};
};

} // namespace mk
