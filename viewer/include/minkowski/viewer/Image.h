#pragma once
/// \file Image.h
/// RGB images for screenshots: written and read as PNG (Debian's libstb: stb_image_write and
/// stb_image, compiled into libstb; no implementation is compiled here).

#include <cstdint>
#include <filesystem>
#include <vector>

namespace mk::viewer {

/// 8-bit RGB pixels, rows from the top.
struct Image {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgb; ///< width * height * 3 bytes

    [[nodiscard]] const std::uint8_t* pixel(int x, int y) const {
        return rgb.data() + 3 * (static_cast<std::size_t>(y) * width + x);
    }
};

/// Reverses the order of the rows (OpenGL reads the framebuffer bottom row first).
void flipRows(Image& image);

/// \throws std::runtime_error naming the file when it cannot be written.
void writePng(const std::filesystem::path& path, const Image& image);
/// \throws std::runtime_error naming the file when it cannot be read as an image.
[[nodiscard]] Image readPng(const std::filesystem::path& path);

} // namespace mk::viewer
