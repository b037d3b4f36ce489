/// \file AtomicFile.cpp
/// Temporary file + rename.

#include "minkowski/bench/AtomicFile.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace mk::bench {

void writeFileAtomically(const std::string& path, const std::string& content) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    fs::path temporary = target;
    temporary += ".tmp." + std::to_string(::getpid());
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) {
            throw FileError("cannot write '" + path + "': " + std::strerror(errno));
        }
        out << content;
        out.flush();
        if (!out) {
            std::error_code ignored;
            fs::remove(temporary, ignored);
            throw FileError("cannot write '" + path + "': write failed");
        }
    }
    std::error_code error;
    fs::rename(temporary, target, error);
    if (error) {
        std::error_code ignored;
        fs::remove(temporary, ignored);
        throw FileError("cannot write '" + path + "': " + error.message());
    }
}

} // namespace mk::bench
