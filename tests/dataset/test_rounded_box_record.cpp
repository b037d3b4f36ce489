/// \file test_rounded_box_record.cpp
/// A dataset's shape record has no room for a box's rounding (schema 1): recording a rounded box
/// fails clearly instead of silently storing its core.

#include "DatasetTestUtil.h"
#include "minkowski/dataset/Records.h"

namespace mk::dataset::test {
namespace {

TEST(RoundedBoxRecord, IsRefusedNotTruncated) {
    try {
        (void)describeShape(Shape::box(Vec3(0.1, 0.2, 0.3), 0.05), "brick");
        ADD_FAILURE() << "expected DatasetError";
    } catch (const DatasetError& e) {
        EXPECT_NE(std::string(e.what()).find("rounded box"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("brick"), std::string::npos) << e.what();
    }
    const ShapeRecord sharp = describeShape(Shape::box(Vec3(0.1, 0.2, 0.3)), "box");
    EXPECT_EQ(sharp.params, Vec3(0.1, 0.2, 0.3));
}

} // namespace
} // namespace mk::dataset::test
