#pragma once

// A ring of host-visible memory for per-draw data (vertices, uniforms, LUTs, upload staging), or
// of device memory the GPU copies into (MemoryUsage::DeviceLocal: spans without `data`).
// Space is handed out linearly; each submission marks how far the ring was used, and space is
// reused only once the submission that read it has completed.

#include "vk/device/resources.h"

#include <deque>
#include <optional>

namespace picavk::vk {

class Scheduler;

struct StreamSpan {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceSize offset = 0;
    std::uint8_t* data = nullptr; // null in device memory the host cannot see
    VkDeviceSize size = 0;
};

class StreamBuffer {
  public:
    StreamBuffer(ResourceFactory& factory, Scheduler& scheduler, VkDeviceSize size,
                 VkBufferUsageFlags usage, const std::string& name,
                 MemoryUsage memory = MemoryUsage::Upload);
    ~StreamBuffer();
    StreamBuffer(const StreamBuffer&) = delete;
    StreamBuffer& operator=(const StreamBuffer&) = delete;

    // size must not exceed capacity(); waits for the GPU (submitting if needed) when full.
    // `room`: bytes from the returned offset that must lie inside the buffer and outside data
    // in flight (a descriptor range that later extend() calls fill); only `size` is taken.
    StreamSpan allocate(VkDeviceSize size, VkDeviceSize alignment, VkDeviceSize room = 0);
    // `size` bytes exactly at `at`, the end of the last allocation, if they fit there without
    // wrapping or waiting (merged draws keep their data contiguous); else nothing.
    std::optional<StreamSpan> extend(VkDeviceSize size, VkDeviceSize at);
    VkDeviceSize capacity() const { return buffer_.size; }
    VkBuffer buffer() const { return buffer_.buffer; }
    const Allocation& memory() const { return buffer_.memory; }
    std::uint64_t waits() const { return waits_; }

  private:
    bool try_place(VkDeviceSize size, VkDeviceSize alignment, VkDeviceSize& offset);
    void retire();

    ResourceFactory& factory_;
    Scheduler& scheduler_;
    Buffer buffer_;
    // In-flight data occupies the ring from tail_ to head_ (wrapping); empty_ breaks the tie.
    VkDeviceSize head_ = 0, tail_ = 0;
    bool empty_ = true;
    bool dirty_since_submit_ = false;
    std::deque<std::pair<std::uint64_t, VkDeviceSize>> marks_; // (tick, head at submit)
    std::uint64_t waits_ = 0;
};

} // namespace picavk::vk
