#include "owned_guest_memory.h"

#include <cstring>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace picavk {

OwnedGuestMemory::OwnedGuestMemory(std::size_t size) : size_(size) {
#if defined(__linux__)
    // Private and anonymous: untouched pages read as zero and cost nothing until touched.
    void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (size && p != MAP_FAILED) {
        data_ = static_cast<std::uint8_t*>(p);
        mapped_ = true;
        return;
    }
#endif
    fallback_.assign(size, 0);
    data_ = fallback_.data();
}

OwnedGuestMemory::~OwnedGuestMemory() {
    release();
}

void OwnedGuestMemory::release() {
#if defined(__linux__)
    if (mapped_) munmap(data_, size_);
#endif
    mapped_ = false;
    data_ = nullptr;
    size_ = 0;
    fallback_.clear();
}

OwnedGuestMemory::OwnedGuestMemory(OwnedGuestMemory&& o) noexcept {
    *this = std::move(o);
}

OwnedGuestMemory& OwnedGuestMemory::operator=(OwnedGuestMemory&& o) noexcept {
    if (this == &o) return *this;
    release();
    // Moving a vector keeps its buffer: data_ stays valid in the fallback too.
    fallback_ = std::move(o.fallback_);
    data_ = std::exchange(o.data_, nullptr);
    size_ = std::exchange(o.size_, 0);
    mapped_ = std::exchange(o.mapped_, false);
    return *this;
}

void OwnedGuestMemory::zero() {
#if defined(__linux__)
    // MADV_DONTNEED on a private anonymous mapping: the pages go back to the OS and read as
    // zero-filled from then on (madvise(2)); its cost is the pages that were resident.
    if (mapped_ && madvise(data_, size_, MADV_DONTNEED) == 0) return;
#endif
    if (size_) std::memset(data_, 0, size_);
}

} // namespace picavk
