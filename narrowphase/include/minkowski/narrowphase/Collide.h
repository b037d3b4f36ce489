#pragma once
/// \file Collide.h
/// Entry point of the narrow phase and the registry of solvers by name.

#include "minkowski/narrowphase/Query.h"
#include "minkowski/narrowphase/Shape.h"

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace mk {

/// Runs `request.solver` on shapes A and B at poses `poseA`, `poseB` (shape -> world).
/// Never throws and never allocates: invalid poses give Status::InvalidInput.
QueryResult collide(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                    const QueryRequest& request);

/// Thrown for an unknown solver, warm-start or task name; the message lists the valid names.
class UnknownNameError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// Every solver, in registry order (the order of SolverKind).
std::span<const SolverKind> allSolvers();
std::span<const WarmStart> allWarmStarts();

/// How a solver's penetration depth relates to the minimum translation distance (MTD).
enum class DepthDefinition : unsigned char {
    MinimumTranslation, ///< GJK family + EPA, rtr (rtr: a local minimum, >= the MTD, can
                        ///< occur in deep penetration; the global one in shallow penetration)
    PortalDirection,    ///< mpr: the depth along the portal direction, >= the MTD
    InscribedSphere,    ///< sdf-ellipsoid: diameter of the largest ball in A n B, <= the MTD
};

/// What `solver` promises on the pair (a, b): for cross-checks and benchmarks that loop over
/// allSolvers().
struct SolverTraits {
    bool supported = true;     ///< false: every query gives Status::Unsupported
    /// Separated distances (and collide flags) to the request's tolerance. False for
    /// sdf-ellipsoid when a shape has an approximate SDF (cone, ellipsoid, superquadric, mesh):
    /// the verdict keeps its sign, distances are off by up to a few % of the shapes' size.
    bool exactDistance = true;
    DepthDefinition depth = DepthDefinition::MinimumTranslation;
};
[[nodiscard]] SolverTraits solverTraits(SolverKind solver, const Shape& a, const Shape& b);

/// Name -> enum. \throws UnknownNameError listing the valid names.
SolverKind parseSolver(std::string_view name);
WarmStart parseWarmStart(std::string_view name);
Task parseTask(std::string_view name);
SubAlgorithm parseSubAlgorithm(std::string_view name);
std::span<const SubAlgorithm> allSubAlgorithms();

GjkConvergence parseGjkConvergence(std::string_view name);
GjkMomentumSchedule parseGjkMomentum(std::string_view name);
std::string_view name(GjkConvergence);
std::string_view name(GjkMomentumSchedule);

/// A solver with its options, as users name it: `gjk`, `gjk-polyak:subalgo=barycode`,
/// `gjk-nesterov:momentum=coal:criterion=duality-gap`, ... Options, each `:key=value`:
/// - `subalgo=johnson|signed-volume|barycode` (SubAlgorithm), the four GJK solvers;
/// - `criterion=relative|duality-gap` (GjkConvergence), the four GJK solvers;
/// - `momentum=paper|coal` (GjkMomentumSchedule), the three accelerated ones.
struct SolverChoice {
    SolverKind solver = SolverKind::Gjk;
    SubAlgorithm subAlgorithm = SubAlgorithm::Johnson;
    GjkConvergence convergence = GjkConvergence::VanDenBergen;
    GjkMomentumSchedule momentum = GjkMomentumSchedule::Paper;

    /// Writes every field into a request.
    void applyTo(QueryRequest& request) const {
        request.solver = solver;
        request.subAlgorithm = subAlgorithm;
        request.gjkConvergence = convergence;
        request.gjkMomentum = momentum;
    }
    /// The choice a request makes (the inverse of applyTo).
    [[nodiscard]] static SolverChoice of(const QueryRequest& request) {
        return {request.solver, request.subAlgorithm, request.gjkConvergence, request.gjkMomentum};
    }
    friend bool operator==(const SolverChoice&, const SolverChoice&) = default;
};

/// True for the solvers that take `subalgo` and `criterion` options (the GJK family).
[[nodiscard]] bool usesSubAlgorithm(SolverKind solver);
/// True for the solvers that take a `momentum` option (the accelerated GJK variants).
[[nodiscard]] bool usesMomentum(SolverKind solver);

/// `name[:key=value]...` -> SolverChoice. \throws UnknownNameError for an unknown solver,
/// option or value (listing the valid ones), a repeated option, or an option the solver does
/// not take.
SolverChoice parseSolverChoice(std::string_view text);
/// The canonical name: the solver's name plus every option that differs from its default, in
/// the order subalgo, criterion, momentum; parseSolverChoice(name(c)) == c.
std::string name(const SolverChoice& choice);
/// Throws UnknownNameError when `choice` sets an option its solver does not take (for
/// choices built in code; parseSolverChoice() already refuses them).
void validate(const SolverChoice& choice);

} // namespace mk
