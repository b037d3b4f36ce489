#pragma once
/// \file SignedVolumeSimplex.h
/// PLACEHOLDER while the implementation is being written: runs Johnson's sub-algorithm.

#include "minkowski/narrowphase/JohnsonSimplex.h"

namespace mk::detail {

class SignedVolumeSimplex : public JohnsonSimplex {};

} // namespace mk::detail
