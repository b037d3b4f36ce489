/// \file ObbFilter.cpp
/// 15-axis separating-axis test of two oriented boxes (Ericson 2005, Sec. 4.4.1).

#include "minkowski/engine/ObbFilter.h"

#include <cmath>

namespace mk {

bool obbOverlap(const Obb& a, const Obb& b, double margin) {
    constexpr double kEpsilon = 1e-9;
    const Vec3 ea = a.halfExtents + Vec3::Constant(margin);
    const Vec3& eb = b.halfExtents;
    // Exact early-out: each box lies in the ball of radius |half extents| about its centre.
    const double reach = ea.norm() + eb.norm();
    if ((b.center - a.center).squaredNorm() > reach * reach) {
        return false;
    }
    const Mat3 r = a.axes.transpose() * b.axes; // b's axes in a's frame
    const Mat3 absR = r.cwiseAbs().array() + kEpsilon;
    const Vec3 t = a.axes.transpose() * (b.center - a.center);

    for (int i = 0; i < 3; ++i) { // a's face normals
        if (std::abs(t[i]) > ea[i] + eb.dot(absR.row(i))) {
            return false;
        }
    }
    for (int j = 0; j < 3; ++j) { // b's face normals
        if (std::abs(t.dot(r.col(j))) > ea.dot(absR.col(j)) + eb[j]) {
            return false;
        }
    }
    for (int i = 0; i < 3; ++i) { // a_i x b_j
        const int i1 = (i + 1) % 3;
        const int i2 = (i + 2) % 3;
        for (int j = 0; j < 3; ++j) {
            const int j1 = (j + 1) % 3;
            const int j2 = (j + 2) % 3;
            const double ra = ea[i1] * absR(i2, j) + ea[i2] * absR(i1, j);
            const double rb = eb[j1] * absR(i, j2) + eb[j2] * absR(i, j1);
            if (std::abs(t[i2] * r(i1, j) - t[i1] * r(i2, j)) > ra + rb) {
                return false;
            }
        }
    }
    return true;
}

} // namespace mk
