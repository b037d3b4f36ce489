#pragma once
/// \file Writer.h
/// Writes a dataset file (docs/dataset.md) trajectory by trajectory, atomically: everything goes
/// to a temporary file next to the destination ("<path>.tmp.<pid>"), renamed onto it by commit().
/// A writer destroyed without commit() (an error, Ctrl-C, a test that throws) removes its
/// temporary file, so no truncated dataset is ever left under the destination's name.
///
/// The same trajectories and meta give the same bytes: rows are written one chunk at a time, in
/// the order added, and HDF5 objects carry no timestamps.

#include "minkowski/dataset/Format.h"
#include "minkowski/dataset/Records.h"

#include <cstdint>
#include <memory>
#include <string>

namespace mk::dataset {

struct WriterOptions {
    bool overwrite = false; ///< replace an existing file at the destination (--force)
    /// The schema to write: kSchemaVersion, or 1 for the compatibility tests (then a shape or a
    /// solver choice schema 1 cannot hold is a DatasetError).
    std::int64_t schemaVersion = kSchemaVersion;
};

class DatasetWriter {
public:
    /// Opens the temporary file.
    /// \throws DatasetError when the destination exists and !overwrite ("... exists; use
    /// --force"), or when the temporary file cannot be created.
    explicit DatasetWriter(std::string path, WriterOptions options = {});
    ~DatasetWriter();
    DatasetWriter(const DatasetWriter&) = delete;
    DatasetWriter& operator=(const DatasetWriter&) = delete;

    /// Appends one trajectory: begin(), append(), end(). Its shapes are merged with the ones
    /// already stored (same geometry, same id; ids in order of first use).
    /// \throws DatasetError when trajectories are not added in increasing order, or a row names a
    /// shape the trajectory does not have.
    void add(const TrajectoryData& trajectory);

    /// A trajectory in parts, for long recordings: begin(t), append() any number of times (rows
    /// of trajectory t; shape ids index each part's own `shapes`), end(). The file is the same as
    /// with one add().
    void begin(std::int32_t trajectory);
    void append(const TrajectoryData& part);
    void end(std::int32_t steps, std::uint64_t stateHash);

    /// Writes /meta (schema_version, first_trajectory and trajectory_count are set here) and
    /// /shapes, closes the file and renames it onto the destination.
    /// \throws DatasetError when the file cannot be completed or renamed, or when the destination
    /// appeared meanwhile and !overwrite.
    void commit(DatasetMeta meta);

    [[nodiscard]] const std::string& path() const;
    [[nodiscard]] const std::string& temporaryPath() const;
    [[nodiscard]] std::int64_t trajectories() const;
    [[nodiscard]] std::int64_t problems() const;

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;
};

/// Throws the "exists; use --force" DatasetError when `path` exists and !overwrite, and the "not a
/// regular file" DatasetError when it exists as anything else than a regular file (a device such
/// as /dev/full, a pipe, a directory), even with overwrite. For commands that check before a long
/// run.
void checkDestination(const std::string& path, bool overwrite);

} // namespace mk::dataset
