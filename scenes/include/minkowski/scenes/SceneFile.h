#pragma once
/// \file SceneFile.h
/// Scene files: TOML, read with toml++ and written by us (docs/scene-format.md has the schema).
///
/// Every error names the file, the line and the key:
///   `funnel.toml:12: bodies[3].shape: unknown shape 'cann' (defined: can, box)`.

#include "minkowski/scenes/SceneDesc.h"

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace mk::scenes {

/// A scene that cannot be read, or that says something invalid. what() is
/// "<source>:<line>: <key>: <message>", without the parts that are unknown (line 0, empty key).
class SceneError : public std::runtime_error {
public:
    SceneError(std::string source, int line, std::string key, const std::string& message);

    [[nodiscard]] const std::string& source() const { return source_; }
    [[nodiscard]] int line() const { return line_; } ///< 1-based; 0 when unknown
    [[nodiscard]] const std::string& key() const { return key_; }
    [[nodiscard]] const std::string& message() const { return message_; }

private:
    std::string source_;
    int line_;
    std::string key_;
    std::string message_;
};

/// A SceneError about `key` of `scene`, with the key's line when the scene came from a file.
[[nodiscard]] SceneError sceneError(const SceneDesc& scene, const std::string& key,
                                    const std::string& message);

/// Reads and validates a scene file. Mesh paths are relative to the file's folder.
/// \throws SceneError when the file is missing, unreadable, not TOML, or invalid.
SceneDesc readSceneFile(const std::filesystem::path& path);

/// Parses and validates scene text. `source` names it in messages; relative mesh paths start
/// from `baseDirectory`.
/// \throws SceneError naming `source`, the line and the key.
SceneDesc parseScene(std::string_view text, const std::string& source,
                     const std::filesystem::path& baseDirectory);

/// The scene as TOML that parseScene() reads back equal (doubles in shortest round-trip form).
/// Mesh paths are written as they are.
[[nodiscard]] std::string formatScene(const SceneDesc& scene);

/// Writes formatScene() to `path`, with relative mesh paths rewritten relative to the new file's
/// folder so that they still name the same files.
/// \throws SceneError when the file cannot be written.
void writeSceneFile(const SceneDesc& scene, const std::filesystem::path& path);

/// The key table (markdown: key, type, default, meaning) of one section of a scene file:
/// "simulation", "contact", "pgs", "funnel", "materials", "bodies" or "generators"; or, with a
/// first column naming the shape type or placement, "shapes" or "placements".
/// docs/scene-format.md holds them verbatim (tests/scenes/test_settings_fields.cpp and
/// test_scene_fields.cpp check it).
/// \throws std::invalid_argument for another name.
[[nodiscard]] std::string settingsReference(std::string_view section);

/// Checks everything a scene says (ranges, references between sections, counts).
/// \throws SceneError naming scene.source, the key and its line (when read from a file).
void validateScene(const SceneDesc& scene);

} // namespace mk::scenes
