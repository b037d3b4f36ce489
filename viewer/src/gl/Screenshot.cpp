/// \file Screenshot.cpp

#include "Screenshot.h"

#include "Gl.h"

#include <filesystem>

namespace mk::viewer::gl {

Image captureFramebuffer(int width, int height) {
    Image image{width, height, std::vector<std::uint8_t>(std::size_t(width) * height * 3)};
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, image.rgb.data());
    flipRows(image);
    return image;
}

std::string screenshotName(const std::string& scene, long long step) {
    const std::string stem = "minkowski-" + scene + "-step" + std::to_string(step);
    std::string name = stem + ".png";
    for (int i = 2; std::filesystem::exists(name); ++i) {
        name = stem + "-" + std::to_string(i) + ".png";
    }
    return name;
}

} // namespace mk::viewer::gl
