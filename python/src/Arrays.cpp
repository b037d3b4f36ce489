/// \file Arrays.cpp
/// numpy <-> Eigen conversions (Arrays.h).

#include "Arrays.h"

#include <cmath>

namespace mk::python {

std::string shapeText(const py::array& array) {
    std::string text = "(";
    for (py::ssize_t i = 0; i < array.ndim(); ++i) {
        text += (i > 0 ? ", " : "") + std::to_string(array.shape(i));
    }
    return text + (array.ndim() == 1 ? ",)" : ")");
}

DoubleArray toDoubleArray(const py::handle& value, const char* what) {
    DoubleArray array = DoubleArray::ensure(value);
    if (!array) {
        PyErr_Clear();
        throw py::value_error(std::string(what) +
                              ": expected float64 numbers (or numbers that convert to float64), got " +
                              std::string(py::str(py::type::of(value).attr("__name__"))));
    }
    return array;
}

Vec3 toVec3(const py::handle& value, const char* what) {
    const DoubleArray a = toDoubleArray(value, what);
    if (a.ndim() != 1 || a.shape(0) != 3) {
        throw py::value_error(std::string(what) + ": expected shape (3,), got " + shapeText(a));
    }
    return {a.data()[0], a.data()[1], a.data()[2]};
}

Pose poseFromMatrix(const double* m, const char* what) {
    if (m[12] != 0.0 || m[13] != 0.0 || m[14] != 0.0 || m[15] != 1.0) {
        throw py::value_error(std::string(what) + ": the last row of a 4x4 pose must be (0, 0, 0, 1)");
    }
    Mat3 r;
    r << m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10];
    if (!r.allFinite() || !((r.transpose() * r - Mat3::Identity()).cwiseAbs().maxCoeff() < 1e-6) ||
        !(r.determinant() > 0.0)) {
        throw py::value_error(std::string(what) +
                              ": the 3x3 block of a 4x4 pose must be a rotation (orthonormal, det +1)");
    }
    Quat q(r);
    q.normalize();
    return {q, Vec3(m[3], m[7], m[11])};
}

Pose toPose(const py::handle& value, const char* what) {
    if (py::isinstance<Pose>(value)) {
        return value.cast<Pose>();
    }
    const DoubleArray a = toDoubleArray(value, what);
    if (a.ndim() == 1 && a.shape(0) == 7) {
        return poseFromRow(a.data());
    }
    if (a.ndim() == 2 && a.shape(0) == 4 && a.shape(1) == 4) {
        return poseFromMatrix(a.data(), what);
    }
    throw py::value_error(std::string(what) +
                          ": expected a Pose, shape (7,) (qw, qx, qy, qz, tx, ty, tz) or (4, 4), got " +
                          shapeText(a));
}

PoseArray::PoseArray(const py::handle& value, const char* what) : what_(what) {
    if (py::isinstance<Pose>(value)) {
        single_ = value.cast<Pose>();
        return;
    }
    array_ = toDoubleArray(value, what);
    const py::ssize_t nd = array_.ndim();
    if (nd == 1 || (nd == 2 && array_.shape(0) == 4 && array_.shape(1) == 4)) {
        single_ = toPose(array_, what);
        return;
    }
    if (nd == 2 && array_.shape(1) == 7) {
        count_ = array_.shape(0);
    } else if (nd == 3 && array_.shape(1) == 4 && array_.shape(2) == 4) {
        count_ = array_.shape(0);
        matrices_ = true;
        for (py::ssize_t i = 0; i < count_; ++i) {
            (void)poseFromMatrix(array_.data() + 16 * i, what); // refuse bad matrices up front
        }
    } else {
        throw py::value_error(std::string(what) + ": expected shape (N, 7) or (N, 4, 4) (or one pose), got " +
                              shapeText(array_));
    }
    data_ = array_.data();
}

Pose PoseArray::operator[](py::ssize_t i) const {
    if (count_ < 0) {
        return single_;
    }
    return matrices_ ? poseFromMatrix(data_ + 16 * i, what_.c_str()) : poseFromRow(data_ + 7 * i);
}

std::vector<Vec3> toPoints(const py::handle& value, const char* what) {
    const DoubleArray a = toDoubleArray(value, what);
    if (a.ndim() != 2 || a.shape(1) != 3) {
        throw py::value_error(std::string(what) + ": expected shape (N, 3), got " + shapeText(a));
    }
    std::vector<Vec3> points(static_cast<size_t>(a.shape(0)));
    for (size_t i = 0; i < points.size(); ++i) {
        points[i] = Vec3(a.data()[3 * i], a.data()[3 * i + 1], a.data()[3 * i + 2]);
    }
    return points;
}

py::array_t<double> newDoubles(py::ssize_t rows, py::ssize_t cols) {
    if (cols == 0) {
        return py::array_t<double>(rows);
    }
    return py::array_t<double>({rows, cols});
}

py::array_t<double> toArray(const Vec3& v) {
    py::array_t<double> a(3);
    writeVec3(v, a.mutable_data());
    return a;
}

void writePose(const Pose& pose, double* out) {
    out[0] = pose.rotation.w();
    out[1] = pose.rotation.x();
    out[2] = pose.rotation.y();
    out[3] = pose.rotation.z();
    writeVec3(pose.translation, out + 4);
}

} // namespace mk::python
