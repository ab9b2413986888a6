#pragma once

// A fuzzer input as a CiTrace file, for the targets that parse traces: a real trace (the kept
// seeds are recorded ones) is taken as it is; otherwise, when the first byte is odd, the rest is
// wrapped in a well-formed header (magic, version 1, no initial-state blocks, the stream right
// after the header) so that most inputs reach the element parser; else the bytes go as they are.

#include <cstdint>
#include <cstring>
#include <vector>

namespace picavk::fuzz {

inline std::vector<std::uint8_t> trace_file(const std::uint8_t* data, std::size_t size) {
    const bool whole_file = size >= 4 && std::memcmp(data, "CiTr", 4) == 0;
    if (whole_file || size == 0 || !(data[0] & 1)) return {data, data + size};
    std::vector<std::uint8_t> wrapped(100, 0);
    std::memcpy(wrapped.data(), "CiTr", 4);
    wrapped[4] = 1;
    wrapped[8] = 100;
    wrapped[0x5C] = 100;
    const std::uint32_t count = static_cast<std::uint32_t>((size - 1) / 20 + 1);
    std::memcpy(&wrapped[0x60], &count, 4);
    wrapped.insert(wrapped.end(), data + 1, data + size);
    return wrapped;
}

} // namespace picavk::fuzz
