/// \file BuiltinSolvers.cpp
/// The built-in solvers as registry entries: the same interface as plugins (Solver.h). Each
/// solver's options are declared here and nowhere else.

#include "BuiltinSolvers.h"

#include "BuiltinQueries.h"
#include "minkowski/narrowphase/Rtr.h"
#include "minkowski/narrowphase/detail/SdfEllipsoid.h"

namespace mk {
namespace {

SolverOption subAlgorithmOption() {
    SolverOption o{.name = "subalgo",
                   .help = "GJK sub-distance algorithm: Johnson (van den Bergen 1999), signed "
                           "volumes (Montanari et al. 2017) or barycodes (Zhang et al.)"};
    for (SubAlgorithm s : allSubAlgorithms()) {
        o.values.emplace_back(name(s));
    }
    return o;
}

SolverOption criterionOption() {
    return {.name = "criterion",
            .help = "stopping test: relative (van den Bergen 1999, Sec. 5) or the Frank-Wolfe "
                    "duality gap of GJK++ eq. (17), which makes the tolerance absolute (m^2)",
            .values = {std::string(name(GjkConvergence::VanDenBergen)),
                       std::string(name(GjkConvergence::DualityGap))}};
}

SolverOption momentumOption() {
    return {.name = "momentum",
            .help = "delta_k of the accelerated GJK: as printed in GJK++ Alg. 6 (paper) or the "
                    "constants of the authors' code (coal)",
            .values = {std::string(name(GjkMomentumSchedule::Paper)),
                       std::string(name(GjkMomentumSchedule::Coal))}};
}

template <GjkVariant kVariant>
QueryResult gjkEntryQuery(const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                          const QueryRequest& request, const void* /*context*/) {
    return gjkQuery(a, poseA, b, poseB, request, kVariant);
}

SolverEntry gjkEntry(std::string name, std::string description, SolverQueryFunction query,
                     bool momentum) {
    SolverEntry e{.name = std::move(name), .description = std::move(description)};
    e.options = {subAlgorithmOption(), criterionOption()};
    if (momentum) {
        e.options.push_back(momentumOption());
    }
    e.query = query;
    e.readsPenetrationSeed = true; // EPA after GJK (Collide.cpp runGjk)
    return e;
}

SolverTraits mprTraits(const Shape&, const Shape&, const void*) {
    return {.depth = DepthDefinition::PortalDirection};
}

SolverTraits sdfTraits(const Shape& a, const Shape& b, const void*) {
    return {.supported = sdfSupports(a) && sdfSupports(b),
            .exactDistance = sdfExact(a) && sdfExact(b),
            .depth = DepthDefinition::InscribedSphere};
}

SolverTraits rtrTraits(const Shape& a, const Shape& b, const void*) {
    return {.supported = rtrSupports(a) && rtrSupports(b)};
}

} // namespace

std::vector<SolverEntry> builtinSolverEntries() {
    std::vector<SolverEntry> out;
    out.push_back(gjkEntry("gjk", "van den Bergen 1999 GJK + EPA for penetration",
                           gjkEntryQuery<GjkVariant::Vanilla>, false));
    out.push_back(gjkEntry("gjk-polyak", "GJK++ (Montaut et al. 2024) Alg. 6, Polyak momentum",
                           gjkEntryQuery<GjkVariant::Polyak>, true));
    out.push_back(gjkEntry("gjk-nesterov", "GJK++ Alg. 6, Nesterov momentum",
                           gjkEntryQuery<GjkVariant::Nesterov>, true));
    out.push_back(gjkEntry("gjk-nesterov-normalized",
                           "GJK++ Alg. 6, Nesterov momentum with the normalised directions of eq. 33",
                           gjkEntryQuery<GjkVariant::NesterovNormalized>, true));

    SolverEntry mpr{.name = "mpr",
                    .description = "Minkowski portal refinement (XenoCollide); GJK measures "
                                   "separations; depth along the portal direction"};
    mpr.traits = mprTraits;
    mpr.query = [](const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                   const QueryRequest& request, const void*) {
        return mprQuery(a, poseA, b, poseB, request);
    };
    out.push_back(std::move(mpr));

    SolverEntry sdf{.name = "sdf-ellipsoid",
                    .description = "ellipsoid method on max(phi_A, phi_B) (Lopez-Adeva & "
                                   "Merchante 2024); depth = inscribed-ball diameter"};
    sdf.readsSdfWarmStart = true; // obb's guess is no SDF optimum: cold start (Sec. 4.3.1)
    sdf.warmStarts = warmStartBit(WarmStart::None) | warmStartBit(WarmStart::Previous) |
                     warmStartBit(WarmStart::TransformedPrevious);
    sdf.traits = sdfTraits;
    sdf.query = [](const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                   const QueryRequest& request, const void*) {
        return sdfEllipsoidQuery(a, poseA, b, poseB, request);
    };
    out.push_back(std::move(sdf));

    SolverEntry rtr{.name = "rtr",
                    .description = "Riemannian trust region on the sphere (An et al.); C^2 "
                                   "support functions only"};
    rtr.traits = rtrTraits;
    rtr.query = [](const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                   const QueryRequest& request, const void*) {
        return rtrQuery(a, poseA, b, poseB, request);
    };
    out.push_back(std::move(rtr));
    return out;
}

} // namespace mk
