/// \file Footnotes.cpp
/// The notes printed under the summary table.

#include "minkowski/bench/Generator.h"
#include "minkowski/bench/Report.h"
#include "minkowski/bench/Runner.h"

#include <array>
#include <cstdio>

namespace mk::bench {
namespace {

std::string printf1(const char* pattern, double value) {
    char buffer[64];
    const int n = std::snprintf(buffer, sizeof buffer, pattern, value);
    return std::string(buffer, static_cast<size_t>(n));
}

/// Problems per ReferenceKind, over all sets.
std::array<int, kReferenceKinds> countReferences(const std::vector<ProblemSet>& sets) {
    std::array<int, kReferenceKinds> counts{};
    for (const ProblemSet& set : sets) {
        for (const CollisionProblem& problem : set.problems) {
            ++counts[static_cast<size_t>(problem.referenceKind)];
        }
    }
    return counts;
}

std::string referenceNote(const std::vector<ProblemSet>& sets) {
    const std::array<int, kReferenceKinds> n = countReferences(sets);
    const auto count = [&n](ReferenceKind kind) { return n[static_cast<size_t>(kind)]; };
    std::vector<std::string> parts;
    const auto add = [&](ReferenceKind kind, const std::string& what) {
        if (count(kind) > 0) {
            parts.push_back(std::to_string(count(kind)) + " " + what);
        }
    };
    add(ReferenceKind::Exact, "separated/touching generated problems exact by construction (B "
                              "translated along the tight closest-point direction)");
    add(ReferenceKind::Epa, "overlapping generated problems by EPA at tight tolerance (" +
                                printf1("%.0e", kReferencePenetrationTolerance) + " m)");
    add(ReferenceKind::EpaBestEffort, "overlapping generated problems where that EPA did not "
                                      "converge (best estimate, clamped to [d, 0])");
    add(ReferenceKind::PassedThrough, "overlapping placements where B passed through a thin A "
                                      "and came out separated (reference: GJK distance at tight "
                                      "tolerance, grouped by it)");
    add(ReferenceKind::Given, "read from files");
    add(ReferenceKind::None, "without reference (no error, no sign check)");
    std::string note = "references: ";
    for (size_t i = 0; i < parts.size(); ++i) {
        note += (i > 0 ? "; " : "") + parts[i];
    }
    return note + ".";
}

} // namespace

std::string formatFootnotes(const std::vector<ProblemSet>& sets, const RunFacts& facts) {
    std::vector<std::string> notes{
        "time: per query, mean of the fastest 90% of R = " + std::to_string(facts.repeats) +
            " timed repetitions (steady_clock, " + printf1("%.0f", facts.clockOverheadNs) +
            " ns clock overhead subtracted); median and p90 over the group's problems.",
        "t/gjk: median over problems of time / time of vanilla gjk with the same warm start; "
        "it/gjk: iterations / gjk's on the same problems (GJK or MPR iterations, EPA's not "
        "counted)." +
            std::string(facts.withPeers ? " Peers are compared with gjk + obb." : ""),
        "warm starts: problems are independent (no previous step), so previous and "
        "transformed-previous fall back to obb (GJK++ Sec. IV-E rule); none starts from "
        "x0 = (1,0,0), obb from the OBB centres.",
        "task distance = signed distance: EPA after the GJK solvers, MPR's own refinement for "
        "mpr. |err| = |distance - reference|, distance task only.",
        "fail: status max-iterations, degenerate or invalid-input (peers: library failure), or "
        "collide contradicting the sign of the reference (|reference| > " +
            printf1("%.0e", kSignTolerance) + " m).",
        referenceNote(sets),
    };
    for (const auto& [contender, count] : facts.crashes) {
        notes.push_back(contender + " crashed (its library aborted) on " + std::to_string(count) +
                        " queries: counted as failures, no time; it runs in child processes, so "
                        "the run went on.");
    }
    for (const auto& [contender, count] : facts.timeouts) {
        notes.push_back(contender + " exceeded the per-query time limit (" +
                        printf1("%g", facts.timeLimitSeconds) + " s, --peer-time-limit) on " +
                        std::to_string(count) +
                        " queries: its process was killed, counted as failures, no time.");
    }
    std::string text;
    for (size_t i = 0; i < notes.size(); ++i) {
        // Appended piece by piece: GCC 12 reports a false -Wrestrict on "[" + std::string.
        text += '[';
        text += std::to_string(i + 1);
        text += "] ";
        text += notes[i];
        text += '\n';
    }
    return text;
}

} // namespace mk::bench
