#pragma once

// What the compute rasteriser's binning pass found, read back once its submission completes:
// the workgroups its raster pass ran, and for each draw of the host draw the bins its triangles
// marked (shadergen/compute_raster.h, the bins' header). A draw whose vertices the pre-pass
// shades has positions the CPU never sees, so its first budget (Rasterizer::
// compute_raster_affordable) is a guess; games draw the same meshes frame after frame, and the
// set-ups a draw was measured to cost budget it from then on.

#include "vk/device/resources.h"

#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

namespace picavk::vk {

class Scheduler;

class ComputeRasterFeedback {
  public:
    ComputeRasterFeedback(ResourceFactory& factory, Scheduler& scheduler);
    ~ComputeRasterFeedback();
    ComputeRasterFeedback(const ComputeRasterFeedback&) = delete;
    ComputeRasterFeedback& operator=(const ComputeRasterFeedback&) = delete;

    // After a binning pass (its writes to `bins` made visible to transfers), in its raster
    // pass: copies the header of `bins` for reading back (visible to the host from the end of
    // the submission: Scheduler::read_back_at_submit). `draws[n]` names draw number n (0:
    // not learned). `pass_kind` (Scheduler::pass_kind) is given the raster pass's bytes once its
    // workgroups are known, `tile_bytes` read and written each. Slots come in pages of
    // kSlotsPerPage, a page added when every slot is in flight (a game's hundreds of binned
    // draws a frame, frames in flight); past kMaxPages nothing is copied (false): that draw
    // goes unmeasured.
    bool record(VkCommandBuffer cmd, VkBuffer bins, std::span<const std::uint64_t> draws,
                int pass_kind, std::uint64_t tile_bytes);

    // The triangle set-ups draw `key` costs as measured (its marked bins times a bin's tiles),
    // kept as the largest of recent measurements (a mesh drawn at several sizes a frame): the
    // largest of a submission's, and an earlier submission's counting three quarters; nothing
    // if never measured.
    std::optional<std::uint64_t> setups(std::uint64_t key) const;
    // A measured draw the budget refused: true every kRetry-th time, when it may run once more
    // to be measured again (a mesh that has shrunk on screen comes back).
    bool retry(std::uint64_t key);
    static constexpr std::uint32_t kRetry = 64;

    // Workgroups the binned raster passes read back so far ran.
    std::uint64_t raster_groups() const { return raster_groups_; }
    // (Triangle, bin) pairs the binning passes read back so far marked: each a triangle's set-up
    // in a bin's tiles.
    std::uint64_t bin_marks() const { return bin_marks_; }

  private:
    void collect(std::uint32_t slot);

    ResourceFactory& factory_;
    Scheduler& scheduler_;

  public:
    static constexpr std::uint32_t kSlotsPerPage = 256;
    static constexpr std::uint32_t kMaxPages = 16; // 4096 headers, 1.2 MB

  private:
    std::vector<Buffer> pages_; // kSlotsPerPage headers each, read back
    struct Slot {
        bool busy = false;
        std::vector<std::uint64_t> draws;
        int pass_kind = -1;
        std::uint64_t tile_bytes = 0;
        std::uint64_t tick = 0; // the submission it was recorded in
    };
    std::vector<Slot> slots_;
    std::uint32_t next_ = 0;
    struct Learned {
        std::uint64_t setups = 0;
        std::uint64_t tick = 0; // the submission of the last measurement
        std::uint32_t refused = 0;
    };
    std::unordered_map<std::uint64_t, Learned> learned_;
    std::uint64_t raster_groups_ = 0, bin_marks_ = 0;
};

} // namespace picavk::vk
