#pragma once
/// \file Arrays.h
/// numpy <-> Eigen conversions of the bindings. Every input goes through one of these: any
/// dtype that converts to float64 and any memory layout is accepted (numpy copies when it must),
/// a wrong shape is refused with a ValueError naming the argument, the expected shape and the
/// one given. Poses are 7-vectors (qw, qx, qy, qz, tx, ty, tz), the datasets' order, 4x4
/// homogeneous matrices, or mk::Pose objects.

#include "minkowski/narrowphase/Math.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <string>
#include <vector>

namespace mk::python {

namespace py = pybind11;

/// A C-contiguous float64 array made from any array-like (converted when needed).
using DoubleArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

/// `value` as a C-contiguous float64 array. \throws py::value_error naming `what`.
DoubleArray toDoubleArray(const py::handle& value, const char* what);

/// "(N, 3)" style description of an array's shape, for messages.
std::string shapeText(const py::array& array);

/// A 3-vector from any array-like of 3 numbers. \throws py::value_error naming `what`.
Vec3 toVec3(const py::handle& value, const char* what);

/// The rigid pose a 4x4 homogeneous matrix (row-major) describes.
/// \throws py::value_error when the last row is not (0, 0, 0, 1) or the 3x3 block is not a
/// rotation within 1e-6.
Pose poseFromMatrix(const double* m, const char* what);

/// (qw, qx, qy, qz, tx, ty, tz) -> Pose, as given (a non-unit quaternion makes queries answer
/// invalid-input rather than being silently normalised).
inline Pose poseFromRow(const double* r) {
    return {Quat(r[0], r[1], r[2], r[3]), Vec3(r[4], r[5], r[6])};
}

/// A pose from a mk::Pose, a 7-vector or a 4x4 matrix. \throws py::value_error naming `what`.
Pose toPose(const py::handle& value, const char* what);

/// N poses, read in place from an (N, 7) or (N, 4, 4) array, or one pose broadcast to every
/// index (a single 7-vector, 4x4 matrix or mk::Pose). Keeps the array alive.
class PoseArray {
public:
    PoseArray(const py::handle& value, const char* what);
    /// Number of poses; -1 for a broadcast single pose.
    [[nodiscard]] py::ssize_t count() const { return count_; }
    /// Pose i (any i for a broadcast pose). Safe without the GIL.
    [[nodiscard]] Pose operator[](py::ssize_t i) const;

private:
    DoubleArray array_;
    const double* data_ = nullptr;
    py::ssize_t count_ = -1;
    bool matrices_ = false;
    Pose single_;
    std::string what_;
};

/// (N, 3) float64 array -> points. \throws py::value_error naming `what`.
std::vector<Vec3> toPoints(const py::handle& value, const char* what);

/// A new (rows, cols) float64 array; cols = 0 makes a 1-D array of `rows`.
py::array_t<double> newDoubles(py::ssize_t rows, py::ssize_t cols = 0);

/// A Vec3 as a new float64 array of shape (3,).
py::array_t<double> toArray(const Vec3& v);

/// A pose as (qw, qx, qy, qz, tx, ty, tz).
void writePose(const Pose& pose, double* out);

/// Writes `v` at out[0..2].
inline void writeVec3(const Vec3& v, double* out) {
    out[0] = v.x();
    out[1] = v.y();
    out[2] = v.z();
}

} // namespace mk::python
