#pragma once
/// \file MeshDirs.h
/// Where the tests find real meshes: the repository's assets and the shared YCB hulls.

#include <cstdlib>
#include <filesystem>

namespace mk::test {

/// The YCB meshes folder: $MK_YCB_DIR, else ../shared/meshes/ycb next to the repository.
/// Needs MK_TEST_DATA_DIR (the tests' data folder, tests/data).
inline std::filesystem::path ycbDir() {
    if (const char* env = std::getenv("MK_YCB_DIR"); env != nullptr && *env != '\0') {
        return env;
    }
    // Lexical: tests/data need not exist for the ".." to resolve.
    return std::filesystem::path(MK_TEST_DATA_DIR "/../../../shared/meshes/ycb").lexically_normal();
}

/// The repository's everyday-object meshes (assets/meshes).
inline std::filesystem::path assetMeshDir() {
    return std::filesystem::path(MK_TEST_DATA_DIR "/../../assets/meshes").lexically_normal();
}

} // namespace mk::test
