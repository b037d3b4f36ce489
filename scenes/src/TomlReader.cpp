/// \file TomlReader.cpp
/// Typed reads of TOML values with file, line and key in every error.

#include "TomlReader.h"

#include "minkowski/scenes/SceneFile.h"

#include <cmath>
#include <limits>
#include <numbers>

namespace mk::scenes::detail {
namespace {

/// The number held by an integer or float node.
std::optional<double> numberOf(const toml::node& node) {
    if (const auto* f = node.as_floating_point()) {
        return f->get();
    }
    if (const auto* i = node.as_integer()) {
        return static_cast<double>(i->get());
    }
    return std::nullopt;
}

/// The numbers of an array of exactly `n` numbers.
std::optional<std::vector<double>> numbersOf(const toml::node& node, size_t n) {
    const auto* array = node.as_array();
    if (array == nullptr || array->size() != n) {
        return std::nullopt;
    }
    std::vector<double> values;
    for (size_t i = 0; i < n; ++i) {
        const std::optional<double> value = numberOf((*array)[i]);
        if (!value) {
            return std::nullopt;
        }
        values.push_back(*value);
    }
    return values;
}

std::string typeName(const toml::node& node) {
    switch (node.type()) {
    case toml::node_type::table:
        return "a table";
    case toml::node_type::array:
        return "an array";
    case toml::node_type::string:
        return "a string";
    case toml::node_type::integer:
        return "an integer";
    case toml::node_type::floating_point:
        return "a number";
    case toml::node_type::boolean:
        return "a boolean";
    default:
        return "a date or time";
    }
}

} // namespace

void TomlDocument::fail(int line, const std::string& key, const std::string& message) const {
    throw SceneError(source, line, key, message);
}

TomlTable::TomlTable(const toml::table& table, std::string path, TomlDocument& document)
    : table_(&table), path_(std::move(path)), document_(&document) {
    if (!path_.empty()) {
        document_->lines.emplace(path_, lineOf(table));
    }
}

std::string TomlTable::keyPath(std::string_view key) const {
    return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
}

int TomlTable::line() const {
    return lineOf(*table_);
}

int TomlTable::lineOf(const toml::node& node) const {
    return static_cast<int>(node.source().begin.line);
}

const toml::node* TomlTable::take(std::string_view key) {
    asked_.emplace(key);
    const toml::node* node = table_->get(key);
    if (node != nullptr) {
        document_->lines[keyPath(key)] = lineOf(*node);
    }
    return node;
}

void TomlTable::fail(std::string_view key, const std::string& message) const {
    const std::string path = keyPath(key);
    const toml::node* node = table_->get(key);
    document_->fail(node != nullptr ? lineOf(*node) : line(), path, message);
}

void TomlTable::read(std::string_view key, double& out) {
    if (const toml::node* node = take(key)) {
        const std::optional<double> value = numberOf(*node);
        if (!value) {
            fail(key, "expected a number, got " + typeName(*node));
        }
        out = *value;
    }
}

void TomlTable::read(std::string_view key, std::optional<double>& out) {
    if (has(key)) {
        double value = 0.0;
        read(key, value);
        out = value;
    } else {
        take(key);
    }
}

void TomlTable::read(std::string_view key, std::int64_t& out) {
    if (const toml::node* node = take(key)) {
        const auto* i = node->as_integer();
        if (i == nullptr) {
            fail(key, "expected an integer, got " + typeName(*node));
        }
        out = i->get();
    }
}

void TomlTable::read(std::string_view key, int& out) {
    std::int64_t value = out;
    read(key, value);
    if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max()) {
        fail(key, "integer " + std::to_string(value) + " out of range");
    }
    out = static_cast<int>(value);
}

void TomlTable::read(std::string_view key, bool& out) {
    if (const toml::node* node = take(key)) {
        const auto* b = node->as_boolean();
        if (b == nullptr) {
            fail(key, "expected true or false, got " + typeName(*node));
        }
        out = b->get();
    }
}

void TomlTable::read(std::string_view key, std::string& out) {
    if (const toml::node* node = take(key)) {
        const auto* s = node->as_string();
        if (s == nullptr) {
            fail(key, "expected a string, got " + typeName(*node));
        }
        out = s->get();
    }
}

void TomlTable::read(std::string_view key, Vec3& out) {
    if (const toml::node* node = take(key)) {
        const std::optional<std::vector<double>> v = numbersOf(*node, 3);
        if (!v) {
            fail(key, "expected an array of 3 numbers [x, y, z]");
        }
        out = {(*v)[0], (*v)[1], (*v)[2]};
    }
}

void TomlTable::read(std::string_view key, Eigen::Vector2d& out) {
    if (const toml::node* node = take(key)) {
        const std::optional<std::vector<double>> v = numbersOf(*node, 2);
        if (!v) {
            fail(key, "expected an array of 2 numbers [x, y]");
        }
        out = {(*v)[0], (*v)[1]};
    }
}

void TomlTable::read(std::string_view key, std::vector<std::string>& out) {
    if (const toml::node* node = take(key)) {
        const auto* array = node->as_array();
        std::vector<std::string> values;
        for (size_t i = 0; array != nullptr && i < array->size(); ++i) {
            const auto* s = (*array)[i].as_string();
            if (s == nullptr) {
                array = nullptr;
                break;
            }
            values.push_back(s->get());
        }
        if (array == nullptr) {
            fail(key, "expected an array of strings");
        }
        out = std::move(values);
    }
}

void TomlTable::read(std::string_view key, std::vector<Vec3>& out) {
    if (const toml::node* node = take(key)) {
        const auto* array = node->as_array();
        std::vector<Vec3> points;
        for (size_t i = 0; array != nullptr && i < array->size(); ++i) {
            const std::optional<std::vector<double>> v = numbersOf((*array)[i], 3);
            if (!v) {
                fail(key, "point " + std::to_string(i) +
                              ": expected an array of points [[x, y, z], ...]");
            }
            points.emplace_back((*v)[0], (*v)[1], (*v)[2]);
        }
        if (array == nullptr) {
            fail(key, "expected an array of points [[x, y, z], ...]");
        }
        out = std::move(points);
    }
}

void TomlTable::read(std::string_view key, Quat& out) {
    const toml::node* node = take(key);
    if (node == nullptr) {
        return;
    }
    if (const auto* table = node->as_table()) {
        TomlTable axisAngle(*table, keyPath(key), *document_);
        Vec3 axis = Vec3::Zero();
        double degrees = 0.0;
        axisAngle.read("axis", axis);
        axisAngle.read("degrees", degrees);
        axisAngle.finish();
        if (!axisAngle.has("axis") || !(axis.norm() > 0.0) || !axis.allFinite() ||
            !std::isfinite(degrees)) {
            fail(key, "expected {axis = [x, y, z] (non-zero), degrees = a}");
        }
        out = Quat(Eigen::AngleAxisd(degrees * std::numbers::pi / 180.0, axis.normalized()));
        return;
    }
    const std::optional<std::vector<double>> wxyz = numbersOf(*node, 4);
    const double norm =
        wxyz ? Eigen::Vector4d((*wxyz)[0], (*wxyz)[1], (*wxyz)[2], (*wxyz)[3]).norm() : 0.0;
    if (!wxyz || !std::isfinite(norm) || std::abs(norm - 1.0) > 1e-3) {
        fail(key, "expected a unit quaternion [w, x, y, z] or {axis = [x, y, z], degrees = a}");
    }
    out = Quat((*wxyz)[0], (*wxyz)[1], (*wxyz)[2], (*wxyz)[3]);
    if (std::abs(norm - 1.0) > 1e-12) { // exact values are kept: files round-trip bit for bit
        out.normalize();
    }
}

std::optional<TomlTable> TomlTable::table(std::string_view key) {
    const toml::node* node = take(key);
    if (node == nullptr) {
        return std::nullopt;
    }
    const auto* table = node->as_table();
    if (table == nullptr) {
        fail(key, "expected a table, got " + typeName(*node));
    }
    return TomlTable(*table, keyPath(key), *document_);
}

std::vector<TomlTable> TomlTable::tables(std::string_view key) {
    const toml::node* node = take(key);
    std::vector<TomlTable> result;
    if (node == nullptr) {
        return result;
    }
    const auto* array = node->as_array();
    if (array == nullptr) {
        fail(key,
             "expected an array of tables ([[" + std::string(key) + "]]), got " + typeName(*node));
    }
    for (size_t i = 0; i < array->size(); ++i) {
        const std::string path = keyPath(key) + "[" + std::to_string(i) + "]";
        const auto* table = (*array)[i].as_table();
        if (table == nullptr) {
            document_->fail(lineOf((*array)[i]), path, "expected a table");
        }
        result.emplace_back(*table, path, *document_);
    }
    return result;
}

std::vector<std::pair<std::string, TomlTable>> TomlTable::namedTables() {
    std::vector<std::pair<std::string, TomlTable>> result;
    for (const auto& [key, node] : *table_) {
        const std::string name(key.str());
        take(name);
        const auto* table = node.as_table();
        if (table == nullptr) {
            fail(name, "expected a table ([" + keyPath(name) + "]), got " + typeName(node));
        }
        result.emplace_back(name, TomlTable(*table, keyPath(name), *document_));
    }
    return result;
}

void TomlTable::finish() const {
    for (const auto& [key, node] : *table_) {
        if (asked_.find(key.str()) != asked_.end()) {
            continue;
        }
        std::string valid;
        for (const std::string& k : asked_) {
            valid += (valid.empty() ? "" : ", ") + k;
        }
        document_->fail(lineOf(node), keyPath(key.str()),
                        "unknown key" +
                            (valid.empty() ? std::string() : " (valid: " + valid + ")"));
    }
}

} // namespace mk::scenes::detail
