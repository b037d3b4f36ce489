/// \file test_errors.cpp
/// Missing, foreign, truncated and damaged files give errors that name the file and what is
/// wrong (the column, the row), never a crash.

#include "DatasetTestUtil.h"
#include "Hdf5.h"
#include "minkowski/dataset/Reader.h"

namespace mk::dataset::test {
namespace {

class Errors : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new TempDir();
        recordTiny(dir_->file("good.h5"), 1, {}, 1);
    }
    static void TearDownTestSuite() { delete dir_; }

    /// A copy of the good file, opened read-write for damage.
    static h5::Handle damagedCopy(const std::string& name) {
        const std::string path = dir_->file(name);
        std::filesystem::copy_file(dir_->file("good.h5"), path,
                                   std::filesystem::copy_options::overwrite_existing);
        return {h5::check(H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), path), H5Fclose};
    }
    static std::string file(const std::string& name) { return dir_->file(name); }

    static TempDir* dir_;
};
TempDir* Errors::dir_ = nullptr;

void expectError(const std::string& path, const std::string& message) {
    try {
        (void)readDataset(path);
        FAIL() << "read " << path;
    } catch (const DatasetError& e) {
        EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
}

TEST_F(Errors, MissingFileOrFolder) {
    expectError(file("nope.h5"), "no such file");
    expectError(dir_->path().string(), "is a folder");
}

TEST_F(Errors, NotHdf5) {
    std::ofstream(file("text.h5")) << "trajectory,step\n0,0\n";
    expectError(file("text.h5"), "not an HDF5 file");
}

TEST_F(Errors, TruncatedFile) {
    const std::string bytes = fileBytes(file("good.h5"));
    std::ofstream(file("truncated.h5"), std::ios::binary) << bytes.substr(0, bytes.size() / 2);
    EXPECT_THROW((void)readDataset(file("truncated.h5")), DatasetError);
}

TEST_F(Errors, Hdf5ButNotADataset) {
    {
        h5::Handle f = h5::createFile(file("empty.h5"));
        h5::closeFile(f, file("empty.h5"));
    }
    expectError(file("empty.h5"), "/meta: missing group (is this a minkowski dataset?)");
}

TEST_F(Errors, MissingColumn) {
    {
        h5::Handle f = damagedCopy("no_pose.h5");
        h5::check(H5Ldelete(f.get(), "problems/pose_a", H5P_DEFAULT), "delete");
    }
    expectError(file("no_pose.h5"), "/problems/pose_a: missing column");
}

TEST_F(Errors, WrongColumnWidth) {
    {
        h5::Handle f = damagedCopy("narrow.h5");
        h5::check(H5Ldelete(f.get(), "problems/pose_a", H5P_DEFAULT), "delete");
        h5::Handle group(h5::check(H5Gopen2(f.get(), "problems", H5P_DEFAULT), "g"), H5Gclose);
        (void)h5::createColumn(group.get(), "pose_a", h5::Kind::F64, 3, 16);
    }
    expectError(file("narrow.h5"), "/problems/pose_a: expected 7 values per row, got 3");
}

TEST_F(Errors, ShapeIdOutOfRange) {
    {
        h5::Handle f = damagedCopy("bad_shape.h5");
        h5::Handle column(h5::check(H5Dopen2(f.get(), "problems/shape_a", H5P_DEFAULT), "d"),
                          H5Dclose);
        const std::int32_t bad = 99;
        const hsize_t start = 0;
        const hsize_t count = 1;
        h5::Handle space(h5::check(H5Dget_space(column.get()), "s"), H5Sclose);
        H5Sselect_hyperslab(space.get(), H5S_SELECT_SET, &start, nullptr, &count, nullptr);
        h5::Handle memory(h5::check(H5Screate_simple(1, &count, nullptr), "m"), H5Sclose);
        h5::check(
            H5Dwrite(column.get(), H5T_NATIVE_INT32, memory.get(), space.get(), H5P_DEFAULT, &bad),
            "write");
    }
    expectError(file("bad_shape.h5"), "/problems/shape_a row 0: shape 99 out of range");
}

TEST_F(Errors, NewerSchema) {
    {
        h5::Handle f = damagedCopy("future.h5");
        h5::Handle meta(h5::check(H5Gopen2(f.get(), "meta", H5P_DEFAULT), "g"), H5Gclose);
        h5::check(H5Adelete(meta.get(), "schema_version"), "delete");
        h5::writeAttribute(meta.get(), "schema_version", std::int64_t{99});
    }
    expectError(file("future.h5"), "schema version 99 (this program reads 1 to 2)");
}

TEST_F(Errors, IndexThatDoesNotAddUp) {
    {
        h5::Handle f = damagedCopy("index.h5");
        h5::check(H5Ldelete(f.get(), "problems/trajectory", H5P_DEFAULT), "delete");
        h5::Handle group(h5::check(H5Gopen2(f.get(), "problems", H5P_DEFAULT), "g"), H5Gclose);
        const h5::Handle column = h5::createColumn(group.get(), "trajectory", h5::Kind::I32, 1, 16);
        const std::int32_t zero = 0;
        h5::appendRows(column.get(), h5::Kind::I32, 1, &zero, 1, 0);
    }
    expectError(file("index.h5"), "rows, but " + file("index.h5") + ": /problems/trajectory has 1");
}

} // namespace
} // namespace mk::dataset::test
