#pragma once
/// \file ResultsCsv.h
/// The per-query results file of `minkowski bench --out RESULTS.csv`: one row per
/// problem x contender x task with the columns
/// `problem,solver,warm_start,task,status,collide,distance,iterations,time_ns`.

#include "minkowski/bench/Contender.h"
#include "minkowski/bench/Runner.h"

#include <memory>
#include <string>
#include <vector>

namespace mk::bench {

inline constexpr std::string_view kResultsCsvHeader =
    "problem,solver,warm_start,task,status,collide,distance,iterations,time_ns";

/// The results as CSV text. `problem` numbers the problems of `sets` in order from 0 (for one
/// problem file: the row index in the file). warm_start is empty for peers, collide is 0 or 1,
/// distance (17 significant digits) and iterations are empty when not measured, time_ns is the
/// mean of the fastest 90% of the repetitions (empty when the contender crashed: status
/// "crashed").
std::string resultsCsv(const std::vector<ProblemSet>& sets,
                       const std::vector<std::unique_ptr<Contender>>& contenders,
                       const std::vector<Measurement>& measurements);

} // namespace mk::bench
