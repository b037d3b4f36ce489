/// \file make_assets.cpp
/// Writes the project's everyday-object meshes: `make_assets [FOLDER]` (default assets/meshes of
/// the source tree). The files are checked in; tests/scenes checks that this program would write
/// them byte for byte.

#include "minkowski/narrowphase/ConvexMesh.h"
#include "minkowski/scenes/Assets.h"

#include <exception>
#include <filesystem>
#include <iostream>

int main(int argc, char** argv) {
    if (argc > 2 ||
        (argc == 2 && (std::string(argv[1]) == "-h" || std::string(argv[1]) == "--help"))) {
        std::cerr << "usage: make_assets [FOLDER]   (default: " MK_ASSETS_DIR ")\n";
        return argc > 2 ? 2 : 0;
    }
    try {
        const std::filesystem::path folder = argc == 2 ? argv[1] : MK_ASSETS_DIR;
        for (const std::filesystem::path& file : mk::scenes::writeAssets(folder)) {
            const auto hull = mk::ConvexMesh::fromObjFile(file.string());
            std::cout << file.string() << ": " << hull->vertices().size() << " hull vertices, "
                      << std::filesystem::file_size(file) << " bytes\n";
        }
    } catch (const std::exception& error) {
        std::cerr << "make_assets: error: " << error.what() << "\n";
        return 1;
    }
    return 0;
}
