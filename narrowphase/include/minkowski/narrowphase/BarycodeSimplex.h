#pragma once
/// \file BarycodeSimplex.h
/// PLACEHOLDER while the implementation is being written: runs Johnson's sub-algorithm.

#include "minkowski/narrowphase/JohnsonSimplex.h"

namespace mk::detail {

class BarycodeSimplex : public JohnsonSimplex {};

} // namespace mk::detail
