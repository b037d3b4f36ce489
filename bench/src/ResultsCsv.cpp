/// \file ResultsCsv.cpp
/// Per-query results as CSV.

#include "minkowski/bench/ResultsCsv.h"

#include "minkowski/bench/Csv.h"

#include <cmath>
#include <cstdio>

namespace mk::bench {
namespace {

/// Global index of the first problem of each set.
std::vector<size_t> setOffsets(const std::vector<ProblemSet>& sets) {
    std::vector<size_t> offsets;
    size_t offset = 0;
    for (const ProblemSet& set : sets) {
        offsets.push_back(offset);
        offset += set.problems.size();
    }
    return offsets;
}

std::string fixed1(double value) {
    char buffer[32];
    const int n = std::snprintf(buffer, sizeof buffer, "%.1f", value);
    return std::string(buffer, static_cast<size_t>(n));
}

} // namespace

std::string resultsCsv(const std::vector<ProblemSet>& sets,
                       const std::vector<std::unique_ptr<Contender>>& contenders,
                       const std::vector<Measurement>& measurements) {
    const std::vector<size_t> offsets = setOffsets(sets);
    std::string text = std::string(kResultsCsvHeader) + '\n';
    for (const Measurement& m : measurements) {
        const Contender& contender = *contenders[static_cast<size_t>(m.contender)];
        const Outcome& o = m.outcome;
        text += std::to_string(offsets[static_cast<size_t>(m.set)] + static_cast<size_t>(m.problem));
        text += ',' + csvField(contender.solverName()) + ',' + csvField(contender.warmStartName());
        text += ',' + std::string(name(m.task)) + ',' + std::string(o.status);
        text += o.collide ? ",1," : ",0,";
        if (std::isfinite(o.distance)) {
            text += exactDecimal(o.distance);
        }
        text += ',';
        if (o.iterations >= 0) {
            text += std::to_string(o.iterations);
        }
        text += ',' + (std::isfinite(m.timeNs) ? fixed1(m.timeNs) : std::string()) + '\n';
    }
    return text;
}

} // namespace mk::bench
