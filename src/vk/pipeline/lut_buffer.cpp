#include "vk/pipeline/lut_buffer.h"

#include "shadergen/lut_layout.h"
#include "vk/device/device.h"
#include "vk/device/scheduler.h"

#include <algorithm>
#include <cstring>

namespace picavk::vk {

using namespace shadergen;

LutBuffer::LutBuffer(const Device& device, ResourceFactory& factory, Scheduler& scheduler)
    : device_(device), factory_(factory), scheduler_(scheduler) {
    for (std::uint32_t i = 0; i < slots_.size(); ++i) {
        Slot& s = slots_[i];
        s.buffer = factory_.create_buffer(kLutWords * 4, VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT,
                                          MemoryUsage::Upload, "lut buffer " + std::to_string(i));
        VkBufferViewCreateInfo ci{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
        ci.buffer = s.buffer.buffer;
        ci.format = VK_FORMAT_R32_UINT;
        ci.range = VK_WHOLE_SIZE;
        check(vkCreateBufferView(device_.device(), &ci, nullptr, &s.view), "vkCreateBufferView");
        device_.name(s.view, VK_OBJECT_TYPE_BUFFER_VIEW, "lut view " + std::to_string(i));
        std::memset(s.buffer.mapped(), 0, kLutWords * 4);
    }
}

LutBuffer::~LutBuffer() {
    scheduler_.finish_for_teardown();
    for (Slot& s : slots_) {
        if (s.view) vkDestroyBufferView(device_.device(), s.view, nullptr);
        factory_.destroy(s.buffer);
    }
}

VkBufferView LutBuffer::update(pica::LutState& luts) {
    if (valid_ && luts.lighting_dirty == 0 && luts.other_dirty == 0) {
        slots_[current_].tick = scheduler_.current_tick();
        return slots_[current_].view;
    }
    current_ = (current_ + 1) % static_cast<std::uint32_t>(slots_.size());
    Slot& s = slots_[current_];
    scheduler_.wait(s.tick); // a copy older draws may still read
    auto* words = reinterpret_cast<std::uint32_t*>(s.buffer.mapped());
    auto put = [&](std::uint32_t offset, const auto& table) {
        std::copy(table.begin(), table.end(), words + offset);
    };
    put(kLutFogOffset, luts.fog);
    put(kLutGasOffset, luts.gas);
    put(kLutProcTexOffset, luts.proctex_noise);
    put(kLutProcTexOffset + 128, luts.proctex_rgb_map);
    put(kLutProcTexOffset + 256, luts.proctex_alpha_map);
    put(kLutProcTexColorOffset, luts.proctex_color);
    put(kLutProcTexColorOffset + 256, luts.proctex_color_diff);
    for (std::uint32_t t = 0; t < pica::LutState::kLightingTables; ++t)
        put(kLutLightingOffset + t * 256, luts.lighting[t]);
    factory_.allocator().flush(s.buffer.memory);
    luts.lighting_dirty = 0;
    luts.other_dirty = 0;
    valid_ = true;
    ++uploads_;
    s.tick = scheduler_.current_tick();
    return s.view;
}

} // namespace picavk::vk
