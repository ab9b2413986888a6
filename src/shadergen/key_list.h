#pragma once

// A list of pipeline keys on disk: what a session met (Session::export_shader_keys, the keys
// file a cache directory keeps beside its shaders) and what picavk-precompile collects and
// compiles. Fixed-size records, each a key's bytes, behind a header that says what they are:
//   "PVKL", format version, key layout version (FragmentConfig::kLayoutVersion), record size,
//   record count, then the records, then an XXH3-64 of everything before it.
// A list of another layout or record size is refused with a reason, never half read.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace picavk::shadergen {

inline constexpr std::uint32_t kKeyListVersion = 1;

std::vector<std::uint8_t> write_key_list(std::span<const std::uint8_t> records,
                                         std::uint32_t record_size);

// The records (record_size bytes each, concatenated) when `file` is a whole list of this layout
// and record size; otherwise empty, with `error` saying why.
std::vector<std::uint8_t> read_key_list(std::span<const std::uint8_t> file,
                                        std::uint32_t record_size, std::string& error);

} // namespace picavk::shadergen
