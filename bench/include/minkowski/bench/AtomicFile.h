#pragma once
/// \file AtomicFile.h
/// Writes a whole file at once: into a temporary file in the same folder, then renamed over the
/// destination, so a reader never sees a half-written file and a failed run leaves the old one.

#include <stdexcept>
#include <string>

namespace mk::bench {

/// An input or output file could not be read or written; the message names the file.
class FileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Replaces `path` by `content` atomically (temporary file + rename).
/// \throws FileError naming `path` when the folder is not writable or the rename fails.
void writeFileAtomically(const std::string& path, const std::string& content);

} // namespace mk::bench
