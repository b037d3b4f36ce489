#pragma once
/// \file SolverChoice.h
/// The one value that names a solver and its options: `gjk`, `gjk-polyak:subalgo=barycode`,
/// `mysolver:steps=40`. Parsed once (CLI, scene file, viewer, Python) by parseSolverChoice()
/// (Solver.h) and carried unchanged into every QueryRequest. The solvers themselves are entries
/// of the registry (Solver.h).

#include <array>
#include <cstddef>

namespace mk {

struct SolverEntry;

/// Largest number of options a solver may declare (SolverEntry::options).
inline constexpr std::size_t kMaxSolverOptions = 8;

/// A registered solver with one value per option. Fixed size, no heap: copied into every
/// request. Valid by construction: the constructors take an entry's defaults and
/// setOption() checks each value against the entry's schema.
class SolverChoice {
public:
    /// The default solver (gjk) with its default options.
    SolverChoice();
    /// `entry` (a registered solver) with its default options.
    SolverChoice(const SolverEntry& entry); // NOLINT(google-explicit-constructor): a solver is a choice

    [[nodiscard]] const SolverEntry& entry() const { return *entry_; }
    /// Value of option i of entry().options: the index into the option's `values` for an
    /// enumerated option, the number for a numeric one.
    [[nodiscard]] double option(std::size_t i) const { return values_[i]; }
    /// Option i as an enum whose values are the option's `values` in order.
    template <class Enum>
    [[nodiscard]] Enum optionAs(std::size_t i) const {
        return static_cast<Enum>(static_cast<int>(values_[i]));
    }
    /// Sets option i. \throws UnknownNameError when i is not an option of the solver or the value
    /// is outside its allowed values or range.
    void setOption(std::size_t i, double value);

    /// Same solver and the same option values.
    friend bool operator==(const SolverChoice&, const SolverChoice&) = default;

private:
    const SolverEntry* entry_;
    std::array<double, kMaxSolverOptions> values_{};
};

} // namespace mk
