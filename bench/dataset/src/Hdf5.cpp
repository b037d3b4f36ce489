/// \file Hdf5.cpp
/// Checked HDF5 calls. HDF5's automatic error printing is switched off: every failure becomes a
/// DatasetError carrying the messages of HDF5's error stack.

#include "Hdf5.h"

#include "minkowski/dataset/Records.h"

#include <array>
#include <mutex>

namespace mk::dataset::h5 {
namespace {

/// The descriptions of the current error stack, outermost first, joined by "; ".
std::string errorStackText() {
    std::string text;
    const auto walk = [](unsigned, const H5E_error2_t* error, void* data) -> herr_t {
        auto* out = static_cast<std::string*>(data);
        if (error->desc != nullptr && error->desc[0] != '\0') {
            if (!out->empty()) {
                *out += "; ";
            }
            *out += error->desc;
        }
        return 0;
    };
    H5Ewalk2(H5E_DEFAULT, H5E_WALK_DOWNWARD, walk, &text);
    return text.empty() ? "HDF5 error" : text;
}

/// Also turns off HDF5's exit handler (H5dont_atexit, before the library initialises): after a
/// write error (EFBIG under `ulimit -f`) the file whose close failed stays open in the library,
/// and H5_term_library's H5F__close_cb then flushed it again and crashed (exit 139 instead of
/// our clean exit 1). Every file we write is closed explicitly (commit, or the writer's
/// destructor), so the handler has nothing left to do on a normal exit.
void silenceLibrary() {
    static std::once_flag once;
    std::call_once(once, [] {
        H5dont_atexit();
        H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    });
}

/// An object-creation property list whose objects carry no modification time.
Handle untimedCreationList(hid_t propertyClass) {
    Handle list(check(H5Pcreate(propertyClass), "H5Pcreate"), H5Pclose);
    check(H5Pset_obj_track_times(list.get(), 0), "H5Pset_obj_track_times");
    return list;
}

Handle stringType() {
    Handle type(check(H5Tcopy(H5T_C_S1), "H5Tcopy"), H5Tclose);
    check(H5Tset_size(type.get(), H5T_VARIABLE), "H5Tset_size");
    check(H5Tset_cset(type.get(), H5T_CSET_UTF8), "H5Tset_cset");
    return type;
}

Handle scalarSpace() {
    return {check(H5Screate(H5S_SCALAR), "H5Screate"), H5Sclose};
}

Handle openAttribute(hid_t object, const std::string& name, const std::string& where) {
    if (!hasAttribute(object, name)) {
        throw DatasetError(where + ": missing attribute '" + name + "'");
    }
    return {check(H5Aopen(object, name.c_str(), H5P_DEFAULT), where + ": attribute " + name),
            H5Aclose};
}

template <class T>
void writeScalarAttribute(hid_t object, const std::string& name, hid_t type, const T& value) {
    const Handle space = scalarSpace();
    const Handle attribute(
        check(H5Acreate2(object, name.c_str(), type, space.get(), H5P_DEFAULT, H5P_DEFAULT),
              "attribute " + name),
        H5Aclose);
    check(H5Awrite(attribute.get(), type, &value), "attribute " + name);
}

template <class T>
T readNumericAttribute(hid_t object, const std::string& name, hid_t type,
                       const std::string& where) {
    const Handle attribute = openAttribute(object, name, where);
    const Handle stored(check(H5Aget_type(attribute.get()), where), H5Tclose);
    const H5T_class_t kind = H5Tget_class(stored.get());
    if (kind != H5T_INTEGER && kind != H5T_FLOAT) {
        throw DatasetError(where + ": attribute '" + name + "' is not a number");
    }
    T value{};
    check(H5Aread(attribute.get(), type, &value), where + ": attribute " + name);
    return value;
}

} // namespace

Handle& Handle::operator=(Handle&& other) noexcept {
    if (this != &other) {
        reset();
        id_ = other.id_;
        close_ = other.close_;
        other.id_ = -1;
    }
    return *this;
}

bool Handle::reset() {
    bool ok = true;
    if (id_ >= 0 && close_ != nullptr) {
        ok = close_(id_) >= 0;
    }
    id_ = -1;
    return ok;
}

hid_t nativeType(Kind kind) {
    switch (kind) {
    case Kind::U8:
        return H5T_NATIVE_UINT8;
    case Kind::I32:
        return H5T_NATIVE_INT32;
    case Kind::I64:
        return H5T_NATIVE_INT64;
    case Kind::U64:
        return H5T_NATIVE_UINT64;
    case Kind::F64:
        return H5T_NATIVE_DOUBLE;
    }
    return H5T_NATIVE_DOUBLE;
}

size_t elementSize(Kind kind) {
    switch (kind) {
    case Kind::U8:
        return 1;
    case Kind::I32:
        return 4;
    case Kind::I64:
    case Kind::U64:
    case Kind::F64:
        return 8;
    }
    return 8;
}

hid_t check(hid_t status, const std::string& context) {
    if (status < 0) {
        throw DatasetError(context + ": " + errorStackText());
    }
    return status;
}

Handle createFile(const std::string& path) {
    silenceLibrary();
    const Handle fileCreation = untimedCreationList(H5P_FILE_CREATE);
    return {check(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, fileCreation.get(), H5P_DEFAULT),
                  "cannot create '" + path + "'"),
            H5Fclose};
}

Handle openFile(const std::string& path) {
    silenceLibrary();
    const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
    if (file < 0) {
        const std::string reason = errorStackText();
        throw DatasetError(path + ": not an HDF5 file, or unreadable (" + reason + ")");
    }
    return {file, H5Fclose};
}

void closeFile(Handle& file, const std::string& path) {
    if (file.valid()) {
        check(H5Fflush(file.get(), H5F_SCOPE_GLOBAL), "cannot write '" + path + "'");
        if (!file.reset()) {
            throw DatasetError("cannot write '" + path + "': " + errorStackText());
        }
    }
}

Handle createGroup(hid_t parent, const std::string& name) {
    const Handle groupCreation = untimedCreationList(H5P_GROUP_CREATE);
    return {check(H5Gcreate2(parent, name.c_str(), H5P_DEFAULT, groupCreation.get(), H5P_DEFAULT),
                  "group " + name),
            H5Gclose};
}

bool hasLink(hid_t parent, const std::string& name) {
    return H5Lexists(parent, name.c_str(), H5P_DEFAULT) > 0;
}

Handle openGroup(hid_t parent, const std::string& name, const std::string& where) {
    if (!hasLink(parent, name)) {
        throw DatasetError(where + ": missing group (is this a minkowski dataset?)");
    }
    return {check(H5Gopen2(parent, name.c_str(), H5P_DEFAULT), where), H5Gclose};
}

Handle createColumn(hid_t group, const std::string& name, Kind kind, int width, size_t chunkRows) {
    const int rank = width == 1 ? 1 : 2;
    const std::array<hsize_t, 2> dims{0, static_cast<hsize_t>(width)};
    const std::array<hsize_t, 2> maxDims{H5S_UNLIMITED, static_cast<hsize_t>(width)};
    const std::array<hsize_t, 2> chunk{static_cast<hsize_t>(chunkRows),
                                       static_cast<hsize_t>(width)};
    const Handle space(check(H5Screate_simple(rank, dims.data(), maxDims.data()), name), H5Sclose);
    const Handle creation = untimedCreationList(H5P_DATASET_CREATE);
    check(H5Pset_chunk(creation.get(), rank, chunk.data()), name + ": H5Pset_chunk");
    check(H5Pset_shuffle(creation.get()), name + ": H5Pset_shuffle");
    check(H5Pset_deflate(creation.get(), 4), name + ": H5Pset_deflate");
    return {check(H5Dcreate2(group, name.c_str(), nativeType(kind), space.get(), H5P_DEFAULT,
                             creation.get(), H5P_DEFAULT),
                  "column " + name),
            H5Dclose};
}

void appendRows(hid_t dataset, Kind kind, int width, const void* data, size_t rows, size_t at) {
    if (rows == 0) {
        return;
    }
    const int rank = width == 1 ? 1 : 2;
    const std::array<hsize_t, 2> size{static_cast<hsize_t>(at + rows), static_cast<hsize_t>(width)};
    check(H5Dset_extent(dataset, size.data()), "H5Dset_extent");
    const Handle file(check(H5Dget_space(dataset), "H5Dget_space"), H5Sclose);
    const std::array<hsize_t, 2> start{static_cast<hsize_t>(at), 0};
    const std::array<hsize_t, 2> count{static_cast<hsize_t>(rows), static_cast<hsize_t>(width)};
    check(H5Sselect_hyperslab(file.get(), H5S_SELECT_SET, start.data(), nullptr, count.data(),
                              nullptr),
          "H5Sselect_hyperslab");
    const Handle memory(check(H5Screate_simple(rank, count.data(), nullptr), "H5Screate_simple"),
                        H5Sclose);
    check(H5Dwrite(dataset, nativeType(kind), memory.get(), file.get(), H5P_DEFAULT, data),
          "H5Dwrite");
}

Handle openColumn(hid_t group, const std::string& name, const std::string& where) {
    if (!hasLink(group, name)) {
        throw DatasetError(where + ": missing column");
    }
    return {check(H5Dopen2(group, name.c_str(), H5P_DEFAULT), where), H5Dclose};
}

ColumnShape columnShape(hid_t dataset, const std::string& where) {
    const Handle space(check(H5Dget_space(dataset), where), H5Sclose);
    const int rank = check(H5Sget_simple_extent_ndims(space.get()), where);
    if (rank < 1 || rank > 2) {
        throw DatasetError(where + ": expected a 1-D or 2-D column, got rank " +
                           std::to_string(rank));
    }
    std::array<hsize_t, 2> dims{0, 1};
    check(H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr), where);
    return {static_cast<size_t>(dims[0]), rank == 2 ? static_cast<int>(dims[1]) : 1, rank};
}

void readColumn(hid_t dataset, Kind kind, void* out, const std::string& where) {
    const Handle stored(check(H5Dget_type(dataset), where), H5Tclose);
    const H5T_class_t type = H5Tget_class(stored.get());
    if (type != H5T_INTEGER && type != H5T_FLOAT) {
        throw DatasetError(where + ": expected numbers");
    }
    check(H5Dread(dataset, nativeType(kind), H5S_ALL, H5S_ALL, H5P_DEFAULT, out), where);
}

void writeStrings(hid_t group, const std::string& name, const std::vector<std::string>& values) {
    const Handle type = stringType();
    const hsize_t count = values.size();
    const Handle space(check(H5Screate_simple(1, &count, nullptr), name), H5Sclose);
    const Handle creation = untimedCreationList(H5P_DATASET_CREATE);
    const Handle dataset(check(H5Dcreate2(group, name.c_str(), type.get(), space.get(), H5P_DEFAULT,
                                          creation.get(), H5P_DEFAULT),
                               "column " + name),
                         H5Dclose);
    if (values.empty()) {
        return;
    }
    std::vector<const char*> pointers;
    pointers.reserve(values.size());
    for (const std::string& value : values) {
        pointers.push_back(value.c_str());
    }
    check(H5Dwrite(dataset.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, pointers.data()),
          "column " + name);
}

std::vector<std::string> readStrings(hid_t group, const std::string& name,
                                     const std::string& where) {
    const Handle dataset = openColumn(group, name, where);
    const ColumnShape shape = columnShape(dataset.get(), where);
    const Handle stored(check(H5Dget_type(dataset.get()), where), H5Tclose);
    if (H5Tget_class(stored.get()) != H5T_STRING || H5Tis_variable_str(stored.get()) <= 0 ||
        shape.rank != 1) {
        throw DatasetError(where + ": expected a 1-D column of variable-length strings");
    }
    std::vector<char*> pointers(shape.rows, nullptr);
    if (shape.rows == 0) {
        return {};
    }
    const Handle type = stringType();
    check(H5Dread(dataset.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, pointers.data()),
          where);
    std::vector<std::string> values;
    values.reserve(shape.rows);
    for (char* pointer : pointers) {
        values.emplace_back(pointer != nullptr ? pointer : "");
    }
    const Handle space(check(H5Dget_space(dataset.get()), where), H5Sclose);
#if H5_VERSION_GE(1, 12, 0)
    H5Treclaim(type.get(), space.get(), H5P_DEFAULT, pointers.data());
#else
    H5Dvlen_reclaim(type.get(), space.get(), H5P_DEFAULT, pointers.data());
#endif
    return values;
}

void writeAttribute(hid_t object, const std::string& name, const std::string& value) {
    const Handle type = stringType();
    const char* text = value.c_str();
    writeScalarAttribute(object, name, type.get(), text);
}

void writeAttribute(hid_t object, const std::string& name, std::int64_t value) {
    writeScalarAttribute(object, name, H5T_NATIVE_INT64, value);
}

void writeAttribute(hid_t object, const std::string& name, std::uint64_t value) {
    writeScalarAttribute(object, name, H5T_NATIVE_UINT64, value);
}

void writeAttribute(hid_t object, const std::string& name, double value) {
    writeScalarAttribute(object, name, H5T_NATIVE_DOUBLE, value);
}

bool hasAttribute(hid_t object, const std::string& name) {
    return H5Aexists(object, name.c_str()) > 0;
}

std::string readStringAttribute(hid_t object, const std::string& name, const std::string& where) {
    const Handle attribute = openAttribute(object, name, where);
    const Handle stored(check(H5Aget_type(attribute.get()), where), H5Tclose);
    if (H5Tget_class(stored.get()) != H5T_STRING) {
        throw DatasetError(where + ": attribute '" + name + "' is not a string");
    }
    if (H5Tis_variable_str(stored.get()) > 0) {
        const Handle type = stringType();
        char* text = nullptr;
        check(H5Aread(attribute.get(), type.get(), &text), where + ": attribute " + name);
        std::string value(text != nullptr ? text : "");
        H5free_memory(text);
        return value;
    }
    std::string value(H5Tget_size(stored.get()), '\0');
    check(H5Aread(attribute.get(), stored.get(), value.data()), where + ": attribute " + name);
    return value.substr(0, value.find('\0'));
}

std::int64_t readIntAttribute(hid_t object, const std::string& name, const std::string& where) {
    return readNumericAttribute<std::int64_t>(object, name, H5T_NATIVE_INT64, where);
}

std::uint64_t readUintAttribute(hid_t object, const std::string& name, const std::string& where) {
    return readNumericAttribute<std::uint64_t>(object, name, H5T_NATIVE_UINT64, where);
}

double readDoubleAttribute(hid_t object, const std::string& name, const std::string& where) {
    return readNumericAttribute<double>(object, name, H5T_NATIVE_DOUBLE, where);
}

} // namespace mk::dataset::h5
