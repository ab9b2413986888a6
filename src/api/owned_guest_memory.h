#pragma once

// Guest memory a session owns (Session(fcram_size, ...)): zeroed pages from the OS where it
// gives them (Linux: an anonymous mapping), so that zeroing it again for the next replay costs
// what was touched since, not its whole size. reset_to_power_on zeroes VRAM and FCRAM before
// every replay: a memset of 134 MiB took about 4 ms on the 2-core VM and 14 ms on the H200's
// host, once per --loop of a 4-frame trace (picavk-render --frame-times), and every loop of a
// trace in picavk-view.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace picavk {

class OwnedGuestMemory {
  public:
    OwnedGuestMemory() = default;
    explicit OwnedGuestMemory(std::size_t size); // zero-filled
    ~OwnedGuestMemory();
    OwnedGuestMemory(OwnedGuestMemory&& o) noexcept;
    OwnedGuestMemory& operator=(OwnedGuestMemory&& o) noexcept;
    OwnedGuestMemory(const OwnedGuestMemory&) = delete;
    OwnedGuestMemory& operator=(const OwnedGuestMemory&) = delete;

    std::span<std::uint8_t> span() { return {data_, size_}; }
    // Every byte 0 again: the mapping's pages handed back (the next touch of each maps a
    // zeroed page), or a memset where the memory is not a mapping of its own.
    void zero();
    // Whether zero() hands pages back (the OS gave a mapping), for the tests.
    bool mapped() const { return mapped_; }

  private:
    void release();
    std::uint8_t* data_ = nullptr;
    std::size_t size_ = 0;
    bool mapped_ = false;
    std::vector<std::uint8_t> fallback_; // where no mapping could be made
};

} // namespace picavk
