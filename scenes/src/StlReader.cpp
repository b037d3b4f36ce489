/// \file StlReader.cpp
/// STL, binary and ASCII. A file whose size is exactly 84 + 50 n bytes for the triangle count n of
/// its header is binary (some binary files start with "solid" too); otherwise it must be ASCII.

#include "MeshReaders.h"
#include "minkowski/scenes/MeshLoader.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <sstream>

namespace mk::scenes::detail {
namespace {

/// Merges equal vertices while building the triangles.
class VertexIndex {
public:
    int operator()(const Vec3& v) {
        const auto [it, inserted] =
            index_.try_emplace({v.x(), v.y(), v.z()}, static_cast<int>(mesh_.vertices.size()));
        if (inserted) {
            mesh_.vertices.push_back(v);
        }
        return it->second;
    }
    void triangle(const std::array<Vec3, 3>& corners) {
        mesh_.triangles.push_back({(*this)(corners[0]), (*this)(corners[1]), (*this)(corners[2])});
    }
    RawMesh take() { return std::move(mesh_); }

private:
    RawMesh mesh_;
    std::map<std::array<double, 3>, int> index_;
};

float readFloat(const char* bytes) {
    std::uint32_t bits = 0;
    for (int i = 3; i >= 0; --i) { // little-endian
        bits = (bits << 8) | static_cast<unsigned char>(bytes[i]);
    }
    float value = 0.0F;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

RawMesh readBinary(const std::string& file, const std::string& bytes, std::uint32_t count) {
    VertexIndex index;
    for (std::uint32_t t = 0; t < count; ++t) {
        const char* record = bytes.data() + 84 + 50 * static_cast<size_t>(t);
        std::array<Vec3, 3> corners;
        for (int c = 0; c < 3; ++c) {
            const char* p = record + 12 + 12 * c; // after the normal
            corners[c] = Vec3(readFloat(p), readFloat(p + 4), readFloat(p + 8));
            if (!corners[c].allFinite()) {
                throw MeshError(file, 0,
                                "triangle " + std::to_string(t) + ": non-finite vertex coordinate");
            }
        }
        index.triangle(corners);
    }
    return index.take();
}

/// Reads `facet normal ... outer loop, vertex x3, endloop, endfacet` blocks.
class AsciiStl {
public:
    AsciiStl(const std::string& file, const std::string& text) : file_(file), in_(text) {}

    RawMesh read() {
        if (next() != "solid") {
            fail("expected 'solid' (ASCII STL) or a binary STL of 84 + 50 n bytes");
        }
        std::getline(words_, word_); // the solid's name
        while (true) {
            const std::string w = next();
            if (w == "endsolid" || (w.empty() && atEnd_)) {
                break;
            }
            if (w != "facet") {
                fail("expected 'facet' or 'endsolid', got '" + w + "'");
            }
            facet();
        }
        return index_.take();
    }

private:
    void facet() {
        expect("normal");
        for (int i = 0; i < 3; ++i) {
            number();
        }
        expect("outer");
        expect("loop");
        std::array<Vec3, 3> corners;
        for (Vec3& corner : corners) {
            expect("vertex");
            corner = Vec3(number(), number(), number());
        }
        const std::string w = next();
        if (w == "vertex") {
            fail("a facet with more than 3 vertices");
        }
        if (w != "endloop") {
            fail("expected 'endloop', got '" + w + "'");
        }
        expect("endfacet");
        index_.triangle(corners);
    }

    /// The next word, reading new lines as needed; empty at the end of the file.
    std::string next() {
        while (!(words_ >> word_)) {
            std::string line;
            if (!std::getline(in_, line)) {
                atEnd_ = true;
                return {};
            }
            ++line_;
            words_.clear();
            words_.str(line);
        }
        return word_;
    }
    void expect(const std::string& keyword) {
        const std::string w = next();
        if (w != keyword) {
            fail("expected '" + keyword + "', got '" + (w.empty() ? "end of file" : w) + "'");
        }
    }
    double number() {
        const std::string w = next();
        double value = 0.0;
        if (!parseFinite(w, value)) {
            fail("bad number '" + w + "'");
        }
        return value;
    }
    [[noreturn]] void fail(const std::string& message) const {
        throw MeshError(file_, line_, message);
    }

    const std::string& file_;
    std::istringstream in_;
    std::istringstream words_;
    std::string word_;
    int line_ = 0;
    bool atEnd_ = false;
    VertexIndex index_;
};

} // namespace

RawMesh readStl(const std::string& file) {
    const std::string bytes = readWholeFile(file);
    if (bytes.size() >= 84) {
        std::uint32_t count = 0;
        for (int i = 83; i >= 80; --i) {
            count = (count << 8) | static_cast<unsigned char>(bytes[static_cast<size_t>(i)]);
        }
        if (bytes.size() == 84 + 50 * static_cast<std::uint64_t>(count)) {
            if (count == 0) {
                throw MeshError(file, 0, "binary STL without triangles");
            }
            return readBinary(file, bytes, count);
        }
    }
    const size_t start = bytes.find_first_not_of(" \t\r\n");
    if (start == std::string::npos || bytes.compare(start, 5, "solid") != 0) {
        if (bytes.size() >= 84) {
            throw MeshError(file, 0,
                            "not an ASCII STL, and a binary STL of " +
                                std::to_string(bytes.size()) +
                                " bytes does not match its header's triangle count "
                                "(truncated?)");
        }
        throw MeshError(file, 0, "neither an ASCII STL nor a binary STL (too short)");
    }
    RawMesh mesh = AsciiStl(file, bytes).read();
    if (mesh.triangles.empty()) {
        throw MeshError(file, 0, "ASCII STL without facets");
    }
    return mesh;
}

} // namespace mk::scenes::detail
