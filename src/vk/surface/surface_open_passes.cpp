#include "vk/surface/surface_cache.h"

// Passes on surfaces left open (begin_open_passes): memory fills and display transfers that end
// without their barrier after, and go beside one another where none writes what another touches
// (by surface: its image, or its depth words). The scheduler records the barrier left open
// before anything else (Scheduler::leave_open), so only passes asking to go beside skip it.

#include "vk/device/device.h"
#include "vk/device/scheduler.h"

#include <algorithm>

namespace picavk::vk {

void SurfaceCache::begin_open_passes() {
    ++open_passes_.open;
}

void SurfaceCache::end_open_passes() {
    --open_passes_.open;
}

PassBarriers SurfaceCache::open_pass_barriers(std::initializer_list<OpenAccess> accesses) {
    if (open_passes_.open == 0 || device_.options().disable_open_passes) return {};
    // Beside the passes before it where only they were left open since the last barrier (the
    // scheduler has recorded none since the last of them) and none conflicts with it.
    const auto conflicts = [&](const OpenAccess& a) {
        return std::any_of(
            open_passes_.accesses.begin(), open_passes_.accesses.end(), [&](const OpenAccess& b) {
                return a.surface == b.surface && a.words == b.words && (a.write || b.write);
            });
    };
    const bool beside = scheduler_.open_kinds() == Scheduler::kOpenSurfaces &&
                        open_passes_.barriers == scheduler_.barriers() &&
                        std::none_of(accesses.begin(), accesses.end(), conflicts);
    if (!beside) open_passes_.accesses.clear();
    open_passes_.accesses.insert(open_passes_.accesses.end(), accesses.begin(), accesses.end());
    if (beside) ++stats_.passes_side_by_side;
    return {!beside, false};
}

void SurfaceCache::leave_pass_open(PassBarriers barriers) {
    if (barriers.after) return;
    scheduler_.leave_open(Scheduler::kOpenSurfaces);
    open_passes_.barriers = scheduler_.barriers();
}

} // namespace picavk::vk
