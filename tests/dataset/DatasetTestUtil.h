#pragma once
/// \file DatasetTestUtil.h
/// The tiny scene the dataset tests record (the paper-mode funnel, 3 trajectories x 0.5 s), a
/// temporary folder per test, and file helpers.

#include "minkowski/dataset/Recorder.h"
#include "minkowski/dataset/Writer.h"
#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/scenes/SceneFile.h"
#include "minkowski/scenes/Shapes.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <unistd.h>

namespace mk::dataset::test {

/// funnel-pairs with `trajectories` trajectories of 0.5 s (60 steps: the pair lands), validated.
inline scenes::SceneDesc tinyScene(int trajectories = 3) {
    scenes::SceneDesc scene = scenes::loadScene("funnel-pairs");
    scene.simulation.trajectories = trajectories;
    scene.simulation.seconds = 0.5;
    // Perturbed calls are recorded and replayed too: the datasets' tests need some, and the
    // scene's meshes would otherwise have their faces clipped instead.
    scene.contact.clipPolytopeFaces = false;
    scenes::validateScene(scene);
    return scene;
}

/// The tiny scene's shapes, loaded once per test program.
inline const scenes::SceneShapes& tinyShapes() {
    static const scenes::SceneShapes shapes = scenes::loadShapes(tinyScene());
    return shapes;
}

/// A fresh folder for the current test, removed by the destructor.
class TempDir {
public:
    TempDir() {
        // Inside a test: its suite and name; in SetUpTestSuite: the suite's name.
        const ::testing::UnitTest& unit = *::testing::UnitTest::GetInstance();
        const std::string name = unit.current_test_info() != nullptr
                                     ? std::string(unit.current_test_info()->test_suite_name()) +
                                           "_" + unit.current_test_info()->name()
                                     : std::string(unit.current_test_suite()->name()) + "_suite";
        path_ = std::filesystem::temp_directory_path() /
                ("mk_dataset_" + name + "_" + std::to_string(::getpid()));
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    [[nodiscard]] std::string file(const std::string& name) const {
        return (path_ / name).string();
    }
    [[nodiscard]] const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

/// Records the tiny scene's shard to `path` and commits.
inline RecordSummary recordTiny(const std::string& path, int threads = 1, Shard shard = {},
                                int trajectories = 3) {
    const scenes::SceneDesc scene = tinyScene(trajectories);
    DatasetWriter writer(path);
    RecordOptions options;
    options.threads = threads;
    options.shard = shard;
    const RecordSummary summary = recordScene(scene, tinyShapes(), options, writer);
    writer.commit(recordingMeta(scene, "builtin:funnel-pairs", "", shard));
    return summary;
}

inline std::string fileBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    std::string bytes(in ? static_cast<size_t>(in.tellg()) : 0U, '\0');
    in.seekg(0);
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return bytes;
}

/// Number of entries in a folder.
inline size_t entries(const std::filesystem::path& folder) {
    return static_cast<size_t>(std::distance(std::filesystem::directory_iterator(folder),
                                             std::filesystem::directory_iterator()));
}

} // namespace mk::dataset::test
