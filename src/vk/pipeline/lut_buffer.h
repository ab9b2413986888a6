#pragma once

// The look-up tables (fog, gas, procedural texture, lighting) as one R32UI uniform texel buffer
// (layout in shadergen/lut_layout.h), uploaded only when the command processor marked a table
// dirty. A small ring of copies keeps tables that in-flight draws still read intact.

#include "pica/state/lut_state.h"
#include "vk/device/resources.h"

#include <array>

namespace picavk::vk {

class Device;
class Scheduler;

class LutBuffer {
  public:
    LutBuffer(const Device& device, ResourceFactory& factory, Scheduler& scheduler);
    ~LutBuffer();
    LutBuffer(const LutBuffer&) = delete;
    LutBuffer& operator=(const LutBuffer&) = delete;

    // The view to bind for a draw now: a fresh copy when any table is dirty (the dirty bits are
    // cleared), else the current one.
    VkBufferView update(pica::LutState& luts);
    std::uint64_t uploads() const { return uploads_; }

  private:
    struct Slot {
        Buffer buffer;
        VkBufferView view = VK_NULL_HANDLE;
        std::uint64_t tick = 0; // last submission that may read it
    };
    const Device& device_;
    ResourceFactory& factory_;
    Scheduler& scheduler_;
    std::array<Slot, 4> slots_{};
    std::uint32_t current_ = 0;
    bool valid_ = false;
    std::uint64_t uploads_ = 0;
};

} // namespace picavk::vk
