/// \file Footnotes.cpp
/// The notes printed under the summary table.

#include "minkowski/bench/Generator.h"
#include "minkowski/bench/Report.h"
#include "minkowski/bench/Runner.h"

#include <array>
#include <cstdio>
#include <string_view>

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

bool anyPeer(const RunFacts& facts, std::string_view part) {
    for (const std::string& name : facts.peerNames) {
        if (name.find(part) != std::string::npos) {
            return true;
        }
    }
    return false;
}

/// "libccd", "Bullet" or "libccd and Bullet": the libraries among the peers named `kind`.
std::string librariesOf(const RunFacts& facts, std::string_view kind) {
    bool ccd = false, bullet = false;
    for (const std::string& name : facts.peerNames) {
        if (name.find(kind) != std::string::npos) {
            ccd = ccd || name.starts_with("libccd");
            bullet = bullet || name.starts_with("bullet");
        }
    }
    return ccd && bullet ? "libccd and Bullet" : (ccd ? "libccd" : (bullet ? "Bullet" : ""));
}

/// What each kind of peer row runs on and every asymmetry against our rows, for the libraries
/// that ran (bench/peers/README.md has the details).
std::vector<std::string> peerNotes(const RunFacts& facts) {
    std::vector<std::string> notes;
    const std::string ours = librariesOf(facts, "(our support)");
    if (!ours.empty()) {
        notes.push_back("peers '(our support)': " + ours +
                        " on our Shape::support (meshes: our cube-map-seeded hill climb) in A's "
                        "frame, as our solvers: they compare algorithms. They keep their support "
                        "hint across the R repeats of a query where our solvers start every "
                        "repeat afresh; the cube-map start ignores the hint, so this gives them "
                        "nothing.");
    }
    const std::string shipped = librariesOf(facts, "(shipped)");
    if (!shipped.empty()) {
        std::string note = "peers '(shipped)': the library as users get it:";
        if (shipped != "Bullet") {
            note += " libccd's callbacks per shape in the world frame (a rotation per support "
                    "call of each shape), meshes by linear scan over the hull vertices (libccd "
                    "ships no shapes; its test suite and FCL's adapter do this)";
        }
        if (shipped != "libccd") {
            note += std::string(shipped == "Bullet" ? "" : ";") +
                    " Bullet's btConvexHullShape (linear scan, margin set to 0) and primitives, "
                    "no exact ellipsoid: ellipsoid and smooth-shape problems are skipped for "
                    "Bullet (shipped)";
        }
        notes.push_back(note + ".");
    }
    const bool ccd = anyPeer(facts, "libccd");
    const bool bullet = anyPeer(facts, "bullet");
    if (ccd || bullet) {
        notes.push_back(std::string("guesses: our solvers start from their warm start (x0 = OBB "
                                    "centres with obb)") +
                        (ccd ? "; libccd GJK from the direction (1,0,0), libccd MPR from the "
                               "shapes' interior points"
                             : "") +
                        (bullet ? "; bullet-gjk-epa from the centre difference, bullet-gjk-pair "
                                  "from its default axis (0,1,0) (a new detector per query)"
                                : "") +
                        ".");
    }
    if (bullet) {
        notes.push_back("Bullet has no boolean query: both Bullet peers answer 'boolean' with a "
                        "full distance (GJK to convergence; bullet-gjk-pair also runs EPA on "
                        "overlaps), where our boolean GJK stops at the first separating plane.");
    }
    return notes;
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
    for (std::string& note : peerNotes(facts)) {
        notes.push_back(std::move(note));
    }
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
