#pragma once
/// \file Csv.h
/// Minimal RFC 4180 CSV: a record reader that tracks line numbers, field quoting for writers, and
/// the exact decimal form of doubles (17 significant digits, read back bit for bit).

#include <istream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mk::bench {

/// A syntax error inside a CSV record (an unterminated quote, a character after a closing quote).
class CsvSyntaxError : public std::runtime_error {
public:
    CsvSyntaxError(int line, int column, const std::string& what)
        : std::runtime_error(what), line_(line), column_(column) {}
    [[nodiscard]] int line() const { return line_; }     ///< 1-based
    [[nodiscard]] int column() const { return column_; } ///< 1-based field index
private:
    int line_;
    int column_;
};

/// Reads RFC 4180 records one at a time: comma-separated fields, double-quoted fields may hold
/// commas, doubled quotes and line breaks. Accepts LF and CRLF line ends.
class CsvReader {
public:
    explicit CsvReader(std::istream& in) : in_(in) {}

    /// The next record's fields, or nothing at the end of the input.
    /// \throws CsvSyntaxError on malformed quoting.
    std::optional<std::vector<std::string>> next();
    /// The raw next line without CSV parsing (for comment lines), or nothing at the end.
    std::optional<std::string> nextRawLine();

    /// 1-based line on which the record last returned starts.
    [[nodiscard]] int recordLine() const { return recordLine_; }

private:
    bool readLine(std::string& line);

    std::istream& in_;
    int linesRead_ = 0;
    int recordLine_ = 0;
};

/// `field` as an RFC 4180 field: quoted when it holds a comma, a quote or a line break.
std::string csvField(std::string_view field);

/// `value` with 17 significant digits ("%.17g"): parsing it gives the same double.
std::string exactDecimal(double value);

/// Parses the whole of `text` as a finite double (leading/trailing blanks not allowed).
/// Returns nothing when `text` is not a number.
std::optional<double> parseDouble(std::string_view text);

} // namespace mk::bench
