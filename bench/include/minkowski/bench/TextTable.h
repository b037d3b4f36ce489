#pragma once
/// \file TextTable.h
/// Cells and layout shared by the benchmark's tables (generated sets and dataset replays):
/// printf-formatted numbers, CSV numbers, and an aligned plain-text table.

#include <string>
#include <vector>

namespace mk::bench {

/// `value` printed with the printf `pattern`, or "-" when it is not finite (no data).
[[nodiscard]] std::string formatNumber(const char* pattern, double value);
/// The exact decimal of `value` (Csv.h exactDecimal), or an empty CSV cell when not finite.
[[nodiscard]] std::string csvNumber(double value);

/// An aligned text table: a header line, then one line per row, with a blank line before row r
/// when `blankLineBefore[r]`. Columns before `firstNumeric` are left-aligned, the others
/// right-aligned; two spaces between columns; trailing spaces trimmed. Every row has
/// header.size() cells.
[[nodiscard]] std::string alignedTable(const std::vector<std::string>& header,
                                       const std::vector<std::vector<std::string>>& rows,
                                       size_t firstNumeric,
                                       const std::vector<bool>& blankLineBefore);

} // namespace mk::bench
