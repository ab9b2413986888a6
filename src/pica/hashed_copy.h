#pragma once

// A piece of guest memory to copy while it is hashed (content_hash_copy): plain data, with
// nothing inline, so that the files compiled for one vector unit can take it
// (content_hash_x86.h).

#include <cstddef>
#include <cstdint>

namespace picavk::pica {

struct HashedCopy {
    const std::uint8_t* from = nullptr;
    std::uint8_t* to = nullptr;
    std::size_t size = 0;
};

} // namespace picavk::pica
