/// \file test_assets.cpp
/// The checked-in meshes of assets/meshes are what make_assets writes, byte for byte, and are
/// usable everyday objects: convex, 100 to a few thousand hull vertices, YCB-like sizes.

#include "TestFiles.h"
#include "minkowski/scenes/Assets.h"
#include "minkowski/scenes/MeshLoader.h"

#include <gtest/gtest.h>

namespace mk::scenes {
namespace {

const std::filesystem::path kAssets = MK_ASSETS_DIR;

TEST(Assets, RegeneratingGivesTheCheckedInFilesByteForByte) {
    ASSERT_EQ(assetCatalog().size(), 10u);
    for (const AssetInfo& asset : assetCatalog()) {
        const std::filesystem::path file = kAssets / (std::string(asset.name) + ".obj");
        ASSERT_TRUE(std::filesystem::exists(file)) << file << ": run make_assets";
        EXPECT_TRUE(assetObj(asset.name) == test::readFile(file))
            << file << " differs from what make_assets writes: run make_assets and commit";
    }
}

TEST(Assets, WriteAssetsWritesEveryFile) {
    const test::ScratchFolder folder;
    const std::vector<std::filesystem::path> files = writeAssets(folder.path() / "meshes");
    ASSERT_EQ(files.size(), assetCatalog().size());
    EXPECT_EQ(test::readFile(files[0]), test::readFile(kAssets / files[0].filename()));
    EXPECT_THROW((void)assetObj("teapot"), std::invalid_argument);
}

TEST(Assets, AreConvexEverydayObjects) {
    std::uintmax_t bytes = 0;
    for (const AssetInfo& asset : assetCatalog()) {
        SCOPED_TRACE(std::string(asset.name));
        const std::filesystem::path file = kAssets / (std::string(asset.name) + ".obj");
        bytes += std::filesystem::file_size(file);
        const auto mesh = loadMesh(file);
        EXPECT_TRUE(mesh->convex);
        EXPECT_EQ(mesh->hull->vertices().size(), mesh->vertices.size()); // the file is a hull
        EXPECT_GE(mesh->hull->vertices().size(), 100u);
        EXPECT_LE(mesh->hull->vertices().size(), 4000u);
        Aabb box{mesh->vertices[0], mesh->vertices[0]};
        for (const Vec3& v : mesh->vertices) {
            box.min = box.min.cwiseMin(v);
            box.max = box.max.cwiseMax(v);
        }
        EXPECT_LT(box.center().norm(), 1e-6); // centred on the bounding box
        const Vec3 size = box.max - box.min;  // hand-held: 1.5 cm to 25 cm (metres, not mm)
        EXPECT_GT(size.minCoeff(), 0.015);
        EXPECT_LT(size.maxCoeff(), 0.25);
    }
    EXPECT_LT(bytes, 2u * 1024u * 1024u);
}

} // namespace
} // namespace mk::scenes
