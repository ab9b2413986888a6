#include "vk/draw/stream_buffer.h"

#include "vk/device/scheduler.h"

#include <algorithm>
#include <stdexcept>

namespace picavk::vk {

StreamBuffer::StreamBuffer(ResourceFactory& factory, Scheduler& scheduler, VkDeviceSize size,
                           VkBufferUsageFlags usage, const std::string& name,
                           MemoryUsage memory)
    : factory_(factory), scheduler_(scheduler) {
    buffer_ = factory_.create_buffer(size, usage, memory, name);
    scheduler_.on_submit([this](std::uint64_t tick) {
        if (dirty_since_submit_) marks_.emplace_back(tick, head_);
        dirty_since_submit_ = false;
    });
}

StreamBuffer::~StreamBuffer() {
    factory_.destroy(buffer_);
}

void StreamBuffer::retire() {
    while (!marks_.empty() && scheduler_.is_done(marks_.front().first)) {
        tail_ = marks_.front().second;
        marks_.pop_front();
        if (marks_.empty() && !dirty_since_submit_) {
            empty_ = true;
            head_ = tail_ = 0;
        }
    }
}

bool StreamBuffer::try_place(VkDeviceSize size, VkDeviceSize alignment, VkDeviceSize& offset) {
    const VkDeviceSize cap = buffer_.size;
    const VkDeviceSize aligned = (head_ + alignment - 1) / alignment * alignment;
    if (empty_) {
        offset = aligned + size <= cap ? aligned : 0;
        return true;
    }
    if (head_ > tail_ || head_ == tail_) {
        if (head_ == tail_) return false; // full
        if (aligned + size <= cap) {
            offset = aligned;
            return true;
        }
        if (size <= tail_) { // wrap; the end of the ring is skipped
            offset = 0;
            return true;
        }
        return false;
    }
    if (aligned + size <= tail_) {
        offset = aligned;
        return true;
    }
    return false;
}

StreamSpan StreamBuffer::allocate(VkDeviceSize size, VkDeviceSize alignment, VkDeviceSize room) {
    if (size > buffer_.size || room > buffer_.size)
        throw std::length_error("stream buffer allocation larger than the ring");
    if (size == 0) size = 1;
    retire();
    VkDeviceSize offset = 0;
    while (!try_place(std::max(size, room), alignment, offset)) {
        ++waits_;
        if (marks_.empty())
            scheduler_.submit(); // everything in the ring belongs to unsubmitted work
        if (!marks_.empty()) scheduler_.wait(marks_.front().first);
        retire();
    }
    if (empty_) tail_ = offset;
    // When the ring ends up exactly full, head_ == tail_ with empty_ false: try_place reads full.
    head_ = offset + size;
    if (head_ == buffer_.size) head_ = 0;
    empty_ = false;
    dirty_since_submit_ = true;
    return {buffer_.buffer, offset, buffer_.mapped() ? buffer_.mapped() + offset : nullptr, size};
}

std::optional<StreamSpan> StreamBuffer::extend(VkDeviceSize size, VkDeviceSize at) {
    // head_ wraps to 0 when an allocation ends exactly at the end: nothing follows there.
    if (empty_ || head_ != at || size == 0) return std::nullopt;
    const VkDeviceSize limit = head_ > tail_ ? buffer_.size : tail_;
    if (head_ == tail_ || at + size > limit) return std::nullopt;
    head_ = at + size;
    if (head_ == buffer_.size) head_ = 0;
    dirty_since_submit_ = true;
    return StreamSpan{buffer_.buffer, at, buffer_.mapped() ? buffer_.mapped() + at : nullptr,
                      size};
}

} // namespace picavk::vk
