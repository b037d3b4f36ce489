#pragma once
/// \file Assets.h
/// The project's own everyday objects (assets/meshes/*.obj): convex hulls of point sets built from
/// simple parametric parts (solids of revolution, rounded boxes, swept tubes), sized like the YCB
/// objects of the GJK++ benchmarks (Calli et al. 2015; /work/shared/meshes/README.md lists theirs),
/// in metres, centred on their bounding box. Deterministic: no random numbers, coordinates on a
/// 1 micrometre grid, so regenerating gives byte-identical files (a test checks it).

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mk::scenes {

struct AssetInfo {
    std::string_view name;        ///< file stem: "tomato_soup_can"
    std::string_view description; ///< what it imitates and its size
};

/// Every asset, in file-name order.
std::span<const AssetInfo> assetCatalog();

/// The OBJ text of one asset: header comments, hull vertices (`v`, 6 decimals) and hull
/// triangles (`f`, counter-clockwise from outside).
/// \throws std::invalid_argument for an unknown name.
std::string assetObj(std::string_view name);

/// Writes `<folder>/<name>.obj` for every asset (creating the folder); returns the files.
std::vector<std::filesystem::path> writeAssets(const std::filesystem::path& folder);

} // namespace mk::scenes
