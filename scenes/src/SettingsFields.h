#pragma once
/// \file SettingsFields.h
/// The keys of the scene file's settings tables (`[simulation]`, `[contact]`, `[pgs]`,
/// `[funnel]`, `[materials.NAME]`), each declared once with its member, its rule and its meaning
/// (FieldTable.h: what reads, writes, validates, compares and documents them). The
/// static_asserts below fail when a settings struct gains a member that no table names.

#include "FieldTable.h"
#include "minkowski/engine/Manifold.h"
#include "minkowski/engine/Settings.h"
#include "minkowski/scenes/SceneDesc.h"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>

namespace mk::scenes::detail {

/// The values a scene file may name for an enum field (readChoice()).
inline auto choices(WarmStart) {
    return allWarmStarts();
}
inline auto choices(EscapeAction) {
    return std::array{EscapeAction::Warn, EscapeAction::Error};
}

std::string solverText(const SimulationSpec& s);
void setSolverText(SimulationSpec& s, std::string_view text);

using Sim = SimulationSpec;
inline constexpr std::tuple kSimulationFields{
    StepField<Sim>{&Sim::timeStep, "step length (s) in (0, 1], or `hz` = its rate, not both"},
    Field{"seconds", &Sim::seconds, kPositive,
          "simulated time per trajectory (s); steps = round(seconds / time_step)"},
    Field{"trajectories", &Sim::trajectories, atLeast(1), "independent runs, each a fresh world"},
    Field{"seed", &Sim::seed, kAny, "seed of every random draw"},
    CodedField<Sim>{"solver", &solverText, &setSolverText,
                    "narrow-phase solver and its options, `NAME[:key=value]...` (`minkowski list "
                    "solvers` shows every solver, plugins included, with its options), e.g. "
                    "`gjk:subalgo=barycode`"},
    Field{"warm_start", &Sim::warmStart, kAny, "the narrow phase's first guess"},
    Field{"gravity", &Sim::gravity, kFinite, "m/s^2; z is up"},
    Field{"gyroscopic", &Sim::gyroscopic, kAny, "implicit gyroscopic term"},
    Field{"contact_cache", &Sim::contactCache, kAny,
          "reuse a pair's contact while it barely moves (skips narrow-phase calls)"},
    Field{"cache_translation", &Sim::cacheTranslation, kNonNegative,
          "contact cache: largest move of a pair's relative pose since its last query (m)",
          kOmitDefault},
    Field{"cache_rotation", &Sim::cacheRotation, kNonNegative,
          "contact cache: largest turn of a pair's relative pose since its last query (rad; "
          "Jolt's 2 degrees)",
          kOmitDefault},
    SubField{"escape", &Sim::escape, &EscapeSettings::action, kAny,
             "a dynamic body whose centre of mass enters or crosses a static body, or leaves the "
             "world cube: `warn` (one warning per body and kind, the run goes on) or `error` (the "
             "run stops, exit 1)"},
    SubField{"world_bound", &Sim::escape, &EscapeSettings::worldBound,
             Rule{Rule::PositiveOrInfinite}, "half side of the world cube about the origin (m)"},
};

/// `perturbation_min_points` is in [0, Manifold::kCapacity], as the engine (World.cpp) requires:
/// 0 is a valid way to switch perturbation off (no manifold has fewer than 0 points), like
/// `perturbation_iterations = 0`; more than a manifold holds could never be reached.
inline constexpr std::tuple kContactFields{
    Field{"margin", &ContactSettings::margin, kNonNegative,
          "a contact point is made below this signed distance (m)"},
    Field{"rest_offset", &ContactSettings::restOffset, kNonNegative,
          "distance at which touching bodies come to rest (m); below `margin`"},
    Field{"breaking_threshold", &ContactSettings::breakingThreshold, kPositive,
          "merge radius and drift limit of a cached point (m)"},
    Field{"relative_breaking_threshold", &ContactSettings::relativeBreakingThreshold, kPositive,
          "the threshold's cap as a fraction of the smaller bounding radius"},
    Field{"perturbation_iterations", &ContactSettings::perturbationIterations, atLeast(0),
          "tangent axes tried by multipoint perturbation; 0 disables it"},
    Field{"perturbation_min_points", &ContactSettings::perturbationMinPoints,
          closed(0, Manifold::kCapacity), "perturb while a manifold has fewer points"},
    Field{"perturbation_cooldown", &ContactSettings::perturbationCooldown, atLeast(0),
          "steps without perturbation after a round that added no point"},
    Field{"clip_polytope_faces", &ContactSettings::clipPolytopeFaces, kAny,
          "pairs of meshes and sharp boxes clip their supporting faces instead of being "
          "perturbed (docs/engine.md)",
          kOmitDefault},
    Field{"keep_polytope_anchors", &ContactSettings::keepPolytopeAnchors, kAny,
          "for pairs of meshes and sharp boxes, a new point near a cached one only renews its "
          "normal: the cached point keeps acting where it did (docs/engine.md)",
          kOmitDefault},
    Field{"ccd", &ContactSettings::ccd, kAny,
          "speculative contacts for fast bodies: each body's broadphase box and contact margin "
          "grow by the distance it may travel in the step, (|v| + |omega| r) h (docs/engine.md)",
          kOmitDefault},
};

inline constexpr std::tuple kPgsFields{
    Field{"max_iterations", &PgsSettings::maxIterations, atLeast(1), "iteration cap"},
    Field{"tolerance", &PgsSettings::tolerance, kPositive,
          "absolute tolerance on complementarity and dual feasibility"},
    Field{"relative_tolerance", &PgsSettings::relativeTolerance, kPositive,
          "tolerance on the relative change of the impulses"},
    Field{"velocity_change_tolerance", &PgsSettings::velocityChangeTolerance, kPositive,
          "m/s: the relative change stops the solver only once a sweep moves no body's velocity "
          "by more"},
    Field{"over_relaxation", &PgsSettings::overRelaxation, open(0.0, 2.0),
          "1 = plain Gauss-Seidel"},
    Field{"warm_start_factor", &PgsSettings::warmStartFactor, closed(0.0, 1.0),
          "fraction of the previous step's impulses a persisting contact starts from"},
    Field{"baumgarte", &PgsSettings::baumgarte, kNonNegative,
          "fraction of the penetration beyond `slop` corrected per step"},
    Field{"slop", &PgsSettings::slop, kNonNegative, "penetration left uncorrected (m)"},
    Field{"restitution_threshold", &PgsSettings::restitutionThreshold, kNonNegative,
          "restitution applies above this approach speed (m/s)"},
};

inline constexpr std::tuple kFunnelFields{
    Field{"half_width", &FunnelSpec::halfWidth, kPositive,
          "half side of the pit floor between the walls (m)"},
    Field{"tilt_degrees", &FunnelSpec::tiltDegrees, closed(0.0, 80.0),
          "walls' lean away from the vertical"},
    Field{"wall_height", &FunnelSpec::wallHeight, kPositive,
          "height of the walls' top above the floor (m)"},
    Field{"wall_thickness", &FunnelSpec::wallThickness, kPositive,
          "(m); also the floor slab's thickness"},
    Field{"floor_half_width", &FunnelSpec::floorHalfWidth, kNonNegative,
          "half side of the floor slab; 0: past the walls' top"},
    Field{"material", &FunnelSpec::material, kMaterial, "material of the floor and walls",
          kOmitDefault},
};

inline constexpr std::tuple kMaterialFields{
    Field{"friction", &MaterialDesc::friction, kNonNegative,
          "Coulomb coefficient; a pair uses sqrt(mu_A mu_B)"},
    Field{"restitution", &MaterialDesc::restitution, closed(0.0, 1.0), "a pair uses max(e_A, e_B)"},
};

/// SimulationSpec's solver choice is held by this many members and written as one `solver` key;
/// its member `escape` holds two keys.
inline constexpr std::size_t kSolverMembers = 1;
inline constexpr std::size_t kEscapeKeys = 2;
static_assert(memberCount<SimulationSpec>() + (kEscapeKeys - 1) ==
                  std::tuple_size_v<decltype(kSimulationFields)> + kSolverMembers - 1,
              "a SimulationSpec member is missing from kSimulationFields");
static_assert(memberCount<ContactSettings>() == std::tuple_size_v<decltype(kContactFields)>,
              "a ContactSettings member is missing from kContactFields");
static_assert(memberCount<PgsSettings>() == std::tuple_size_v<decltype(kPgsFields)>,
              "a PgsSettings member is missing from kPgsFields");
static_assert(memberCount<FunnelSpec>() == std::tuple_size_v<decltype(kFunnelFields)>,
              "a FunnelSpec member is missing from kFunnelFields");
static_assert(memberCount<MaterialDesc>() == std::tuple_size_v<decltype(kMaterialFields)>,
              "a MaterialDesc member is missing from kMaterialFields");

} // namespace mk::scenes::detail
