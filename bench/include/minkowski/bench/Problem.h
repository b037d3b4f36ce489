#pragma once
/// \file Problem.h
/// A collision problem: two convex shapes at two poses, with an optional reference signed distance.
/// Problems come from the generators (Generator.h) or from collision-problem CSV files
/// (ProblemCsv.h, docs/collision-problems.md).

#include "minkowski/narrowphase/Math.h"
#include "minkowski/narrowphase/Shape.h"

#include <optional>
#include <string>
#include <vector>

namespace mk::bench {

/// A shape of a problem and where it comes from, so that it can be written back to CSV.
struct ProblemShape {
    Shape shape = Shape::sphere(1.0);
    /// Absolute path of the OBJ file a mesh was read from. Empty for primitives and for generated
    /// meshes (the CSV writer exports those as OBJ files next to the CSV).
    std::string objPath;
    /// Short human name: the primitive type, the OBJ file's stem or the generated hull's name.
    std::string label;
};

/// How the reference distance of a problem was obtained.
enum class ReferenceKind : unsigned char {
    None,          ///< unknown (empty ref_distance)
    Given,         ///< read from a file
    Exact,         ///< a generated separation: exact by construction (translation along the normal)
    Epa,           ///< a generated penetration: EPA at tight tolerance, converged
    EpaBestEffort, ///< a generated penetration where tight EPA did not converge (best estimate)
    PassedThrough, ///< a penetration target that moved B through a thin A and out the other side:
                   ///< separated, the reference is GJK's distance at tight tolerance
};
/// Number of ReferenceKind values.
inline constexpr int kReferenceKinds = 6;

struct CollisionProblem {
    ProblemShape a;
    ProblemShape b;
    Pose poseA; ///< shape A -> world
    Pose poseB; ///< shape B -> world
    /// Signed distance (unit: metre): > 0 separated, < 0 minus the penetration depth.
    std::optional<double> referenceDistance;
    ReferenceKind referenceKind = ReferenceKind::None;
    /// The distance-grid value a generated problem sits at (unit: metre); empty for problems
    /// from files and for ReferenceKind::PassedThrough.
    std::optional<double> gridDistance;
};

/// A named list of problems ("ellipsoids", "meshes", or a CSV file's name).
struct ProblemSet {
    std::string name;
    std::vector<CollisionProblem> problems;
};

} // namespace mk::bench
