// DescriptorSetCache: a draw's descriptor set is found again by what it names, from one
// submission to the next, and none survives the destruction of an object a set may name
// (its handle may come back as another object's), nor the cache growing past kMaxSets.
#include "vk/device/device.h"
#include "vk/device/memory_allocator.h"
#include "vk/device/resources.h"
#include "vk/device/scheduler.h"
#include "vk/pipeline/descriptor_set_cache.h"

#include <doctest/doctest.h>

#include <set>

using namespace picavk::vk;

namespace {

// A layout of one uniform buffer: the cache neither reads nor writes descriptors.
VkDescriptorSetLayout one_buffer_layout(const Device& device) {
    const VkDescriptorSetLayoutBinding b{0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 1,
                                         VK_SHADER_STAGE_FRAGMENT_BIT, nullptr};
    VkDescriptorSetLayoutCreateInfo ci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    ci.bindingCount = 1;
    ci.pBindings = &b;
    VkDescriptorSetLayout layout = VK_NULL_HANDLE;
    check(vkCreateDescriptorSetLayout(device.device(), &ci, nullptr, &layout), "layout");
    return layout;
}

// Contents told apart by a made-up view handle (never used as one).
DescriptorSetCache::Contents contents(std::uint64_t view) {
    DescriptorSetCache::Contents c;
    c.views[0] = reinterpret_cast<VkImageView>(view);
    return c;
}

} // namespace

TEST_CASE("descriptor set cache: sets found again across submissions, dropped on a destruction") {
    DeviceOptions options;
    options.validation = true;
    Device device(options);
    Scheduler scheduler(device);
    const VkDescriptorSetLayout layout = one_buffer_layout(device);
    {
        DescriptorSetCache cache(device, scheduler, layout);
        const auto a = cache.get(contents(1));
        const auto b = cache.get(contents(2));
        CHECK(a.fresh);
        CHECK(b.fresh);
        CHECK(a.set != b.set);
        scheduler.finish(); // the next frame: the sets are still there
        const auto a2 = cache.get(contents(1));
        CHECK_FALSE(a2.fresh);
        CHECK(a2.set == a.set);
        CHECK(cache.reuses() == 1);
        CHECK(cache.made() == 2);
        // Something a set may name is destroyed: every set is made again.
        device.note_destroyed();
        CHECK(cache.get(contents(1)).fresh);
        CHECK(cache.get(contents(2)).fresh);
        CHECK_FALSE(cache.get(contents(2)).fresh);
        // At kMaxSets (more than one pool of sets) the cache starts over; every set it hands
        // out until then is distinct.
        std::set<VkDescriptorSet> seen;
        for (std::uint64_t v = 100; v < 100 + DescriptorSetCache::kMaxSets - 3; ++v)
            seen.insert(cache.get(contents(v)).set);
        CHECK(seen.size() == DescriptorSetCache::kMaxSets - 3);
        CHECK_FALSE(cache.get(contents(1)).fresh); // kMaxSets - 1 sets: still there
        CHECK(cache.get(contents(99)).fresh);      // the kMaxSets-th
        CHECK(cache.get(contents(1)).fresh);       // full: emptied by this get
        scheduler.finish();                        // the released pools are reset and reused
        for (std::uint64_t v = 100; v < 110; ++v)
            CHECK(cache.get(contents(v)).fresh);
        scheduler.finish();
    }
    vkDestroyDescriptorSetLayout(device.device(), layout, nullptr);
    CHECK(device.validation_messages() == 0);
}

TEST_CASE("descriptor set cache: an image or uniform buffer destroyed empties it, a staging "
          "buffer does not") {
    DeviceOptions options;
    options.validation = true;
    Device device(options);
    Scheduler scheduler(device);
    MemoryAllocator allocator(device);
    ResourceFactory factory(device, allocator);
    const VkDescriptorSetLayout layout = one_buffer_layout(device);
    {
        DescriptorSetCache cache(device, scheduler, layout);
        CHECK(cache.get(contents(1)).fresh);
        // Staging and read-back buffers come and go every frame; no set names them.
        Buffer staging = factory.create_buffer(4096, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                               MemoryUsage::Upload, "staging");
        Buffer readback = factory.create_buffer(4096, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                                MemoryUsage::Readback, "read-back");
        factory.destroy(staging);
        factory.destroy(readback);
        CHECK_FALSE(cache.get(contents(1)).fresh);
        // A uniform buffer may be named by a set.
        Buffer uniforms = factory.create_buffer(4096, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT,
                                                MemoryUsage::Upload, "uniforms");
        factory.destroy(uniforms);
        CHECK(cache.get(contents(1)).fresh);
        CHECK_FALSE(cache.get(contents(1)).fresh);
        // So may an image's view.
        Image image = factory.create_image(VK_FORMAT_R8G8B8A8_UNORM, {4, 4},
                                           VK_IMAGE_USAGE_SAMPLED_BIT, "texture");
        factory.destroy(image);
        CHECK(cache.get(contents(1)).fresh);
        scheduler.finish();
    }
    vkDestroyDescriptorSetLayout(device.device(), layout, nullptr);
    CHECK(device.validation_messages() == 0);
}
