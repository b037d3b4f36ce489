/// \file test_csv.cpp
/// RFC 4180 records, field quoting and exact decimals.

#include "minkowski/bench/Csv.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <sstream>

namespace mk::bench {
namespace {

std::vector<std::vector<std::string>> readAll(const std::string& text) {
    std::istringstream in(text);
    CsvReader reader(in);
    std::vector<std::vector<std::string>> records;
    while (auto fields = reader.next()) {
        records.push_back(*fields);
    }
    return records;
}

TEST(Csv, QuotedFieldsKeepCommasAndDoubledQuotes) {
    const auto records = readAll("\"box:hx=1,hy=2,hz=3\",plain,\"say \"\"hi\"\"\",\n");
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0], (std::vector<std::string>{"box:hx=1,hy=2,hz=3", "plain", "say \"hi\"", ""}));
}

TEST(Csv, CrLfLineEndsAndLineBreaksInsideQuotes) {
    std::istringstream in("a,b\r\n\"multi\nline\",c\r\nlast,row\n");
    CsvReader reader(in);
    EXPECT_EQ(*reader.next(), (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(reader.recordLine(), 1);
    EXPECT_EQ(*reader.next(), (std::vector<std::string>{"multi\nline", "c"}));
    EXPECT_EQ(reader.recordLine(), 2);
    EXPECT_EQ(*reader.next(), (std::vector<std::string>{"last", "row"}));
    EXPECT_EQ(reader.recordLine(), 4);
    EXPECT_FALSE(reader.next());
}

TEST(Csv, MalformedQuotingNamesLineAndField) {
    std::istringstream in("ok,row\n\"closed\"junk,x\n");
    CsvReader reader(in);
    ASSERT_TRUE(reader.next());
    try {
        (void)reader.next();
        FAIL() << "expected a CsvSyntaxError";
    } catch (const CsvSyntaxError& error) {
        EXPECT_EQ(error.line(), 2);
        EXPECT_EQ(error.column(), 1);
    }
    std::istringstream open("\"never closed,x\n");
    CsvReader unterminated(open);
    EXPECT_THROW((void)unterminated.next(), CsvSyntaxError);
}

TEST(Csv, FieldQuotingRoundTrips) {
    EXPECT_EQ(csvField("sphere:r=1"), "sphere:r=1");
    EXPECT_EQ(csvField("box:hx=1,hy=2,hz=3"), "\"box:hx=1,hy=2,hz=3\"");
    EXPECT_EQ(csvField("a\"b"), "\"a\"\"b\"");
    const std::string tricky = "x,\"y\"\nz";
    EXPECT_EQ(readAll(csvField(tricky) + ",end\n")[0][0], tricky);
}

TEST(Csv, ExactDecimalReadsBackBitForBit) {
    for (double v : {0.1, -0.05, 1.0 / 3.0, 6.02214076e23, -4.9406564584124654e-324,
                     std::numeric_limits<double>::max(), 0.0}) {
        const std::optional<double> back = parseDouble(exactDecimal(v));
        ASSERT_TRUE(back) << exactDecimal(v);
        EXPECT_EQ(*back, v) << exactDecimal(v);
    }
}

TEST(Csv, ParseDoubleRejectsNonNumbers) {
    EXPECT_FALSE(parseDouble(""));
    EXPECT_FALSE(parseDouble("abc"));
    EXPECT_FALSE(parseDouble("1.5x"));
    EXPECT_FALSE(parseDouble(" 1"));
    EXPECT_FALSE(parseDouble("nan"));
    EXPECT_FALSE(parseDouble("inf"));
    EXPECT_FALSE(parseDouble("+-1"));
    EXPECT_EQ(parseDouble("+2.5"), 2.5);
    EXPECT_EQ(parseDouble("-1e-3"), -1e-3);
}

} // namespace
} // namespace mk::bench
