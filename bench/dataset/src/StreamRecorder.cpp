/// \file StreamRecorder.cpp
/// One streamed trajectory: rows go to the writer every kFlushRows calls.

#include "minkowski/dataset/StreamRecorder.h"

namespace mk::dataset {

StreamRecorder::StreamRecorder(const std::string& path, DatasetMeta meta, WriterOptions options)
    : writer_(path, options), meta_(std::move(meta)) {
    recorder_.setLenient(true);
    writer_.begin(0);
}

void StreamRecorder::onNarrowPhase(const NarrowPhaseEvent& event) {
    if (!firstStep_) {
        firstStep_ = event.step;
    }
    lastStep_ = event.step;
    recorder_.onNarrowPhase(event);
    ++problems_;
    if (recorder_.problemCount() >= kFlushRows) {
        flush();
    }
}

void StreamRecorder::flush() {
    writer_.append(recorder_.takeRows());
}

void StreamRecorder::finish() {
    flush();
    const std::int64_t steps = firstStep_ ? lastStep_ - *firstStep_ + 1 : 0;
    writer_.end(static_cast<std::int32_t>(steps), 0);
    meta_.stepsPerTrajectory = steps;
    meta_.sceneTrajectories = 1;
    writer_.commit(meta_);
}

} // namespace mk::dataset
