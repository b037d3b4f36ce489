/// \file check_screenshot.cpp
/// Checks a screenshot of `minkowski view SCENE --count N` taken before any camera move:
///  - not blank: enough distinct colours, and neither all background nor no background;
///  - shows the funnel: where the viewer's default camera sees one of the funnel's boxes (a ray
///    per pixel), almost no pixel has the background colour, while elsewhere some do (the
///    panels cover about half of the window).
/// Usage: viewer_screenshot_check IMAGE.png SCENE COUNT. Exit 0 when it passes, 1 otherwise.

#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/scenes/Funnel.h"
#include "minkowski/viewer/Appearance.h"
#include "minkowski/viewer/Image.h"
#include "minkowski/viewer/ViewerModel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <set>
#include <string>
#include <vector>

namespace {

using mk::viewer::Image;

/// True when `ray` meets the box of half extents `h` at `pose` (slab test in the box's frame).
bool hitsBox(const mk::viewer::Ray& ray, const mk::Pose& pose, const mk::Vec3& h) {
    const mk::Vec3 o = pose.applyInverse(ray.origin);
    const mk::Vec3 d = pose.rotation.conjugate() * ray.direction;
    double t0 = 0.0;
    double t1 = 1e300;
    for (int k = 0; k < 3; ++k) {
        if (std::abs(d[k]) < 1e-15) {
            if (std::abs(o[k]) > h[k]) {
                return false;
            }
            continue;
        }
        double a = (-h[k] - o[k]) / d[k];
        double b = (h[k] - o[k]) / d[k];
        if (a > b) {
            std::swap(a, b);
        }
        t0 = std::max(t0, a);
        t1 = std::min(t1, b);
    }
    return t0 <= t1;
}

/// Per pixel: does the viewer's default camera see a box of the funnel there?
std::vector<bool> funnelMask(const std::string& sceneName, int count, int width, int height) {
    mk::scenes::SceneDesc scene = mk::scenes::builtinScene(sceneName);
    for (auto& g : scene.generators) {
        g.count = count;
    }
    const mk::viewer::ViewerModel model(scene);
    const mk::viewer::Camera camera = model.defaultCamera(double(width) / height);
    const std::vector<mk::scenes::FunnelPart> parts = mk::scenes::funnelParts(*scene.funnel);
    std::vector<bool> mask(std::size_t(width) * height, false);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const mk::viewer::Ray ray = camera.ray(x + 0.5, y + 0.5, width, height);
            for (const mk::scenes::FunnelPart& part : parts) {
                if (hitsBox(ray, part.pose, part.halfExtents)) {
                    mask[std::size_t(y) * width + x] = true;
                    break;
                }
            }
        }
    }
    return mask;
}

/// True when the 7x7 neighbourhood of (x, y) is all in or all out of the mask (away from edges,
/// where antialiasing and rounding blur the outline).
bool awayFromOutline(const std::vector<bool>& mask, int width, int height, int x, int y) {
    const bool centre = mask[std::size_t(y) * width + x];
    for (int dy = -3; dy <= 3; ++dy) {
        for (int dx = -3; dx <= 3; ++dx) {
            const int u = std::clamp(x + dx, 0, width - 1);
            const int v = std::clamp(y + dy, 0, height - 1);
            if (mask[std::size_t(v) * width + u] != centre) {
                return false;
            }
        }
    }
    return true;
}

bool isBackground(const std::uint8_t* p) {
    for (int c = 0; c < 3; ++c) {
        if (std::abs(int(p[c]) - int(std::lround(mk::viewer::kBackground[c] * 255.0f))) > 3) {
            return false;
        }
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s IMAGE.png SCENE COUNT\n", argv[0]);
        return 2;
    }
    try {
        const Image image = mk::viewer::readPng(argv[1]);
        const std::vector<bool> funnel =
            funnelMask(argv[2], std::stoi(argv[3]), image.width, image.height);
        long inside = 0, insideBackground = 0, outside = 0, outsideBackground = 0, background = 0;
        std::set<int> colours;
        for (int y = 0; y < image.height; ++y) {
            for (int x = 0; x < image.width; ++x) {
                const std::uint8_t* p = image.pixel(x, y);
                const bool bg = isBackground(p);
                background += bg ? 1 : 0;
                colours.insert((p[0] >> 3) << 10 | (p[1] >> 3) << 5 | (p[2] >> 3));
                if (!awayFromOutline(funnel, image.width, image.height, x, y)) {
                    continue;
                }
                if (funnel[std::size_t(y) * image.width + x]) {
                    ++inside;
                    insideBackground += bg ? 1 : 0;
                } else {
                    ++outside;
                    outsideBackground += bg ? 1 : 0;
                }
            }
        }
        const double total = double(image.width) * image.height;
        const double bgFraction = background / total;
        const double insideShown = inside > 0 ? 1.0 - double(insideBackground) / inside : 0.0;
        const double outsideEmpty = outside > 0 ? double(outsideBackground) / outside : 0.0;
        std::printf("%dx%d: %zu colours, background %.1f%% of the image; the funnel covers %.1f%%: "
                    "%.1f%% drawn on it, %.1f%% background elsewhere\n",
                    image.width, image.height, colours.size(), 100 * bgFraction,
                    100 * inside / total, 100 * insideShown, 100 * outsideEmpty);
        bool ok = true;
        const auto require = [&ok](bool condition, const char* what) {
            if (!condition) {
                std::printf("FAIL: %s\n", what);
                ok = false;
            }
        };
        require(colours.size() >= 64, "blank or nearly: fewer than 64 distinct colours");
        require(bgFraction > 0.05 && bgFraction < 0.98,
                "background covers none or all of the image");
        require(inside > total / 20, "the funnel covers less than 5% of the image");
        require(insideShown > 0.97, "background shows where the funnel should be");
        // The panels cover more than half of the window (the statistics panel grew with the PGS
        // convergence and energy rows: 19% background left), most of it away from the funnel.
        require(outside > total / 20 && outsideEmpty > 0.12,
                "away from the funnel, few pixels are background");
        return ok ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "viewer_screenshot_check: %s\n", e.what());
        return 1;
    }
}
