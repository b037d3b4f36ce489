#pragma once
/// \file TestFiles.h
/// Helpers of the scenes tests: a scratch folder removed at the end, file writing, mesh files,
/// and a capture of spdlog's messages.

#include "minkowski/narrowphase/Math.h"

#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace mk::scenes::test {

/// `count` points spread evenly over a sphere of `radius` about the origin (a Fibonacci lattice:
/// deterministic).
inline std::vector<Vec3> fibonacciSphere(int count, double radius) {
    std::vector<Vec3> points;
    for (int i = 0; i < count; ++i) {
        const double z = 1.0 - (2.0 * i + 1.0) / count;
        const double r = std::sqrt(1.0 - z * z), phi = 2.39996322972865332 * i;
        points.emplace_back(radius * r * std::cos(phi), radius * r * std::sin(phi), radius * z);
    }
    return points;
}

/// An OBJ file's text: a `v` line per point (17 digits), then an `f` line per triangle (0-based
/// indices, written 1-based).
inline std::string objText(const std::vector<Vec3>& points,
                           const std::vector<std::array<int, 3>>& triangles = {}) {
    std::ostringstream obj;
    obj.precision(17);
    for (const Vec3& v : points) {
        obj << "v " << v.x() << ' ' << v.y() << ' ' << v.z() << '\n';
    }
    for (const auto& t : triangles) {
        obj << "f " << t[0] + 1 << ' ' << t[1] + 1 << ' ' << t[2] + 1 << '\n';
    }
    return obj.str();
}

/// A fresh folder under the system's temporary folder, named after the running test.
class ScratchFolder {
public:
    ScratchFolder() {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        path_ = std::filesystem::temp_directory_path() /
                ("mk_scenes_" + std::string(info->test_suite_name()) + "_" + info->name() + "_" +
                 std::to_string(::getpid()));
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~ScratchFolder() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;

    /// Writes `content` (bytes as given) to `name` in the folder; returns its path.
    [[nodiscard]] std::filesystem::path write(const std::string& name,
                                              const std::string& content) const {
        const std::filesystem::path file = path_ / name;
        std::ofstream(file, std::ios::binary) << content;
        return file;
    }
    [[nodiscard]] const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

/// Sends spdlog's default logger to a string for the lifetime of the object.
class CapturedLog {
public:
    CapturedLog() : previous_(spdlog::default_logger()) {
        auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(stream_);
        spdlog::set_default_logger(std::make_shared<spdlog::logger>("captured", sink));
    }
    ~CapturedLog() { spdlog::set_default_logger(previous_); }
    CapturedLog(const CapturedLog&) = delete;
    CapturedLog& operator=(const CapturedLog&) = delete;

    [[nodiscard]] std::string text() const { return stream_.str(); }

private:
    std::shared_ptr<spdlog::logger> previous_;
    std::ostringstream stream_;
};

/// The whole content of a file.
inline std::string readFile(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace mk::scenes::test
