#include "vk/device/gpu_timer.h"

#include "vk/device/device.h"

#include <cstring>

namespace picavk::vk {

GpuTimer::GpuTimer(const Device& device, std::uint32_t slots) : device_(device), slots_(slots) {
    const std::uint32_t bits = device_.timestamp_bits();
    const float period = device_.properties().limits.timestampPeriod;
    if (bits == 0 || period <= 0.0f) return;
    VkQueryPoolCreateInfo qi{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    qi.queryType = VK_QUERY_TYPE_TIMESTAMP;
    qi.queryCount = first_query(slots);
    check(vkCreateQueryPool(device_.device(), &qi, nullptr, &pool_), "vkCreateQueryPool");
    device_.name(pool_, VK_OBJECT_TYPE_QUERY_POOL, "GPU timestamps");
    mask_ = bits >= 64 ? ~0ull : (1ull << bits) - 1;
    period_ns_ = period;
    results_.resize(2 + 2 * kMaxPasses);
}

GpuTimer::~GpuTimer() {
    if (pool_) vkDestroyQueryPool(device_.device(), pool_, nullptr);
}

void GpuTimer::begin(std::uint32_t slot, VkCommandBuffer cmd) {
    if (!pool_) return;
    Slot& s = slots_[slot];
    s.profiled = profiling_;
    s.depth = 0;
    s.pass_open = false;
    s.kinds.clear();
    s.bytes.clear();
    s.untimed = 0;
    // Only what this command buffer may write is reset.
    vkCmdResetQueryPool(cmd, pool_, first_query(slot), s.profiled ? 2 + 2 * kMaxPasses : 2);
    // After what was submitted before and after the submission's semaphore waits (a swapchain
    // image's acquire): neither an overlap nor a wait counts as busy.
    vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, pool_, first_query(slot));
}

void GpuTimer::begin_pass(std::uint32_t slot, VkCommandBuffer cmd, const char* label) {
    if (!pool_) return;
    Slot& s = slots_[slot];
    if (s.depth++ != 0 || !s.profiled) return;
    if (s.kinds.size() >= kMaxPasses) {
        ++s.untimed;
        return;
    }
    const auto q = static_cast<std::uint32_t>(first_query(slot) + 2 + 2 * s.kinds.size());
    s.kinds.push_back(kind_of(label));
    s.bytes.push_back({});
    s.pass_open = true;
    vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, pool_, q);
}

void GpuTimer::end_pass(std::uint32_t slot, VkCommandBuffer cmd) {
    if (!pool_) return;
    Slot& s = slots_[slot];
    if (s.depth == 0 || --s.depth != 0 || !s.pass_open) return;
    s.pass_open = false;
    const auto q = static_cast<std::uint32_t>(first_query(slot) + 2 * s.kinds.size() + 1);
    vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, pool_, q);
}

void GpuTimer::add_bytes(std::uint32_t slot, std::uint64_t read, std::uint64_t written) {
    if (!pool_) return;
    Slot& s = slots_[slot];
    if (!s.pass_open) return;
    s.bytes.back().read += read;
    s.bytes.back().written += written;
}

int GpuTimer::open_kind(std::uint32_t slot) const {
    if (!pool_) return -1;
    const Slot& s = slots_[slot];
    return s.pass_open ? s.kinds.back() : -1;
}

void GpuTimer::add_kind_bytes(int kind, std::uint64_t read, std::uint64_t written) {
    if (kind < 0 || static_cast<std::size_t>(kind) >= passes_.size()) return;
    passes_[static_cast<std::size_t>(kind)].read_bytes += read;
    passes_[static_cast<std::size_t>(kind)].written_bytes += written;
}

void GpuTimer::end(std::uint32_t slot, VkCommandBuffer cmd) {
    if (!pool_) return;
    Slot& s = slots_[slot];
    // A pass the submission cut (its label closes in the next command buffer) ends here.
    if (s.pass_open) {
        s.pass_open = false;
        const auto q = static_cast<std::uint32_t>(first_query(slot) + 2 * s.kinds.size() + 1);
        vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, pool_, q);
    }
    // After every command: the end timestamp waits for all of them.
    vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, pool_, first_query(slot) + 1);
    s.pending = true;
}

void GpuTimer::collect(std::uint32_t slot) {
    Slot& s = slots_[slot];
    if (!s.pending) return;
    s.pending = false;
    const auto n = static_cast<std::uint32_t>(2 + 2 * s.kinds.size());
    // Complete, so available: no wait flag. A lost device reports an error; nothing counts.
    if (vkGetQueryPoolResults(device_.device(), pool_, first_query(slot), n,
                              n * sizeof(std::uint64_t), results_.data(), sizeof(std::uint64_t),
                              VK_QUERY_RESULT_64_BIT) != VK_SUCCESS)
        return;
    auto ns = [&](std::uint32_t first) {
        const std::uint64_t ticks = (results_[first + 1] - results_[first]) & mask_;
        return static_cast<std::uint64_t>(static_cast<double>(ticks) * period_ns_);
    };
    busy_ns_ += ns(0);
    if (s.profiled) profiled_busy_ns_ += ns(0);
    untimed_passes_ += s.untimed;
    for (std::size_t i = 0; i < s.kinds.size(); ++i) {
        GpuPassTime& p = passes_[s.kinds[i]];
        p.ns += ns(static_cast<std::uint32_t>(2 + 2 * i));
        ++p.count;
        p.read_bytes += s.bytes[i].read;
        p.written_bytes += s.bytes[i].written;
    }
}

std::uint16_t GpuTimer::kind_of(const char* label) {
    std::size_t n = std::strcspn(label, "0123456789(");
    while (n > 0 && label[n - 1] == ' ')
        --n;
    const std::string kind(label, n);
    for (std::size_t i = 0; i < passes_.size(); ++i)
        if (passes_[i].pass == kind) return static_cast<std::uint16_t>(i);
    passes_.push_back({kind, 0, 0, 0, 0});
    return static_cast<std::uint16_t>(passes_.size() - 1);
}

} // namespace picavk::vk
