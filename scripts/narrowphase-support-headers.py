#!/usr/bin/python3
"""Support adapters that know no solver: moves SupportDerivatives, SmoothSupport and
kSuperquadricInflation out of Rtr.h into SmoothSupport.h, and SdfSample and PolyhedronSdf out of
SdfEllipsoid.h into PolyhedronSdf.h (text moved as is; Rtr.h and SdfEllipsoid.h include the new
headers, Shape.cpp includes them instead of the solvers' headers). Idempotent: does nothing when
SmoothSupport.h already exists. Part of scripts/narrowphase-detail.sh; run from the repository
root before the detail/ move."""
import os
import sys

ROOT = "narrowphase/include/minkowski/narrowphase"


def cut(text, start, end_marker):
    """The block from the line starting `start` (with its /// comment lines above) through the
    first line equal to `end_marker` after it; returns (block, text without it)."""
    i = text.index(start)
    while True:  # take the comment lines right above
        prev = text.rfind("\n", 0, i - 1)
        line = text[prev + 1:i]
        if line.startswith("///"):
            i = prev + 1
        else:
            break
    j = text.index("\n" + end_marker + "\n", i) + len(end_marker) + 2
    return text[i:j], text[:i] + text[j:]


def write_header(name, doc, includes, blocks):
    path = os.path.join(ROOT, name)
    with open(path, "w") as f:
        f.write("#pragma once\n/// \\file " + name + "\n" + doc + "\n\n" + includes +
                "\nnamespace mk {\n\n" + "\n".join(b.rstrip("\n") + "\n" for b in blocks) +
                "\n} // namespace mk\n")


def main():
    if os.path.exists(os.path.join(ROOT, "SmoothSupport.h")):
        return 0
    rtr_path = os.path.join(ROOT, "Rtr.h")
    rtr = open(rtr_path).read()
    derivatives, rtr = cut(rtr, "struct SupportDerivatives {", "};")
    smooth, rtr = cut(rtr, "class SmoothSupport {", "};")
    inflation, rtr = cut(rtr, "inline constexpr double kSuperquadricInflation", "")
    rtr = rtr.replace('#include "minkowski/narrowphase/Math.h"\n',
                      '#include "minkowski/narrowphase/Math.h"\n'
                      '#include "minkowski/narrowphase/SmoothSupport.h"\n', 1)
    open(rtr_path, "w").write(rtr)
    write_header("SmoothSupport.h",
                 "/// Convex bodies given by a smooth support function (the cores of the Superquadric\n"
                 "/// and SmoothedHull shapes): its value, gradient (the support point) and Hessian.\n"
                 "/// Knows no solver. Based on: An et al., \"Collision Detection between Smooth\n"
                 "/// Convex Bodies via Riemannian Optimization Framework\", eqs. (16), (17), (19).",
                 '#include "minkowski/narrowphase/Math.h"\n\n#include <Eigen/Core>\n\n'
                 "#include <memory>\n#include <span>\n#include <vector>\n",
                 [derivatives, smooth, inflation])
    sdf_path = os.path.join(ROOT, "SdfEllipsoid.h")
    sdf = open(sdf_path).read()
    sample, sdf = cut(sdf, "struct SdfSample {", "};")
    poly, sdf = cut(sdf, "class PolyhedronSdf {", "};")
    sdf = sdf.replace('#include "minkowski/narrowphase/Math.h"\n',
                      '#include "minkowski/narrowphase/Math.h"\n'
                      '#include "minkowski/narrowphase/PolyhedronSdf.h"\n', 1)
    open(sdf_path, "w").write(sdf)
    write_header("PolyhedronSdf.h",
                 "/// The signed distance function of a convex mesh as its face planes and adjacency\n"
                 "/// (Algorithm 4 of Lopez-Adeva Fernandez-Layos and Merchante, CAD 170 (2024)).\n"
                 "/// Knows no solver.",
                 '#include "minkowski/narrowphase/Math.h"\n\n'
                 "#include <cstdint>\n#include <memory>\n#include <span>\n#include <utility>\n"
                 "#include <vector>\n",
                 ["class ConvexMesh;\n", sample, poly])
    shape_path = "narrowphase/src/Shape.cpp"
    shape = open(shape_path).read()
    shape = shape.replace('#include "minkowski/narrowphase/Rtr.h"\n',
                          '#include "minkowski/narrowphase/PolyhedronSdf.h"\n')
    shape = shape.replace('#include "minkowski/narrowphase/detail/SdfEllipsoid.h"\n',
                          '#include "minkowski/narrowphase/SmoothSupport.h"\n')
    open(shape_path, "w").write(shape)
    return 0


if __name__ == "__main__":
    sys.exit(main())
