#pragma once
/// \file Table.h
/// Column-wise tables of rows: a list of fields (one HDF5 column each, described by a pointer to
/// the row's member), a writer that buffers rows and writes whole chunks, and a reader.
///
/// The writer issues the same HDF5 calls for the same rows however they were batched by the
/// caller (it writes exactly one chunk at a time), which keeps files byte-identical across thread
/// counts and between a streamed and a one-go recording.

#include "Hdf5.h"
#include "minkowski/dataset/Records.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace mk::dataset {

/// One column of a table of `Row`s.
template <class Row> struct Field {
    const char* name;
    h5::Kind kind;
    int width; ///< values per row
    void (*store)(const Row&, unsigned char* out);
    void (*load)(Row&, const unsigned char* in);
    const char* description; ///< the column's `description` attribute
    /// Enumerations: the names of the values 0, 1, ... comma-separated (the column's `names`
    /// attribute); empty otherwise.
    std::string names{};
};

namespace field {

template <class T> constexpr h5::Kind kindOf() {
    if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, std::uint8_t>) {
        return h5::Kind::U8;
    } else if constexpr (std::is_same_v<T, std::int32_t>) {
        return h5::Kind::I32;
    } else if constexpr (std::is_same_v<T, std::int64_t>) {
        return h5::Kind::I64;
    } else if constexpr (std::is_same_v<T, std::uint64_t>) {
        return h5::Kind::U64;
    } else {
        static_assert(std::is_same_v<T, double>, "unsupported column type");
        return h5::Kind::F64;
    }
}

/// The row and member types of a pointer to member.
template <class> struct MemberOf;
template <class R, class T> struct MemberOf<T R::*> {
    using Row = R;
    using Type = T;
};
template <auto Member> using RowOf = typename MemberOf<decltype(Member)>::Row;
template <auto Member> using TypeOf = typename MemberOf<decltype(Member)>::Type;

/// A scalar member (bool is stored as uint8).
template <auto Member>
Field<RowOf<Member>> scalar(const char* name, const char* description, std::string names = {}) {
    using Row = RowOf<Member>;
    using T = TypeOf<Member>;
    return {name,
            kindOf<T>(),
            1,
            [](const Row& row, unsigned char* out) {
                if constexpr (std::is_same_v<T, bool>) {
                    *out = row.*Member ? 1 : 0;
                } else {
                    std::memcpy(out, &(row.*Member), sizeof(T));
                }
            },
            [](Row& row, const unsigned char* in) {
                if constexpr (std::is_same_v<T, bool>) {
                    row.*Member = *in != 0;
                } else {
                    std::memcpy(&(row.*Member), in, sizeof(T));
                }
            },
            description,
            std::move(names)};
}

/// A Vec3 member: 3 doubles.
template <auto Member> Field<RowOf<Member>> vec3(const char* name, const char* description) {
    using Row = RowOf<Member>;
    return {name,
            h5::Kind::F64,
            3,
            [](const Row& row, unsigned char* out) {
                const Vec3& v = row.*Member;
                const double values[3] = {v.x(), v.y(), v.z()};
                std::memcpy(out, values, sizeof(values));
            },
            [](Row& row, const unsigned char* in) {
                double values[3];
                std::memcpy(values, in, sizeof(values));
                row.*Member = Vec3(values[0], values[1], values[2]);
            },
            description};
}

/// A std::array<int, 3> member: 3 int32.
template <auto Member> Field<RowOf<Member>> ints3(const char* name, const char* description) {
    using Row = RowOf<Member>;
    static_assert(std::is_same_v<TypeOf<Member>, std::array<std::int32_t, 3>>);
    return {name,
            h5::Kind::I32,
            3,
            [](const Row& row, unsigned char* out) {
                std::memcpy(out, (row.*Member).data(), 3 * sizeof(std::int32_t));
            },
            [](Row& row, const unsigned char* in) {
                std::memcpy((row.*Member).data(), in, 3 * sizeof(std::int32_t));
            },
            description};
}

/// A Pose member: 7 doubles (qw, qx, qy, qz, tx, ty, tz).
template <auto Member> Field<RowOf<Member>> pose(const char* name, const char* description) {
    using Row = RowOf<Member>;
    return {name,
            h5::Kind::F64,
            7,
            [](const Row& row, unsigned char* out) {
                const Pose& p = row.*Member;
                const double values[7] = {p.rotation.w(),   p.rotation.x(),    p.rotation.y(),
                                          p.rotation.z(),   p.translation.x(), p.translation.y(),
                                          p.translation.z()};
                std::memcpy(out, values, sizeof(values));
            },
            [](Row& row, const unsigned char* in) {
                double v[7];
                std::memcpy(v, in, sizeof(v));
                row.*Member = Pose(Quat(v[0], v[1], v[2], v[3]), Vec3(v[4], v[5], v[6]));
            },
            description};
}

} // namespace field

/// Rows of one group, buffered column by column and written one chunk at a time.
template <class Row> class TableWriter {
public:
    TableWriter(hid_t group, std::span<const Field<Row>> fields, size_t chunkRows)
        : fields_(fields), chunkRows_(chunkRows) {
        for (const Field<Row>& f : fields_) {
            columns_.push_back(h5::createColumn(group, f.name, f.kind, f.width, chunkRows));
            h5::writeAttribute(columns_.back().get(), "description", std::string(f.description));
            if (!f.names.empty()) {
                h5::writeAttribute(columns_.back().get(), "names", f.names);
            }
            buffers_.emplace_back();
            buffers_.back().reserve(chunkRows * h5::elementSize(f.kind) * size_t(f.width));
        }
    }

    void append(const Row& row) {
        for (size_t c = 0; c < fields_.size(); ++c) {
            const Field<Row>& f = fields_[c];
            std::vector<unsigned char>& buffer = buffers_[c];
            const size_t size = h5::elementSize(f.kind) * size_t(f.width);
            buffer.resize(buffer.size() + size);
            f.store(row, buffer.data() + buffer.size() - size);
        }
        if (++pending_ == chunkRows_) {
            flush();
        }
    }

    /// Writes the buffered rows (the last, partial chunk).
    void flush() {
        for (size_t c = 0; c < fields_.size(); ++c) {
            h5::appendRows(columns_[c].get(), fields_[c].kind, fields_[c].width, buffers_[c].data(),
                           pending_, written_);
            buffers_[c].clear();
        }
        written_ += pending_;
        pending_ = 0;
    }

    /// Rows appended so far.
    [[nodiscard]] size_t rows() const { return written_ + pending_; }
    /// The dataset of field `index` (to attach attributes).
    [[nodiscard]] hid_t column(size_t index) const { return columns_[index].get(); }

private:
    std::span<const Field<Row>> fields_;
    size_t chunkRows_;
    std::vector<h5::Handle> columns_;
    std::vector<std::vector<unsigned char>> buffers_;
    size_t pending_ = 0;
    size_t written_ = 0;
};

/// Reads every field of a table; `where` names the group in messages ("run.h5: /problems").
/// \throws DatasetError on a missing column, a wrong width or columns of different lengths.
template <class Row>
std::vector<Row> readTable(hid_t group, std::span<const Field<Row>> fields,
                           const std::string& where) {
    std::vector<Row> rows;
    bool sized = false;
    for (const Field<Row>& f : fields) {
        const std::string column = where + "/" + f.name;
        const h5::Handle dataset = h5::openColumn(group, f.name, column);
        const h5::ColumnShape shape = h5::columnShape(dataset.get(), column);
        if (shape.width != f.width || (f.width > 1 && shape.rank != 2)) {
            throw DatasetError(column + ": expected " + std::to_string(f.width) +
                               " values per row, got " + std::to_string(shape.width));
        }
        if (!sized) {
            rows.resize(shape.rows);
            sized = true;
        } else if (shape.rows != rows.size()) {
            throw DatasetError(column + ": " + std::to_string(shape.rows) + " rows, but " + where +
                               "/" + fields[0].name + " has " + std::to_string(rows.size()));
        }
        const size_t size = h5::elementSize(f.kind) * size_t(f.width);
        std::vector<unsigned char> data(rows.size() * size);
        if (!rows.empty()) {
            h5::readColumn(dataset.get(), f.kind, data.data(), column);
        }
        for (size_t r = 0; r < rows.size(); ++r) {
            f.load(rows[r], data.data() + r * size);
        }
    }
    return rows;
}

} // namespace mk::dataset
