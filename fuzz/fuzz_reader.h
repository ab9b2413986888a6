#pragma once

// Takes words from a fuzzer's input, zero-filled once the input runs out.

#include <cstdint>
#include <cstring>

namespace picavk::fuzz {

struct Reader {
    const std::uint8_t* data;
    std::size_t size;
    std::uint32_t word() {
        std::uint32_t v = 0;
        const std::size_t n = size < 4 ? size : 4;
        std::memcpy(&v, data, n);
        data += n, size -= n;
        return v;
    }
    // The next word's bits as a float (NaN, inf and subnormals included).
    float number() {
        const std::uint32_t w = word();
        float f;
        std::memcpy(&f, &w, 4);
        return f;
    }
};

} // namespace picavk::fuzz
