/// \file Shapes.cpp
/// minkowski.Shape (every primitive, meshes from points or files, rounded boxes, superquadrics,
/// smoothed hulls) and minkowski.Pose.

#include "Arrays.h"
#include "Bindings.h"

#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/narrowphase/Shape.h"
#include "minkowski/scenes/MeshLoader.h"

#include <pybind11/stl.h>

#include <optional>
#include <string>

namespace mk::python {

namespace {

std::string describe(const Shape& s) {
    switch (s.type()) {
    case ShapeType::ConvexMesh:
        return "Shape.mesh(" + std::to_string(s.convexMesh()->vertices().size()) + " vertices)";
    case ShapeType::SmoothedHull:
        return "Shape.smoothed_hull(...)";
    default:
        return "Shape('" + primitiveSpec(s) + "')";
    }
}

py::array_t<int> meshTriangles(const Shape& s) {
    if (s.convexMesh() == nullptr) {
        throw py::value_error("triangles: the shape is a " + std::string(shapeTypeName(s.type())) +
                              ", not a mesh");
    }
    const auto& tris = s.convexMesh()->triangles();
    py::array_t<int> out({static_cast<py::ssize_t>(tris.size()), py::ssize_t{3}});
    for (size_t i = 0; i < tris.size(); ++i) {
        for (int k = 0; k < 3; ++k) {
            out.mutable_data()[3 * i + k] = tris[i][k];
        }
    }
    return out;
}

py::array_t<double> meshVertices(const Shape& s) {
    if (s.convexMesh() == nullptr) {
        throw py::value_error("vertices: the shape is a " + std::string(shapeTypeName(s.type())) +
                              ", not a mesh");
    }
    const auto& v = s.convexMesh()->vertices();
    py::array_t<double> out = newDoubles(static_cast<py::ssize_t>(v.size()), 3);
    for (size_t i = 0; i < v.size(); ++i) {
        writeVec3(v[i], out.mutable_data() + 3 * i);
    }
    return out;
}

void bindPose(py::module_& m) {
    py::class_<Pose>(m, "Pose", "Rigid transform shape -> world: x_world = R x_local + t.")
        .def(py::init<>())
        .def(py::init([](const py::handle& quaternion, const py::handle& translation) {
                 const DoubleArray q = toDoubleArray(quaternion, "quaternion");
                 if (q.ndim() != 1 || q.shape(0) != 4) {
                     throw py::value_error("quaternion: expected shape (4,) (w, x, y, z), got " +
                                           shapeText(q));
                 }
                 return Pose(Quat(q.data()[0], q.data()[1], q.data()[2], q.data()[3]),
                             toVec3(translation, "translation"));
             }),
             py::arg("quaternion"), py::arg("translation") = py::make_tuple(0.0, 0.0, 0.0),
             "From a quaternion (w, x, y, z), used as given, and a translation (metre).")
        .def_static(
            "from_matrix", [](const py::handle& m4) { return toPose(m4, "matrix"); }, py::arg("matrix"),
            "From a 4x4 homogeneous matrix (its 3x3 block must be a rotation).")
        .def_static(
            "from_array", [](const py::handle& a) { return toPose(a, "pose"); }, py::arg("pose"),
            "From (qw, qx, qy, qz, tx, ty, tz) or a 4x4 matrix.")
        .def_property_readonly("quaternion",
                               [](const Pose& p) {
                                   py::array_t<double> a(4);
                                   a.mutable_data()[0] = p.rotation.w();
                                   a.mutable_data()[1] = p.rotation.x();
                                   a.mutable_data()[2] = p.rotation.y();
                                   a.mutable_data()[3] = p.rotation.z();
                                   return a;
                               })
        .def_property_readonly("translation", [](const Pose& p) { return toArray(p.translation); })
        .def("array",
             [](const Pose& p) {
                 py::array_t<double> a = newDoubles(7);
                 writePose(p, a.mutable_data());
                 return a;
             },
             "(qw, qx, qy, qz, tx, ty, tz)")
        .def("matrix",
             [](const Pose& p) {
                 py::array_t<double> a = newDoubles(4, 4);
                 Eigen::Map<Eigen::Matrix<double, 4, 4, Eigen::RowMajor>> out(a.mutable_data());
                 out.setIdentity();
                 out.topLeftCorner<3, 3>() = p.rotation.toRotationMatrix();
                 out.topRightCorner<3, 1>() = p.translation;
                 return a;
             },
             "4x4 homogeneous matrix")
        .def("apply", [](const Pose& p, const py::handle& x) { return toArray(p.apply(toVec3(x, "point"))); })
        .def("inverse", &Pose::inverse)
        .def("__mul__", [](const Pose& a, const Pose& b) { return a * b; })
        .def("is_valid", &Pose::isValid)
        .def("__repr__", [](const Pose& p) {
            return "Pose(quaternion=(" + std::to_string(p.rotation.w()) + ", " + std::to_string(p.rotation.x()) +
                   ", " + std::to_string(p.rotation.y()) + ", " + std::to_string(p.rotation.z()) +
                   "), translation=(" + std::to_string(p.translation.x()) + ", " +
                   std::to_string(p.translation.y()) + ", " + std::to_string(p.translation.z()) + "))";
        });
}

} // namespace

void bindShapes(py::module_& m) {
    bindPose(m);
    py::class_<Shape>(m, "Shape", "A convex shape in its local frame (metre); cheap to copy.")
        .def(py::init([](const std::string& spec) { return parsePrimitiveSpec(spec); }), py::arg("spec"),
             "From a primitive spec of the collision-problem CSV ('sphere:r=0.1', 'box:hx=..,hy=..,hz=..').")
        .def_static("sphere", &Shape::sphere, py::arg("radius"))
        .def_static(
            "box",
            [](const py::handle& half, double rounding) { return Shape::box(toVec3(half, "half_extents"), rounding); },
            py::arg("half_extents"), py::arg("rounding") = 0.0,
            "Box of half extents; rounding > 0 grows it by a ball (a rounded box).")
        .def_static("capsule", &Shape::capsule, py::arg("radius"), py::arg("half_height"))
        .def_static("cylinder", &Shape::cylinder, py::arg("radius"), py::arg("half_height"))
        .def_static("cone", &Shape::cone, py::arg("radius"), py::arg("half_height"))
        .def_static(
            "ellipsoid", [](const py::handle& radii) { return Shape::ellipsoid(toVec3(radii, "radii")); },
            py::arg("radii"))
        .def_static(
            "mesh",
            [](const py::handle& points, double mergeTolerance, double hullTolerance) {
                return Shape::mesh(ConvexMesh::fromPoints(
                    toPoints(points, "points"), HullOptions{mergeTolerance, hullTolerance}));
            },
            py::arg("points"), py::arg("merge_tolerance") = 0.0, py::arg("hull_tolerance") = 0.0,
            "Convex hull (Qhull) of an (N, 3) array of points; with hull_tolerance > 0 (m) a hull "
            "with fewer vertices that every point lies at most that far outside of.")
        .def_static(
            "mesh_file",
            [](const std::string& path, double scale, double hullTolerance) {
                scenes::MeshLoadOptions options;
                options.scale = scale;
                options.warnIfNotConvex = false;
                options.hull.hullTolerance = hullTolerance;
                return Shape::mesh(scenes::loadMesh(path, options)->hull);
            },
            py::arg("path"), py::arg("scale") = 1.0, py::arg("hull_tolerance") = 0.0,
            "Convex hull of an OBJ or STL file's vertices (hull_tolerance as in mesh()).")
        .def_static(
            "superquadric",
            [](const py::handle& radii, double e1, double e2, std::optional<double> inflation) {
                return Shape::superquadric(toVec3(radii, "radii"), e1, e2, inflation);
            },
            py::arg("radii"), py::arg("e1"), py::arg("e2"), py::arg("inflation") = py::none(),
            "Superquadric of An et al. eq. (16), exponents in (0, 2).")
        .def_static(
            "smoothed_hull",
            [](const py::handle& points, double beta) {
                const std::vector<Vec3> p = toPoints(points, "points");
                return Shape::smoothedHull(p, beta);
            },
            py::arg("points"), py::arg("beta"), "Convex hull smoothed by An et al. eq. (17), beta > 2.")
        .def_static(
            "smoothed_revolution",
            [](const py::handle& profile, double beta, double gamma) {
                const DoubleArray a = toDoubleArray(profile, "profile");
                if (a.ndim() != 2 || a.shape(1) != 2) {
                    throw py::value_error("profile: expected shape (N, 2) (rho, z), got " + shapeText(a));
                }
                std::vector<Eigen::Vector2d> p(static_cast<size_t>(a.shape(0)));
                for (size_t i = 0; i < p.size(); ++i) {
                    p[i] = {a.data()[2 * i], a.data()[2 * i + 1]};
                }
                return Shape::smoothedRevolution(p, beta, gamma);
            },
            py::arg("profile"), py::arg("beta"), py::arg("gamma"))
        .def_property_readonly("type", [](const Shape& s) { return std::string(shapeTypeName(s.type())); })
        .def_property_readonly("core_radius", &Shape::coreRadius)
        .def_property_readonly("spec", [](const Shape& s) { return primitiveSpec(s); })
        .def_property_readonly("vertices", &meshVertices, "(N, 3) hull vertices of a mesh")
        .def_property_readonly("triangles", &meshTriangles, "(M, 3) hull triangles of a mesh")
        .def_property_readonly("aabb",
                               [](const Shape& s) {
                                   py::array_t<double> a = newDoubles(2, 3);
                                   writeVec3(s.localAabb().min, a.mutable_data());
                                   writeVec3(s.localAabb().max, a.mutable_data() + 3);
                                   return a;
                               },
                               "(2, 3): local min and max corners")
        .def(
            "support",
            [](const Shape& s, const py::handle& dir) {
                const Vec3 d = toVec3(dir, "direction");
                if (!d.allFinite() || d.squaredNorm() == 0.0) {
                    throw py::value_error("direction: must be finite and non-zero");
                }
                int hint = -1;
                return toArray(s.support(d, hint));
            },
            py::arg("direction"), "Farthest point along a direction (local frame).")
        .def("__repr__", &describe);
}

} // namespace mk::python
