/// \file Names.cpp
/// Runtime names of the query enums and the name -> enum registry.

#include "minkowski/narrowphase/Collide.h"
#include "minkowski/narrowphase/Rtr.h"
#include "minkowski/narrowphase/SdfEllipsoid.h"

#include <array>
#include <string>

namespace mk {
namespace {

constexpr std::array kSolvers{SolverKind::Gjk, SolverKind::GjkPolyak, SolverKind::GjkNesterov,
                              SolverKind::GjkNesterovNormalized, SolverKind::Mpr,
                              SolverKind::SdfEllipsoid, SolverKind::Rtr};
constexpr std::array kWarmStarts{WarmStart::None, WarmStart::Obb, WarmStart::Previous,
                                 WarmStart::TransformedPrevious};
constexpr std::array kTasks{Task::Boolean, Task::Distance, Task::SignedDistance};
constexpr std::array kConvergences{GjkConvergence::VanDenBergen, GjkConvergence::DualityGap};
constexpr std::array kMomenta{GjkMomentumSchedule::Paper, GjkMomentumSchedule::Coal};
constexpr const char* kGjkSolvers = "gjk, gjk-polyak, gjk-nesterov and gjk-nesterov-normalized";
constexpr std::array kSubAlgorithms{SubAlgorithm::Johnson, SubAlgorithm::SignedVolume,
                                    SubAlgorithm::Barycode};

/// Finds `text` among the names of `values`, or throws listing them.
template <class Enum, size_t N>
Enum parseName(std::string_view text, const std::array<Enum, N>& values, std::string_view what) {
    for (Enum v : values) {
        if (name(v) == text) {
            return v;
        }
    }
    std::string message = "unknown " + std::string(what) + " '" + std::string(text) + "'; valid: ";
    for (size_t i = 0; i < N; ++i) {
        message += (i ? ", " : "") + std::string(name(values[i]));
    }
    throw UnknownNameError(message);
}

/// "johnson|signed-volume|barycode".
std::string subAlgorithmList() {
    std::string out;
    for (SubAlgorithm s : kSubAlgorithms) {
        out += (out.empty() ? "" : "|") + std::string(name(s));
    }
    return out;
}

} // namespace

std::string_view name(SolverKind s) {
    switch (s) {
    case SolverKind::Gjk: return "gjk";
    case SolverKind::GjkPolyak: return "gjk-polyak";
    case SolverKind::GjkNesterov: return "gjk-nesterov";
    case SolverKind::GjkNesterovNormalized: return "gjk-nesterov-normalized";
    case SolverKind::Mpr: return "mpr";
    case SolverKind::SdfEllipsoid: return "sdf-ellipsoid";
    case SolverKind::Rtr: return "rtr";
    }
    return "?";
}

std::string_view name(WarmStart w) {
    switch (w) {
    case WarmStart::None: return "none";
    case WarmStart::Obb: return "obb";
    case WarmStart::Previous: return "previous";
    case WarmStart::TransformedPrevious: return "transformed-previous";
    }
    return "?";
}

std::string_view name(Task t) {
    switch (t) {
    case Task::Boolean: return "boolean";
    case Task::Distance: return "distance";
    case Task::SignedDistance: return "signed-distance";
    }
    return "?";
}

std::string_view name(Status s) {
    switch (s) {
    case Status::Separated: return "separated";
    case Status::SeparatedEarlyExit: return "separated-early-exit";
    case Status::Overlapping: return "overlapping";
    case Status::Penetrating: return "penetrating";
    case Status::Touching: return "touching";
    case Status::MaxIterations: return "max-iterations";
    case Status::Degenerate: return "degenerate";
    case Status::InvalidInput: return "invalid-input";
    case Status::Unsupported: return "unsupported";
    }
    return "?";
}

std::string_view name(SubAlgorithm s) {
    switch (s) {
    case SubAlgorithm::Johnson: return "johnson";
    case SubAlgorithm::SignedVolume: return "signed-volume";
    case SubAlgorithm::Barycode: return "barycode";
    }
    return "?";
}

std::span<const SolverKind> allSolvers() { return kSolvers; }
std::span<const SubAlgorithm> allSubAlgorithms() { return kSubAlgorithms; }

SolverTraits solverTraits(SolverKind solver, const Shape& a, const Shape& b) {
    SolverTraits t;
    switch (solver) {
    case SolverKind::Mpr: t.depth = DepthDefinition::PortalDirection; break;
    case SolverKind::SdfEllipsoid:
        t.supported = sdfSupports(a) && sdfSupports(b);
        t.exactDistance = sdfExact(a) && sdfExact(b);
        t.depth = DepthDefinition::InscribedSphere;
        break;
    case SolverKind::Rtr: t.supported = rtrSupports(a) && rtrSupports(b); break;
    case SolverKind::Gjk:
    case SolverKind::GjkPolyak:
    case SolverKind::GjkNesterov:
    case SolverKind::GjkNesterovNormalized: break;
    }
    return t;
}
std::span<const WarmStart> allWarmStarts() { return kWarmStarts; }

SolverKind parseSolver(std::string_view text) { return parseName(text, kSolvers, "solver"); }
WarmStart parseWarmStart(std::string_view text) {
    return parseName(text, kWarmStarts, "warm start");
}
Task parseTask(std::string_view text) { return parseName(text, kTasks, "task"); }
SubAlgorithm parseSubAlgorithm(std::string_view text) {
    return parseName(text, kSubAlgorithms, "sub-algorithm");
}

bool usesSubAlgorithm(SolverKind solver) {
    return solver == SolverKind::Gjk || usesMomentum(solver);
}

bool usesMomentum(SolverKind solver) {
    return solver == SolverKind::GjkPolyak || solver == SolverKind::GjkNesterov ||
           solver == SolverKind::GjkNesterovNormalized;
}

std::string_view name(GjkConvergence c) {
    return c == GjkConvergence::DualityGap ? "duality-gap" : "relative";
}
std::string_view name(GjkMomentumSchedule m) {
    return m == GjkMomentumSchedule::Coal ? "coal" : "paper";
}
GjkConvergence parseGjkConvergence(std::string_view text) {
    return parseName(text, kConvergences, "criterion");
}
GjkMomentumSchedule parseGjkMomentum(std::string_view text) {
    return parseName(text, kMomenta, "momentum");
}

void validate(const SolverChoice& choice) {
    const std::string solver(name(choice.solver));
    const auto refuse = [&](std::string_view key, std::string_view who) {
        throw UnknownNameError("solver '" + solver + "' takes no " + std::string(key) +
                               " option; only " + std::string(who) + " do");
    };
    if (!usesSubAlgorithm(choice.solver)) {
        if (choice.subAlgorithm != SubAlgorithm::Johnson) {
            refuse("subalgo", kGjkSolvers);
        }
        if (choice.convergence != GjkConvergence::VanDenBergen) {
            refuse("criterion", kGjkSolvers);
        }
    }
    if (!usesMomentum(choice.solver) && choice.momentum != GjkMomentumSchedule::Paper) {
        refuse("momentum", "gjk-polyak, gjk-nesterov and gjk-nesterov-normalized");
    }
}

SolverChoice parseSolverChoice(std::string_view text) {
    size_t colon = text.find(':');
    SolverChoice choice;
    choice.solver = parseSolver(text.substr(0, colon));
    unsigned seen = 0;
    while (colon != std::string_view::npos) {
        const size_t next = text.find(':', colon + 1);
        const std::string_view option = text.substr(colon + 1, next - colon - 1);
        const size_t eq = option.find('=');
        const std::string_view key = option.substr(0, eq);
        const std::string_view value = eq == std::string_view::npos ? "" : option.substr(eq + 1);
        const unsigned bit = key == "subalgo" ? 1u : key == "criterion" ? 2u : key == "momentum" ? 4u : 0u;
        if (bit == 0u || eq == std::string_view::npos) {
            throw UnknownNameError("unknown solver option '" + std::string(option) + "' in '" +
                                   std::string(text) + "'; valid: subalgo=" + subAlgorithmList() +
                                   ", criterion=relative|duality-gap, momentum=paper|coal");
        }
        if ((seen & bit) != 0u) {
            throw UnknownNameError("solver option '" + std::string(key) + "' given twice in '" +
                                   std::string(text) + "'");
        }
        seen |= bit;
        if (bit == 1u) {
            choice.subAlgorithm = parseSubAlgorithm(value);
        } else if (bit == 2u) {
            choice.convergence = parseGjkConvergence(value);
        } else {
            choice.momentum = parseGjkMomentum(value);
        }
        colon = next;
    }
    validate(choice);
    return choice;
}

std::string name(const SolverChoice& choice) {
    std::string out(name(choice.solver));
    if (choice.subAlgorithm != SubAlgorithm::Johnson) {
        out += ":subalgo=";
        out += name(choice.subAlgorithm);
    }
    if (choice.convergence != GjkConvergence::VanDenBergen) {
        out += ":criterion=";
        out += name(choice.convergence);
    }
    if (choice.momentum != GjkMomentumSchedule::Paper) {
        out += ":momentum=";
        out += name(choice.momentum);
    }
    return out;
}

} // namespace mk
