/// \file TextTable.cpp
/// Number cells and the aligned text layout of the benchmark tables.

#include "minkowski/bench/TextTable.h"

#include "minkowski/bench/Csv.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace mk::bench {
namespace {

std::string alignedLine(const std::vector<std::string>& cells, const std::vector<size_t>& widths,
                        size_t firstNumeric) {
    std::string out;
    for (size_t i = 0; i < cells.size(); ++i) {
        const size_t pad = widths[i] - cells[i].size();
        if (i > 0) {
            out.append(2, ' ');
        }
        if (i < firstNumeric) {
            out.append(cells[i]).append(pad, ' ');
        } else {
            out.append(pad, ' ').append(cells[i]);
        }
    }
    while (!out.empty() && out.back() == ' ') {
        out.pop_back();
    }
    return out + '\n';
}

} // namespace

std::string formatNumber(const char* pattern, double value) {
    if (!std::isfinite(value)) {
        return "-";
    }
    char buffer[48];
    const int n = std::snprintf(buffer, sizeof buffer, pattern, value);
    return std::string(buffer, static_cast<size_t>(n));
}

std::string csvNumber(double value) {
    return std::isfinite(value) ? exactDecimal(value) : "";
}

std::string alignedTable(const std::vector<std::string>& header,
                         const std::vector<std::vector<std::string>>& rows, size_t firstNumeric,
                         const std::vector<bool>& blankLineBefore) {
    std::vector<size_t> widths(header.size());
    for (size_t i = 0; i < header.size(); ++i) {
        widths[i] = header[i].size();
        for (const auto& row : rows) {
            widths[i] = std::max(widths[i], row[i].size());
        }
    }
    std::string text = alignedLine(header, widths, firstNumeric);
    for (size_t r = 0; r < rows.size(); ++r) {
        if (r < blankLineBefore.size() && blankLineBefore[r]) {
            text += '\n';
        }
        text += alignedLine(rows[r], widths, firstNumeric);
    }
    return text;
}

} // namespace mk::bench
