#pragma once
/// \file Print.h
/// Printing helpers of the test suites: values with 17 significant digits, to paste into a test.

#include "minkowski/narrowphase/Math.h"

#include <sstream>
#include <string>

namespace mk::ref {

/// "(x, y, z)" with 17 significant digits (round-trips exactly).
inline std::string str(const Vec3& v) {
    std::ostringstream os;
    os.precision(17);
    os << "(" << v.x() << ", " << v.y() << ", " << v.z() << ")";
    return os.str();
}

/// "Pose(Quat(w, x, y, z), Vec3(x, y, z))" with 17 significant digits: paste into a test.
inline std::string str(const Pose& p) {
    std::ostringstream os;
    os.precision(17);
    os << "Pose(Quat(" << p.rotation.w() << ", " << p.rotation.x() << ", " << p.rotation.y() << ", "
       << p.rotation.z() << "), Vec3" << str(p.translation) << ")";
    return os.str();
}

} // namespace mk::ref
