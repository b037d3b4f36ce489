/// \file Report.cpp
/// Summary rows -> aligned text table and CSV.

#include "minkowski/bench/Report.h"

#include "minkowski/bench/Csv.h"
#include "minkowski/bench/TextTable.h"

#include <string>
#include <vector>

namespace mk::bench {
namespace {

const std::vector<std::string> kHeader{"task",   "set",       "group",     "solver",   "warm start",
                                       "n",      "median ns", "p90 ns",    "t/gjk",    "iters",
                                       "it/gjk", "fail",      "max |err|", "med |err|"};
/// Columns 0-4 are text (left-aligned), the others numbers (right-aligned).
constexpr size_t kFirstNumeric = 5;

std::vector<std::string> cells(const SummaryRow& row) {
    return {row.task,
            row.set,
            row.group,
            row.solver,
            row.warmStart.empty() ? "-" : row.warmStart,
            std::to_string(row.problems),
            formatNumber("%.0f", row.medianNs),
            formatNumber("%.0f", row.p90Ns),
            formatNumber("%.2f", row.timeRatio),
            formatNumber("%.1f", row.meanIterations),
            formatNumber("%.2f", row.iterationRatio),
            std::to_string(row.failures),
            formatNumber("%.1e", row.maxError),
            formatNumber("%.1e", row.medianError)};
}

} // namespace

std::string formatTable(const std::vector<SummaryRow>& rows) {
    std::vector<std::vector<std::string>> lines;
    std::vector<bool> newGroup;
    for (size_t r = 0; r < rows.size(); ++r) {
        lines.push_back(cells(rows[r]));
        newGroup.push_back(r > 0 &&
                           (rows[r].task != rows[r - 1].task || rows[r].set != rows[r - 1].set ||
                            rows[r].group != rows[r - 1].group));
    }
    return alignedTable(kHeader, lines, kFirstNumeric, newGroup);
}

std::string summaryCsv(const std::vector<SummaryRow>& rows) {
    std::string text = "task,set,group,solver,warm_start,problems,median_ns,p90_ns,"
                       "time_ratio_vs_gjk,mean_iterations,iteration_ratio_vs_gjk,failures,"
                       "max_abs_error,median_abs_error\n";
    for (const SummaryRow& row : rows) {
        text += csvField(row.task) + ',' + csvField(row.set) + ',' + csvField(row.group) + ',' +
                csvField(row.solver) + ',' + csvField(row.warmStart) + ',' +
                std::to_string(row.problems) + ',' + csvNumber(row.medianNs) + ',' +
                csvNumber(row.p90Ns) + ',' + csvNumber(row.timeRatio) + ',' +
                csvNumber(row.meanIterations) + ',' + csvNumber(row.iterationRatio) + ',' +
                std::to_string(row.failures) + ',' + csvNumber(row.maxError) + ',' +
                csvNumber(row.medianError) + '\n';
    }
    return text;
}

} // namespace mk::bench
