#pragma once
/// \file Hdf5.h
/// A thin layer over HDF5's C API (serial library): owned handles, checked calls that throw
/// DatasetError with HDF5's own message, extendible compressed columns, strings and attributes.
/// Only one thread calls HDF5 at a time (the writer's and the reader's owner).
///
/// Reproducible files: objects are created without modification times
/// (H5Pset_obj_track_times(false)), so the same calls in the same order give the same bytes.

#include <cstdint>
#include <hdf5.h>
#include <optional>
#include <string>
#include <vector>

namespace mk::dataset::h5 {

/// An HDF5 identifier closed by its close function (file, group, dataset, dataspace, ...).
class Handle {
public:
    using Close = herr_t (*)(hid_t);
    Handle() = default;
    Handle(hid_t id, Close close) : id_(id), close_(close) {}
    ~Handle() { reset(); }
    Handle(Handle&& other) noexcept : id_(other.id_), close_(other.close_) { other.id_ = -1; }
    Handle& operator=(Handle&& other) noexcept;
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;

    [[nodiscard]] hid_t get() const { return id_; }
    [[nodiscard]] bool valid() const { return id_ >= 0; }
    /// Closes now; returns false when HDF5 reports an error (a failed final write).
    bool reset();

private:
    hid_t id_ = -1;
    Close close_ = nullptr;
};

/// Element types of the columns.
enum class Kind : unsigned char { U8, I32, I64, U64, F64 };
[[nodiscard]] hid_t nativeType(Kind kind);
[[nodiscard]] size_t elementSize(Kind kind);

/// Throws DatasetError("<context>: <HDF5's messages>") when `status` is negative.
hid_t check(hid_t status, const std::string& context);

/// Creates `path` (truncating), with objects that carry no modification time.
Handle createFile(const std::string& path);
/// Opens `path` read-only. \throws DatasetError "not an HDF5 file" (or HDF5's reason).
Handle openFile(const std::string& path);
/// Flushes and closes; \throws DatasetError when HDF5 cannot complete the file.
void closeFile(Handle& file, const std::string& path);

Handle createGroup(hid_t parent, const std::string& name);
/// \throws DatasetError naming `where` when the group is missing.
Handle openGroup(hid_t parent, const std::string& name, const std::string& where);
[[nodiscard]] bool hasLink(hid_t parent, const std::string& name);

/// An empty extendible column of `width` values per row (rank 1 when width is 1, else rank 2),
/// chunked by `chunkRows` rows, shuffled and deflated.
Handle createColumn(hid_t group, const std::string& name, Kind kind, int width, size_t chunkRows);
/// Appends `rows` rows from `data` (row-major, native type) at row `at` (the current size).
void appendRows(hid_t dataset, Kind kind, int width, const void* data, size_t rows, size_t at);

/// Shape of a stored column.
struct ColumnShape {
    size_t rows = 0;
    int width = 1; ///< 1 for rank-1 columns
    int rank = 1;
};
Handle openColumn(hid_t group, const std::string& name, const std::string& where);
[[nodiscard]] ColumnShape columnShape(hid_t dataset, const std::string& where);
/// Reads the whole column into `out` (rows * width elements of `kind`); HDF5 converts numeric
/// types. \throws DatasetError when the stored type is not numeric.
void readColumn(hid_t dataset, Kind kind, void* out, const std::string& where);

/// A column of variable-length UTF-8 strings, written whole (contiguous, not compressed).
void writeStrings(hid_t group, const std::string& name, const std::vector<std::string>& values);
std::vector<std::string> readStrings(hid_t group, const std::string& name,
                                     const std::string& where);

/// Scalar attributes: strings are variable-length UTF-8 (h5py gives str).
void writeAttribute(hid_t object, const std::string& name, const std::string& value);
void writeAttribute(hid_t object, const std::string& name, std::int64_t value);
void writeAttribute(hid_t object, const std::string& name, std::uint64_t value);
void writeAttribute(hid_t object, const std::string& name, double value);
[[nodiscard]] bool hasAttribute(hid_t object, const std::string& name);
std::string readStringAttribute(hid_t object, const std::string& name, const std::string& where);
std::int64_t readIntAttribute(hid_t object, const std::string& name, const std::string& where);
std::uint64_t readUintAttribute(hid_t object, const std::string& name, const std::string& where);
double readDoubleAttribute(hid_t object, const std::string& name, const std::string& where);

} // namespace mk::dataset::h5
