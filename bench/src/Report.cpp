/// \file Report.cpp
/// Summary rows -> aligned text table and CSV.

#include "minkowski/bench/Report.h"

#include "minkowski/bench/Csv.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace mk::bench {
namespace {

constexpr size_t kColumns = 14;
using Cells = std::array<std::string, kColumns>;

constexpr Cells kHeader{"task",  "set",     "group", "solver", "warm start", "n",        "median ns",
                        "p90 ns", "t/gjk", "iters", "it/gjk", "fail",       "max |err|", "med |err|"};
/// Columns 0-4 are text (left-aligned), the others numbers (right-aligned).
constexpr size_t kFirstNumeric = 5;

std::string format(const char* pattern, double value) {
    if (!std::isfinite(value)) {
        return "-";
    }
    char buffer[48];
    const int n = std::snprintf(buffer, sizeof buffer, pattern, value);
    return std::string(buffer, static_cast<size_t>(n));
}

Cells cells(const SummaryRow& row) {
    return {row.task,
            row.set,
            row.group,
            row.solver,
            row.warmStart.empty() ? "-" : row.warmStart,
            std::to_string(row.problems),
            format("%.0f", row.medianNs),
            format("%.0f", row.p90Ns),
            format("%.2f", row.timeRatio),
            format("%.1f", row.meanIterations),
            format("%.2f", row.iterationRatio),
            std::to_string(row.failures),
            format("%.1e", row.maxError),
            format("%.1e", row.medianError)};
}

void appendLine(std::string& text, const Cells& line, const std::array<size_t, kColumns>& widths) {
    std::string out;
    for (size_t i = 0; i < kColumns; ++i) {
        const size_t pad = widths[i] - line[i].size();
        if (i > 0) {
            out += "  ";
        }
        if (i < kFirstNumeric) {
            out += line[i] + std::string(pad, ' ');
        } else {
            out += std::string(pad, ' ') + line[i];
        }
    }
    while (!out.empty() && out.back() == ' ') {
        out.pop_back();
    }
    text += out + '\n';
}

std::string csvNumber(double value) { return std::isfinite(value) ? exactDecimal(value) : ""; }

} // namespace

std::string formatTable(const std::vector<SummaryRow>& rows) {
    std::vector<Cells> lines;
    lines.reserve(rows.size());
    std::array<size_t, kColumns> widths{};
    for (size_t i = 0; i < kColumns; ++i) {
        widths[i] = kHeader[i].size();
    }
    for (const SummaryRow& row : rows) {
        lines.push_back(cells(row));
        for (size_t i = 0; i < kColumns; ++i) {
            widths[i] = std::max(widths[i], lines.back()[i].size());
        }
    }
    std::string text;
    appendLine(text, kHeader, widths);
    for (size_t r = 0; r < rows.size(); ++r) {
        const bool newGroup = r > 0 && (rows[r].task != rows[r - 1].task ||
                                        rows[r].set != rows[r - 1].set ||
                                        rows[r].group != rows[r - 1].group);
        if (newGroup) {
            text += '\n';
        }
        appendLine(text, lines[r], widths);
    }
    return text;
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
