#pragma once
/// \file TomlReader.h
/// Typed, key-path-aware access to a parsed TOML table: every read records the line of its key
/// (so that later validation errors can cite it), wrong types fail with the file, line and key,
/// and finish() rejects keys nobody read (typos).

#include "minkowski/narrowphase/Math.h"
#include "minkowski/scenes/SceneDesc.h" // name() of the enums, for readChoice

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <toml++/toml.h>
#include <vector>

namespace mk::scenes::detail {

/// The file being read: its name for messages and the line of every key path read so far.
struct TomlDocument {
    std::string source;
    std::map<std::string, int> lines;

    [[noreturn]] void fail(int line, const std::string& key, const std::string& message) const;
};

/// One TOML table being read.
class TomlTable {
public:
    TomlTable(const toml::table& table, std::string path, TomlDocument& document);

    [[nodiscard]] bool has(std::string_view key) const { return table_->contains(key); }
    /// "simulation.seconds", or just the key at the root.
    [[nodiscard]] std::string keyPath(std::string_view key) const;
    [[nodiscard]] const std::string& path() const { return path_; }
    [[nodiscard]] int line() const;

    /// Each read leaves `out` unchanged when the key is absent, and fails on a wrong type.
    void read(std::string_view key, double& out);
    void read(std::string_view key, std::optional<double>& out);
    void read(std::string_view key, int& out);
    void read(std::string_view key, std::int64_t& out);
    void read(std::string_view key, bool& out);
    void read(std::string_view key, std::string& out);
    void read(std::string_view key, Vec3& out);
    void read(std::string_view key, Eigen::Vector2d& out);
    void read(std::string_view key, std::vector<std::string>& out);
    void read(std::string_view key, std::vector<Vec3>& out);
    /// `[w, x, y, z]` (normalised when within 1e-3 of unit length) or `{axis = [x, y, z],
    /// degrees = a}`.
    void read(std::string_view key, Quat& out);

    /// A sub-table, when present. \throws when the key holds something else.
    std::optional<TomlTable> table(std::string_view key);
    /// An array of tables (`[[key]]`); empty when absent.
    std::vector<TomlTable> tables(std::string_view key);
    /// Every entry of this table, each of which must be a table (`[shapes.NAME]`).
    std::vector<std::pair<std::string, TomlTable>> namedTables();

    /// A string naming one of `count` values (`nameOf(i)` for i in [0, count)); index of the match.
    template <class Enum, class Names>
    void readChoice(std::string_view key, Enum& out, const Names& values) {
        std::string text;
        read(key, text);
        if (!has(key)) {
            return;
        }
        std::string valid;
        for (const auto& value : values) {
            if (name(value) == text) {
                out = value;
                return;
            }
            valid += (valid.empty() ? "" : ", ") + std::string(name(value));
        }
        fail(key, "unknown value '" + text + "' (valid: " + valid + ")");
    }

    /// Fails on keys that no read asked for, listing the ones that were asked for.
    void finish() const;
    [[noreturn]] void fail(std::string_view key, const std::string& message) const;

private:
    /// The node of `key` (null when absent); records its line and marks it read.
    const toml::node* take(std::string_view key);
    [[nodiscard]] int lineOf(const toml::node& node) const;

    const toml::table* table_;
    std::string path_;
    TomlDocument* document_;
    std::set<std::string, std::less<>> asked_;
};

} // namespace mk::scenes::detail
