/// \file ViewerRecorder.cpp
/// viewer::DatasetRecorder implemented with mk::dataset::StreamRecorder.

#include "ViewerRecorder.h"

#include "minkowski/dataset/Recorder.h"
#include "minkowski/dataset/StreamRecorder.h"

#include <filesystem>
#include <memory>

namespace mk::cli {
namespace {

class ViewerRecorder final : public viewer::DatasetRecorder {
public:
    explicit ViewerRecorder(dataset::DatasetMeta meta) : meta_(std::move(meta)) {}

    void start(const std::filesystem::path& path) override {
        std::error_code error;
        if (std::filesystem::exists(path, error)) {
            throw dataset::DatasetError("'" + path.string() + "' exists: choose another file");
        }
        recorder_ = std::make_unique<dataset::StreamRecorder>(path.string(), meta_);
        error_.clear();
    }

    /// A call the dataset cannot store ends the recording (kept for stop()) instead of throwing
    /// into the world's step.
    void onNarrowPhase(const NarrowPhaseEvent& event) override {
        if (!recorder_) {
            return;
        }
        try {
            recorder_->onNarrowPhase(event);
        } catch (const std::exception& e) {
            error_ = e.what();
            recorder_.reset(); // removes the temporary file
        }
    }

    void stop() override {
        std::unique_ptr<dataset::StreamRecorder> recorder = std::move(recorder_);
        if (!error_.empty()) {
            throw dataset::DatasetError("recording stopped: " + error_);
        }
        if (recorder) {
            recorder->finish();
        }
    }

private:
    dataset::DatasetMeta meta_;
    std::unique_ptr<dataset::StreamRecorder> recorder_;
    std::string error_;
};

} // namespace

viewer::DatasetRecorderFactory makeViewerRecorderFactory(const scenes::SceneDesc& scene,
                                                         const std::string& sceneFile) {
    dataset::DatasetMeta meta = dataset::recordingMeta(scene, sceneFile, "", {});
    meta.source = "minkowski view";
    return [meta] { return std::make_unique<ViewerRecorder>(meta); };
}

} // namespace mk::cli
