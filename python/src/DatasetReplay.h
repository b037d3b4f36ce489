#pragma once
/// \file DatasetReplay.h
/// Dataset.replay(): mk::dataset::replay for the built-in solvers, and the same measurement
/// (recorded warm start through mk::PairCache, one untimed call, R timed repetitions, mean of the
/// fastest 90 %) for solvers written in Python; one table for both.

#include "minkowski/dataset/Records.h"

#include <pybind11/pybind11.h>

#include <optional>
#include <string>
#include <vector>

namespace mk::python {

namespace py = pybind11;

py::dict replayDataset(const dataset::Dataset& d, const std::vector<std::string>& solvers,
                       const std::vector<std::string>& warmStarts, const std::string& task, int repeats,
                       bool includePerturbed, bool dynamicPairsOnly, std::optional<size_t> limit,
                       const py::object& progress);

} // namespace mk::python
