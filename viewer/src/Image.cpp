/// \file Image.cpp

#include "minkowski/viewer/Image.h"

#include <algorithm>
#include <memory>
#include <stb_image.h>
#include <stb_image_write.h>
#include <stdexcept>

namespace mk::viewer {

void flipRows(Image& image) {
    const auto row = static_cast<std::ptrdiff_t>(3 * image.width);
    for (int y = 0; y < image.height / 2; ++y) {
        const auto top = image.rgb.begin() + y * row;
        const auto bottom = image.rgb.begin() + (image.height - 1 - y) * row;
        std::swap_ranges(top, top + row, bottom);
    }
}

void writePng(const std::filesystem::path& path, const Image& image) {
    if (image.width <= 0 || image.height <= 0 ||
        image.rgb.size() != static_cast<std::size_t>(image.width) * image.height * 3) {
        throw std::runtime_error("writePng: " + path.string() +
                                 ": image size does not match its pixels");
    }
    if (stbi_write_png(path.c_str(), image.width, image.height, 3, image.rgb.data(),
                       3 * image.width) == 0) {
        throw std::runtime_error("cannot write " + path.string());
    }
}

Image readPng(const std::filesystem::path& path) {
    int width = 0;
    int height = 0;
    int channels = 0;
    const std::unique_ptr<stbi_uc, void (*)(void*)> data(
        stbi_load(path.c_str(), &width, &height, &channels, 3), stbi_image_free);
    if (!data) {
        throw std::runtime_error("cannot read " + path.string() + " as an image");
    }
    Image image{width, height, {}};
    image.rgb.assign(data.get(), data.get() + static_cast<std::size_t>(width) * height * 3);
    return image;
}

} // namespace mk::viewer
