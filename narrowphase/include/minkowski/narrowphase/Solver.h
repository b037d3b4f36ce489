#pragma once
/// \file Solver.h
/// The open solver registry: a solver is a SolverEntry (name, description, typed options, warm
/// starts it honours, traits per shape pair, query function). The built-ins (gjk, gjk-polyak,
/// gjk-nesterov, gjk-nesterov-normalized, mpr, sdf-ellipsoid, rtr) register through the same
/// interface as plugins (Plugin.h) and Python solvers. docs/plugins.md documents every value.
///
/// Threading: registration happens at start-up, before any world or benchmark runs; it takes a
/// lock. Lookups (allSolvers(), findSolver(), SolverChoice::entry()) take none, so nothing may be
/// registered while queries run. Entries are never removed and never move.

#include "minkowski/narrowphase/Query.h"
#include "minkowski/narrowphase/Shape.h"
#include "minkowski/narrowphase/SolverChoice.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mk {

/// Thrown for an unknown solver, option, warm-start or task name; the message lists the valid
/// names.
class UnknownNameError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// Thrown when an entry cannot be registered (name clash, malformed option schema, no query).
class SolverRegistrationError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// How a solver's penetration depth relates to the minimum translation distance (MTD).
enum class DepthDefinition : unsigned char {
    MinimumTranslation, ///< GJK family + EPA, rtr (rtr: a local minimum, >= the MTD, can
                        ///< occur in deep penetration; the global one in shallow penetration)
    PortalDirection,    ///< mpr: the depth along the portal direction, >= the MTD
    InscribedSphere,    ///< sdf-ellipsoid: diameter of the largest ball in A n B, <= the MTD
};

/// What a solver promises on a pair (a, b): for the engine's fallback, cross-checks and
/// benchmarks that loop over allSolvers().
struct SolverTraits {
    bool supported = true; ///< false: every query gives Status::Unsupported
    /// Separated distances (and collide flags) to the request's tolerance. False for
    /// sdf-ellipsoid when a shape has an approximate SDF (cone, ellipsoid, superquadric, mesh):
    /// the verdict keeps its sign, distances are off by up to a few % of the shapes' size.
    bool exactDistance = true;
    DepthDefinition depth = DepthDefinition::MinimumTranslation;
};

/// One typed option of a solver: either enumerated (`values` non-empty; the choice holds an
/// index into it) or numeric (`values` empty; the choice holds a number in [minimum, maximum]).
struct SolverOption {
    std::string name;                  ///< `key` of `solver:key=value`; [a-z0-9-]+
    std::string help{};                ///< one line
    std::vector<std::string> values{}; ///< allowed values, in order; empty: numeric
    double minimum = 0.0;              ///< numeric: smallest allowed value
    double maximum = 0.0;              ///< numeric: largest allowed value
    bool integer = false;              ///< numeric: only whole numbers
    double defaultValue = 0.0;         ///< index into `values`, or the number
};

/// Bit of a WarmStart in SolverEntry::warmStarts.
[[nodiscard]] constexpr unsigned warmStartBit(WarmStart w) {
    return 1u << static_cast<unsigned>(w);
}
inline constexpr unsigned kAllWarmStarts = 0xFu;

/// The query of a solver: shapes in their local frames with their poses (shape -> world), the
/// request (task, tolerances, solver choice with its options, initial guess and hints), and the
/// entry's `context`. Must not allocate on the hot path, must be callable from several threads
/// at once (docs/plugins.md), and returns the result in the world frame (Query.h conventions).
using SolverQueryFunction = QueryResult (*)(const Shape& a, const Pose& poseA, const Shape& b,
                                            const Pose& poseB, const QueryRequest& request,
                                            const void* context);
/// What the solver promises on the pair (shapes in their local frames).
using SolverTraitsFunction = SolverTraits (*)(const Shape& a, const Shape& b, const void* context);

/// A solver as the registry holds it.
struct SolverEntry {
    std::string name;                    ///< [a-z0-9-]+, unique in the registry
    std::string description{};           ///< one line, for `minkowski list solvers` and the viewer
    std::vector<SolverOption> options{}; ///< at most kMaxSolverOptions
    /// The warm starts whose guess the solver reads (bits of warmStartBit()). A strategy it does
    /// not honour still runs; the solver ignores request.initialGuess.
    unsigned warmStarts = kAllWarmStarts;
    /// The solver reads request.sdfWarmStart, which PairCache prepares only for such solvers.
    bool readsSdfWarmStart = false;
    /// The solver reads request.penetrationSeed and writes request.penetrationKeep (warm-started
    /// penetration, PenetrationSeed.h), which PairCache prepares only for such solvers.
    bool readsPenetrationSeed = false;
    SolverTraitsFunction traits = nullptr; ///< null: supported on every pair, exact, MTD depth
    SolverQueryFunction query = nullptr;   ///< required
    const void* context = nullptr;         ///< passed to query and traits
    std::shared_ptr<const void> owner{};   ///< keeps `context` alive (callables, plugins)

    // Set by the registry.
    std::string origin = "built-in"; ///< "built-in", a plugin's file, or what registered it
    /// Results are checked (finite, valid status) and exceptions caught; a failure is counted
    /// and answered by gjk. True for every solver registered after the built-ins.
    bool guarded = false;
    std::size_t index = 0; ///< position in allSolvers()
    /// Failed queries of a guarded solver (threw, non-finite distance, invalid status).
    std::shared_ptr<std::atomic<std::uint64_t>> failures{};

    /// What the solver promises on (a, b).
    [[nodiscard]] SolverTraits traitsFor(const Shape& a, const Shape& b) const {
        return traits != nullptr ? traits(a, b, context) : SolverTraits{};
    }
    [[nodiscard]] bool honours(WarmStart w) const { return (warmStarts & warmStartBit(w)) != 0u; }
    [[nodiscard]] std::uint64_t failureCount() const { return failures ? failures->load() : 0u; }
};

/// A solver query as a callable (Python, tests): what SolverEntry::query calls.
using SolverCallable = std::function<QueryResult(const Shape& a, const Pose& poseA, const Shape& b,
                                                 const Pose& poseB, const QueryRequest& request)>;
/// Makes `entry` call `callable` (held by entry.owner).
void setQuery(SolverEntry& entry, SolverCallable callable);

/// Registers `entry` (after the built-ins) and returns the registered entry.
/// \throws SolverRegistrationError for an empty, malformed or taken name, no query, more than
/// kMaxSolverOptions options, an option with a malformed name, a repeated name, an empty or
/// reversed range, or a default outside its values or range.
const SolverEntry& registerSolver(SolverEntry entry, std::string origin);
/// Registers every entry of `entries` or, when one is refused (as registerSolver() would, or a
/// name repeated within `entries`), none. \throws SolverRegistrationError.
std::vector<const SolverEntry*> registerSolvers(std::vector<SolverEntry> entries,
                                                const std::string& origin);

/// Every registered solver, built-ins first (in the order of the list above), then the others in
/// registration order.
std::span<const SolverEntry* const> allSolvers();
/// The built-in solvers: the first entries of allSolvers().
std::span<const SolverEntry* const> builtinSolvers();
/// The solver named `name`, or null.
const SolverEntry* findSolver(std::string_view name);

/// The built-in entries by name, for code that names one solver.
namespace builtins {
const SolverEntry& gjk();
const SolverEntry& gjkPolyak();
const SolverEntry& gjkNesterov();
const SolverEntry& gjkNesterovNormalized();
const SolverEntry& mpr();
const SolverEntry& sdfEllipsoid();
const SolverEntry& rtr();
} // namespace builtins

/// `name[:key=value]...` -> SolverChoice. \throws UnknownNameError for an unknown solver,
/// option or value (listing the valid ones), a repeated option, or an option the solver does not
/// take.
SolverChoice parseSolverChoice(std::string_view text);
/// The canonical name: the solver's name plus every option that differs from its default, in
/// the order of the entry's options; parseSolverChoice(name(c)) == c.
std::string name(const SolverChoice& choice);
/// `choice` with `key` set to `value` (parsed as parseSolverChoice would). \throws
/// UnknownNameError as parseSolverChoice.
SolverChoice withOption(SolverChoice choice, std::string_view key, std::string_view value);
/// Index of option `key` of `entry`, or -1.
[[nodiscard]] int optionIndex(const SolverEntry& entry, std::string_view key);
/// The text of option i's value in `choice` ("barycode", "40").
std::string optionText(const SolverChoice& choice, std::size_t i);
/// `entry` with every option that `from` also has (same name, a value `entry` allows) carried
/// over: switching gjk:subalgo=barycode to gjk-polyak keeps barycode.
SolverChoice carryOptions(const SolverEntry& entry, const SolverChoice& from);

/// Runtime names of the option enums of the GJK solvers (name(SubAlgorithm) is in Query.h).
std::string_view name(GjkConvergence);
std::string_view name(GjkMomentumSchedule);
std::span<const SubAlgorithm> allSubAlgorithms();

} // namespace mk
