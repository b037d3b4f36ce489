/// \file test_image.cpp
/// PNG round trip and row flipping.

#include "minkowski/viewer/Image.h"

#include <filesystem>
#include <gtest/gtest.h>
#include <stdexcept>

namespace mk::viewer {
namespace {

Image gradient(int w, int h) {
    Image image{w, h, std::vector<std::uint8_t>(std::size_t(w) * h * 3)};
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            std::uint8_t* p = image.rgb.data() + 3 * (std::size_t(y) * w + x);
            p[0] = std::uint8_t(x * 7);
            p[1] = std::uint8_t(y * 11);
            p[2] = std::uint8_t(x ^ y);
        }
    }
    return image;
}

TEST(Image, PngRoundTripIsExact) {
    const auto path = std::filesystem::temp_directory_path() / "mk_viewer_test_image.png";
    const Image image = gradient(37, 23);
    writePng(path, image);
    const Image back = readPng(path);
    EXPECT_EQ(back.width, 37);
    EXPECT_EQ(back.height, 23);
    EXPECT_EQ(back.rgb, image.rgb);
    std::filesystem::remove(path);
}

TEST(Image, FlipRowsReversesRowsTwiceIsIdentity) {
    const Image image = gradient(5, 4);
    Image flipped = image;
    flipRows(flipped);
    EXPECT_EQ(flipped.pixel(2, 0)[1], image.pixel(2, 3)[1]);
    EXPECT_EQ(flipped.pixel(4, 3)[0], image.pixel(4, 0)[0]);
    flipRows(flipped);
    EXPECT_EQ(flipped.rgb, image.rgb);
}

TEST(Image, ErrorsNameTheFile) {
    EXPECT_THROW((void)readPng("/nonexistent/x.png"), std::runtime_error);
    EXPECT_THROW(writePng("/nonexistent/dir/x.png", gradient(2, 2)), std::runtime_error);
    Image bad = gradient(2, 2);
    bad.rgb.pop_back();
    EXPECT_THROW(writePng(std::filesystem::temp_directory_path() / "bad.png", bad),
                 std::runtime_error);
}

} // namespace
} // namespace mk::viewer
