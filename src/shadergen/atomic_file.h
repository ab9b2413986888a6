#pragma once

// Writing a cache file so that a crash at any point (kill -9, a failed disk write) leaves either
// the old file or the new one under the name, never a mix: the bytes go to a temporary file of
// this process's own next to it, are flushed to the disk, and the temporary file is renamed over
// the old name (rename is atomic within a file system). The shader and pipeline disk caches use
// it; their checksums are the second line of defence against a partial file.

#include <cstdint>
#include <span>
#include <string>

namespace picavk::shadergen {

// True when `bytes` are in place under `path`. On failure the old file is left as it was and the
// temporary file is removed.
bool write_file_atomically(const std::string& path, std::span<const std::uint8_t> bytes);

} // namespace picavk::shadergen
