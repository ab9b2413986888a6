#include "vk/draw/compute_raster_feedback.h"

#include "shadergen/compute_raster.h"
#include "vk/device/scheduler.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace picavk::vk {

namespace {
constexpr VkDeviceSize kHeaderBytes = shadergen::kComputeRasterBinsHeader * 4;
// Measured draws kept: a game's meshes, many times over; past it all are forgotten at once (and
// measured again).
constexpr std::size_t kMaxLearned = 1u << 16;
} // namespace

ComputeRasterFeedback::ComputeRasterFeedback(ResourceFactory& factory, Scheduler& scheduler)
    : factory_(factory), scheduler_(scheduler) {}

ComputeRasterFeedback::~ComputeRasterFeedback() {
    // (The owner finished the scheduler first: no collect() is left to run.)
    for (Buffer& page : pages_)
        factory_.destroy(page);
}

bool ComputeRasterFeedback::record(VkCommandBuffer cmd, VkBuffer bins,
                                   std::span<const std::uint64_t> draws, int pass_kind,
                                   std::uint64_t tile_bytes) {
    // Slots are taken in ring order and freed in submission order, so the next one is
    // mostly free; else any free one, else a page is added (its first slot next).
    if (slots_.empty() || slots_[next_].busy) {
        const auto free =
            std::find_if(slots_.begin(), slots_.end(), [](const Slot& s) { return !s.busy; });
        if (free != slots_.end()) {
            next_ = static_cast<std::uint32_t>(free - slots_.begin());
        } else {
            if (pages_.size() == kMaxPages) return false;
            char name[48];
            std::snprintf(name, sizeof name, "compute raster feedback page %zu", pages_.size());
            pages_.push_back(factory_.create_buffer(kHeaderBytes * kSlotsPerPage,
                                                    VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                                    MemoryUsage::Readback, name));
            next_ = static_cast<std::uint32_t>(slots_.size());
            slots_.resize(slots_.size() + kSlotsPerPage);
        }
    }
    Slot& slot = slots_[next_];
    const std::uint32_t at = next_;
    next_ = (next_ + 1) % static_cast<std::uint32_t>(slots_.size());
    slot.busy = true;
    slot.draws.assign(draws.begin(), draws.end());
    slot.pass_kind = pass_kind;
    slot.tile_bytes = tile_bytes;
    slot.tick = scheduler_.current_tick();
    const VkBufferCopy copy{0, (at % kSlotsPerPage) * kHeaderBytes, kHeaderBytes};
    vkCmdCopyBuffer(cmd, bins, pages_[at / kSlotsPerPage].buffer, 1, &copy);
    scheduler_.read_back_at_submit();
    scheduler_.defer([this, at] { collect(at); });
    return true;
}

void ComputeRasterFeedback::collect(std::uint32_t at) {
    Slot& slot = slots_[at];
    slot.busy = false;
    const Buffer& page = pages_[at / kSlotsPerPage];
    factory_.allocator().invalidate(page.memory);
    std::uint32_t header[shadergen::kComputeRasterBinsHeader];
    std::memcpy(header, page.mapped() + (at % kSlotsPerPage) * kHeaderBytes, sizeof header);
    const std::uint64_t groups = std::uint64_t{header[shadergen::kComputeRasterBinsDispatch]} *
                                 header[shadergen::kComputeRasterBinsDispatch + 1];
    raster_groups_ += groups;
    scheduler_.timer().add_kind_bytes(slot.pass_kind, groups * slot.tile_bytes,
                                      groups * slot.tile_bytes);
    if (learned_.size() > kMaxLearned) learned_.clear();
    const std::size_t draws =
        std::min<std::size_t>(slot.draws.size(), shadergen::kComputeRasterBinsHeader -
                                                     shadergen::kComputeRasterBinsMarks);
    // (Every draw number's marks: a CPU-shaded host draw has no keys, but its draws mark too.)
    for (std::uint32_t n = shadergen::kComputeRasterBinsMarks;
         n < shadergen::kComputeRasterBinsHeader; ++n)
        bin_marks_ += header[n];
    for (std::size_t n = 0; n < draws; ++n) {
        if (slot.draws[n] == 0) continue;
        const std::uint64_t setups = header[shadergen::kComputeRasterBinsMarks + n] *
                                     std::uint64_t{shadergen::kComputeRasterTilesPerBin};
        // The largest of recent measurements: of one submission's (a mesh drawn at several
        // sizes), and an earlier submission's counting three quarters (decayed once per
        // submission, however often the mesh is drawn).
        Learned& l = learned_[slot.draws[n]];
        if (slot.tick != l.tick) {
            l.setups -= l.setups / 4;
            l.tick = slot.tick;
        }
        l.setups = std::max(setups, l.setups);
    }
}

std::optional<std::uint64_t> ComputeRasterFeedback::setups(std::uint64_t key) const {
    const auto it = learned_.find(key);
    if (it == learned_.end()) return std::nullopt;
    return it->second.setups;
}

bool ComputeRasterFeedback::retry(std::uint64_t key) {
    const auto it = learned_.find(key);
    return it != learned_.end() && ++it->second.refused % kRetry == 0;
}

} // namespace picavk::vk
