/// \file Csv.cpp
/// RFC 4180 record reader and field writer.

#include "minkowski/bench/Csv.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace mk::bench {

bool CsvReader::readLine(std::string& line) {
    if (!std::getline(in_, line)) {
        return false;
    }
    ++linesRead_;
    if (!line.empty() && line.back() == '\r') {
        line.pop_back();
    }
    return true;
}

std::optional<std::string> CsvReader::nextRawLine() {
    std::string line;
    if (!readLine(line)) {
        return std::nullopt;
    }
    recordLine_ = linesRead_;
    return line;
}

std::optional<std::vector<std::string>> CsvReader::next() {
    std::string line;
    if (!readLine(line)) {
        return std::nullopt;
    }
    recordLine_ = linesRead_;
    std::vector<std::string> fields(1);
    bool quoted = false;      // inside a quoted field
    bool afterQuote = false;  // a quoted field just closed: only ',' or the line end may follow
    for (size_t i = 0;; ++i) {
        if (i == line.size()) {
            if (!quoted) {
                break;
            }
            // A line break inside a quoted field belongs to the field.
            if (!readLine(line)) {
                throw CsvSyntaxError(recordLine_, static_cast<int>(fields.size()),
                                     "unterminated quoted field");
            }
            fields.back() += '\n';
            i = static_cast<size_t>(-1);
            continue;
        }
        const char c = line[i];
        if (quoted) {
            if (c != '"') {
                fields.back() += c;
            } else if (i + 1 < line.size() && line[i + 1] == '"') {
                fields.back() += '"';
                ++i;
            } else {
                quoted = false;
                afterQuote = true;
            }
        } else if (c == ',') {
            fields.emplace_back();
            afterQuote = false;
        } else if (afterQuote) {
            throw CsvSyntaxError(recordLine_, static_cast<int>(fields.size()),
                                 "unexpected character after a closing quote");
        } else if (c == '"' && fields.back().empty()) {
            quoted = true;
        } else {
            fields.back() += c;
        }
    }
    return fields;
}

std::string csvField(std::string_view field) {
    if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
        return std::string(field);
    }
    std::string out = "\"";
    for (char c : field) {
        out += c;
        if (c == '"') {
            out += '"';
        }
    }
    out += '"';
    return out;
}

std::string exactDecimal(double value) {
    char buffer[32];
    const int n = std::snprintf(buffer, sizeof buffer, "%.17g", value);
    return std::string(buffer, static_cast<size_t>(n));
}

std::optional<double> parseDouble(std::string_view text) {
    if (text.empty()) {
        return std::nullopt;
    }
    // from_chars rejects a leading '+'; accept it as the C library does.
    if (text.front() == '+') {
        text.remove_prefix(1);
        if (text.empty() || text.front() == '-') {
            return std::nullopt;
        }
    }
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
        return std::nullopt;
    }
    return value;
}

} // namespace mk::bench
