/// \file Schema.cpp
/// Column lists of the dataset tables, with the descriptions stored as attributes.

#include "Schema.h"

#include "minkowski/dataset/Format.h"
#include "minkowski/narrowphase/Collide.h"

#include <vector>

namespace mk::dataset {
namespace {

/// "a,b,c" from the names of the enum values 0 .. last.
template <class Enum, class Name> std::string enumNames(Enum last, Name name) {
    std::string text;
    for (int v = 0; v <= static_cast<int>(last); ++v) {
        if (v > 0) {
            text += ',';
        }
        text += name(static_cast<Enum>(v));
    }
    return text;
}

std::string statusNames() {
    return enumNames(Status::Unsupported, [](Status s) { return name(s); });
}
std::string schema1SolverNames() {
    std::string text;
    for (const std::string& s : kSchema1Solvers) {
        text += (text.empty() ? "" : ",") + s;
    }
    return text;
}

/// Schema 1's `solver` column: uint8, the value of the solver in kSchema1Solvers.
Field<ProblemRow> schema1Solver() {
    return {"solver", h5::Kind::U8, 1,
            [](const ProblemRow& row, unsigned char* out) {
                *out = static_cast<std::uint8_t>(row.solver);
            },
            [](ProblemRow& row, const unsigned char* in) { row.solver = *in; },
            "solver that answered", schema1SolverNames()};
}
std::string shapeTypeNames() {
    return enumNames(ShapeType::SmoothedHull, [](ShapeType t) { return shapeTypeName(t); });
}

} // namespace

std::string_view programVersion() {
    return MK_PROGRAM_VERSION;
}

namespace schema {

std::span<const Field<ShapeRow>> shapeFields(std::int64_t version) {
    using R = ShapeRow;
    static const std::vector<Field<R>> v1{
        field::scalar<&R::type>("type", "shape type", shapeTypeNames()),
        field::vec3<&R::params>("params", "sphere, capsule, cylinder, cone: (radius, 0, half "
                                          "height); box: half extents; ellipsoid: semi-axes (m)"),
        field::scalar<&R::vertexOffset>("vertex_offset", "mesh: first row of shapes/vertices"),
        field::scalar<&R::vertexCount>("vertex_count", "mesh: hull vertices (0 for primitives)"),
        field::scalar<&R::triangleOffset>("triangle_offset", "mesh: first row of shapes/triangles"),
        field::scalar<&R::triangleCount>("triangle_count", "mesh: hull triangles"),
    };
    static const std::vector<Field<R>> v2{
        field::scalar<&R::type>("type", "shape type", shapeTypeNames()),
        field::vec3<&R::params>("params",
                                "sphere, capsule, cylinder, cone: (radius, 0, half height); box: "
                                "half extents of the core (without rounding); ellipsoid, "
                                "superquadric: semi-axes (m)"),
        field::scalar<&R::inflation>("inflation",
                                     "rounded box: rounding; superquadric: inflation (m); else 0"),
        field::vec3<&R::exponents>("exponents", "superquadric: (alpha1, alpha2, 0); smoothed "
                                                "hull: (beta, 0, 0); else 0"),
        field::scalar<&R::vertexOffset>("vertex_offset", "mesh, smoothed hull: first row of "
                                                         "shapes/vertices"),
        field::scalar<&R::vertexCount>("vertex_count", "mesh: hull vertices; smoothed hull: the "
                                                       "vertices of its hull; else 0"),
        field::scalar<&R::triangleOffset>("triangle_offset", "mesh: first row of shapes/triangles"),
        field::scalar<&R::triangleCount>("triangle_count", "mesh: hull triangles"),
    };
    return version == 1 ? std::span<const Field<R>>(v1) : std::span<const Field<R>>(v2);
}

std::span<const Field<VertexRow>> vertexFields() {
    static const std::vector<Field<VertexRow>> fields{field::vec3<&VertexRow::position>(
        "vertices", "hull vertices of every mesh, shape frame (m)")};
    return fields;
}

std::span<const Field<TriangleRow>> triangleFields() {
    static const std::vector<Field<TriangleRow>> fields{field::ints3<&TriangleRow::indices>(
        "triangles", "hull triangles of every mesh, counter-clockwise from outside; indices into "
                     "the shape's own vertices")};
    return fields;
}

std::span<const Field<TrajectoryRow>> indexFields() {
    using R = TrajectoryRow;
    static const std::vector<Field<R>> fields{
        field::scalar<&R::trajectory>("trajectory", "trajectory index in the scene"),
        field::scalar<&R::steps>("steps", "steps simulated"),
        field::scalar<&R::stateHash>("state_hash", "World::stateHash() at the end"),
        field::scalar<&R::firstBody>("first_body", "first row of trajectories/bodies"),
        field::scalar<&R::bodyCount>("body_count", "rows of trajectories/bodies"),
        field::scalar<&R::firstState>("first_state", "first row of trajectories/states"),
        field::scalar<&R::stateCount>("state_count", "rows of trajectories/states"),
        field::scalar<&R::firstProblem>("first_problem", "first row of problems"),
        field::scalar<&R::problemCount>("problem_count", "rows of problems"),
    };
    return fields;
}

std::span<const Field<BodyRow>> bodyFields() {
    using R = BodyRow;
    static const std::vector<Field<R>> fields{
        field::scalar<&R::trajectory>("trajectory", "trajectory index"),
        field::scalar<&R::body>("body", "BodyId in the trajectory's world"),
        field::scalar<&R::shape>("shape", "row of shapes"),
        field::scalar<&R::kind>("kind", "body type", "static,dynamic,kinematic"),
        field::scalar<&R::mass>("mass", "kg; 0 for static and kinematic bodies"),
        field::vec3<&R::centerOfMass>("center_of_mass", "in the shape frame (m)"),
        field::pose<&R::pose>("pose", "initial shape pose: qw, qx, qy, qz, tx, ty, tz"),
    };
    return fields;
}

std::span<const Field<StateRow>> stateFields() {
    using R = StateRow;
    static const std::vector<Field<R>> fields{
        field::scalar<&R::trajectory>("trajectory", "trajectory index"),
        field::scalar<&R::step>("step", "0: initial state; s: after s steps (queried at step s)"),
        field::scalar<&R::body>("body", "BodyId (dynamic and kinematic bodies only)"),
        field::pose<&R::pose>("pose", "shape pose: qw, qx, qy, qz, tx, ty, tz"),
        field::vec3<&R::linearVelocity>("linear_velocity", "centre of mass, world frame (m/s)"),
        field::vec3<&R::angularVelocity>("angular_velocity", "world frame (rad/s)"),
    };
    return fields;
}

std::span<const Field<ProblemRow>> problemFields(std::int64_t version) {
    using R = ProblemRow;
    static const std::vector<Field<R>> v2{
        field::scalar<&R::trajectory>("trajectory", "trajectory index"),
        field::scalar<&R::step>("step", "step making the call"),
        field::scalar<&R::bodyA>("body_a", "BodyId of A (body_a < body_b)"),
        field::scalar<&R::bodyB>("body_b", "BodyId of B"),
        field::scalar<&R::shapeA>("shape_a", "row of shapes"),
        field::scalar<&R::shapeB>("shape_b", "row of shapes"),
        field::pose<&R::poseA>("pose_a", "shape pose of A: qw, qx, qy, qz, tx, ty, tz"),
        field::pose<&R::poseB>("pose_b", "shape pose of B"),
        field::vec3<&R::obbCenterA>("obb_center_a", "world centre of A's OBB (m)"),
        field::vec3<&R::obbCenterB>("obb_center_b", "world centre of B's OBB (m)"),
        field::scalar<&R::perturbed>("perturbed", "multipoint call with a tilted body"),
        field::scalar<&R::queriedPrevious>("queried_previous",
                                           "pair queried at step - 1 (else previous warm starts "
                                           "fall back to obb)"),
        field::scalar<&R::previousStep>("previous_step", "step of the pair's last query, -1: none"),
        field::vec3<&R::previousSeparation>("previous_separation",
                                            "that query's separation vector x = p_A - p_B"),
        field::pose<&R::previousPoseA>("previous_pose_a", "that query's shape pose of A"),
        field::pose<&R::previousPoseB>("previous_pose_b", "that query's shape pose of B"),
        field::vec3<&R::previousWitnessA>("previous_witness_a", "that query's witness on A, world"),
        field::vec3<&R::previousWitnessB>("previous_witness_b", "that query's witness on B, world"),
        field::scalar<&R::solver>("solver", "solver choice that answered: row of "
                                            "problems/solver_names"),
        field::scalar<&R::status>("status", "recording result status", statusNames()),
        field::scalar<&R::collide>("collide", "signed distance <= the recording margin"),
        field::scalar<&R::distance>("distance", "signed distance (m), < 0 penetrating"),
        field::vec3<&R::witnessA>("witness_a", "witness point on A, world (m)"),
        field::vec3<&R::witnessB>("witness_b", "witness point on B, world (m)"),
        field::vec3<&R::normal>("normal", "unit, from A to B"),
        field::vec3<&R::separation>("separation", "QueryResult::separation"),
        field::vec3<&R::initialGuess>("initial_guess", "x0 given by the recording warm start"),
        field::scalar<&R::iterations>("iterations", "GJK (or MPR) iterations"),
        field::scalar<&R::penetrationIterations>("penetration_iterations", "EPA iterations"),
        field::scalar<&R::supportCalls>("support_calls", "support-function evaluations"),
    };
    // schema 1: the same columns, `solver` an enumeration
    static const std::vector<Field<R>> v1 = [] {
        std::vector<Field<R>> fields = v2;
        for (Field<R>& f : fields) {
            if (std::string_view(f.name) == "solver") {
                f = schema1Solver();
            }
        }
        return fields;
    }();
    return version == 1 ? std::span<const Field<R>>(v1) : std::span<const Field<R>>(v2);
}

} // namespace schema
} // namespace mk::dataset
