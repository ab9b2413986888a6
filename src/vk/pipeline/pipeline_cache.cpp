#include "vk/pipeline/pipeline_cache.h"

#include "shadergen/atomic_file.h"
#include "shadergen/block_uniforms.h"
#include "shadergen/compute_raster.h"
#include "shadergen/generator_fingerprint.h"
#include "shadergen/glsl_generator.h"
#include "shadergen/key_list.h"
#include "shadergen/lut_layout.h"
#include "shadergen/pipeline_blob.h"
#include "shadergen/spirv_compiler.h"
#include "shadergen/ubershader.h"
#include "shadergen/vertex_program.h"
#include "vk/device/device.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <utility>
#include <xxhash.h>

namespace picavk::vk {

namespace {
// PICA blend factors 0-14 are Vulkan's in the same order (spec 004 BLEND_FUNC).
constexpr VkBlendFactor kFactor[15] = {
    VK_BLEND_FACTOR_ZERO,
    VK_BLEND_FACTOR_ONE,
    VK_BLEND_FACTOR_SRC_COLOR,
    VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR,
    VK_BLEND_FACTOR_DST_COLOR,
    VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR,
    VK_BLEND_FACTOR_SRC_ALPHA,
    VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
    VK_BLEND_FACTOR_DST_ALPHA,
    VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA,
    VK_BLEND_FACTOR_CONSTANT_COLOR,
    VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR,
    VK_BLEND_FACTOR_CONSTANT_ALPHA,
    VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA,
    VK_BLEND_FACTOR_SRC_ALPHA_SATURATE,
};
constexpr VkBlendOp kEquation[5] = {VK_BLEND_OP_ADD, VK_BLEND_OP_SUBTRACT,
                                    VK_BLEND_OP_REVERSE_SUBTRACT, VK_BLEND_OP_MIN, VK_BLEND_OP_MAX};
// PICA logic ops 0-15 map one-to-one (spec 004 LOGIC_OP).
constexpr VkLogicOp kLogicOp[16] = {
    VK_LOGIC_OP_CLEAR,       VK_LOGIC_OP_AND,          VK_LOGIC_OP_AND_REVERSE,
    VK_LOGIC_OP_COPY,        VK_LOGIC_OP_SET,          VK_LOGIC_OP_COPY_INVERTED,
    VK_LOGIC_OP_NO_OP,       VK_LOGIC_OP_INVERT,       VK_LOGIC_OP_NAND,
    VK_LOGIC_OP_OR,          VK_LOGIC_OP_NOR,          VK_LOGIC_OP_XOR,
    VK_LOGIC_OP_EQUIVALENT,  VK_LOGIC_OP_AND_INVERTED, VK_LOGIC_OP_OR_REVERSE,
    VK_LOGIC_OP_OR_INVERTED,
};
} // namespace

namespace {
// The VkPipelineCache blob's file (its contents: shadergen/pipeline_blob.h).
std::string pipeline_file(const std::string& dir, const std::string& profile) {
    char name[64];
    std::snprintf(name, sizeof name, "/picavk-pipelines-%016llx.bin",
                  static_cast<unsigned long long>(XXH3_64bits(profile.data(), profile.size())));
    return dir + name;
}

// The key list beside them (shadergen/key_list.h): the pipeline keys this cache was built for.
std::string key_file(const std::string& dir, const std::string& profile) {
    char name[64];
    std::snprintf(name, sizeof name, "/picavk-keys-%016llx.bin",
                  static_cast<unsigned long long>(XXH3_64bits(profile.data(), profile.size())));
    return dir + name;
}

// What names a cache directory's files for this device: its host profile and driver.
std::string device_profile(const Device& device) {
    return device.profile().describe() + " " + device.name();
}

} // namespace

void dump_shader(const char* file, const std::string& glsl) {
    const char* dir = std::getenv("PICAVK_DUMP_SHADERS");
    if (!dir) return;
    if (std::FILE* f = std::fopen((std::string(dir) + "/" + file).c_str(), "w")) {
        std::fputs(glsl.c_str(), f);
        std::fclose(f);
    }
}

void dump_shader(const char* prefix, std::uint64_t hash, const char* extension,
                 const std::string& glsl) {
    char file[64];
    std::snprintf(file, sizeof file, "%s%016llx%s", prefix, static_cast<unsigned long long>(hash),
                  extension);
    dump_shader(file, glsl);
}

namespace {
std::vector<std::uint8_t> read_whole(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
} // namespace

PipelineCache::PipelineCache(const Device& device, const HostFormats& formats,
                             std::string cache_dir, pica::Diagnostics& diag, CompileMode mode)
    : device_(device), formats_(formats), cache_dir_(std::move(cache_dir)), diag_(diag),
      disk_(device_profile(device), shadergen::generator_fingerprint()),
      vertex_disk_(device_profile(device), shadergen::generator_fingerprint()),
      compute_disk_(device_profile(device), shadergen::generator_fingerprint()),
      prepass_disk_(device_profile(device), shadergen::generator_fingerprint()), mode_(mode) {
    std::vector<std::uint8_t> initial;
    if (!cache_dir_.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(cache_dir_, ec);
        const std::string why = disk_.load_file(cache_dir_);
        if (!why.empty() && why != "no cache file yet")
            diag_.warn(pica::Warning::CacheIgnored, "shader cache " + disk_.file_name(cache_dir_) +
                                                        " ignored and rebuilt: " + why);
        const std::string vertex_why = vertex_disk_.load_file(cache_dir_);
        if (!vertex_why.empty() && vertex_why != "no cache file yet")
            diag_.warn(pica::Warning::CacheIgnored, "vertex program cache " +
                                                        vertex_disk_.file_name(cache_dir_) +
                                                        " ignored and rebuilt: " + vertex_why);
        const std::string compute_why = compute_disk_.load_file(cache_dir_);
        if (!compute_why.empty() && compute_why != "no cache file yet")
            diag_.warn(pica::Warning::CacheIgnored, "compute rasteriser shader cache " +
                                                        compute_disk_.file_name(cache_dir_) +
                                                        " ignored and rebuilt: " + compute_why);
        const std::string prepass_why = prepass_disk_.load_file(cache_dir_);
        if (!prepass_why.empty() && prepass_why != "no cache file yet")
            diag_.warn(pica::Warning::CacheIgnored, "vertex pre-pass shader cache " +
                                                        prepass_disk_.file_name(cache_dir_) +
                                                        " ignored and rebuilt: " + prepass_why);
        std::ifstream in(pipeline_file(cache_dir_, device_profile(device)), std::ios::binary);
        if (in) {
            std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                            std::istreambuf_iterator<char>());
            if (shadergen::unwrap_pipeline_blob(bytes)) {
                initial = std::move(bytes);
            } else {
                diag_.warn(pica::Warning::CacheIgnored,
                           "pipeline cache ignored and rebuilt: checksum mismatch or truncated");
            }
        }
        const std::string keys_path = key_file(cache_dir_, device_profile(device));
        const std::vector<std::uint8_t> list = read_whole(keys_path);
        if (!list.empty()) {
            std::string refused;
            const std::vector<std::uint8_t> records =
                shadergen::read_key_list(list, sizeof(PipelineKey), refused);
            if (refused.empty()) {
                for (std::size_t at = 0; at < records.size(); at += sizeof(PipelineKey)) {
                    PipelineKey k;
                    std::memcpy(&k, &records[at], sizeof k);
                    add_listed(k);
                }
            } else {
                diag_.warn(pica::Warning::CacheIgnored,
                           "key list " + keys_path + " ignored and rebuilt: " + refused);
            }
        }
    }
    try {
        create_objects(initial);
    } catch (...) {
        destroy_objects(); // what was made before the failure
        throw;
    }
}

void PipelineCache::save() {
    if (cache_dir_.empty()) return;
    // (Under the lock: compile threads may be adding to the caches meanwhile.)
    {
        std::lock_guard lock(mutex_);
        if (disk_.dirty() && disk_.save_file(cache_dir_)) disk_.mark_clean();
        if (vertex_disk_.dirty() && vertex_disk_.save_file(cache_dir_)) vertex_disk_.mark_clean();
        if (compute_disk_.dirty() && compute_disk_.save_file(cache_dir_))
            compute_disk_.mark_clean();
        if (prepass_disk_.dirty() && prepass_disk_.save_file(cache_dir_))
            prepass_disk_.mark_clean();
    }
    {
        std::lock_guard lock(mutex_);
        // Keys met this session that the list lacks, appended in the order met: a warm start
        // builds a game's keys in the order it first met them.
        bool grown = false;
        for (const PipelineKey& k : met_)
            grown |= add_listed(k);
        if (grown)
            shadergen::write_file_atomically(
                key_file(cache_dir_, device_profile(device_)),
                shadergen::write_key_list({reinterpret_cast<const std::uint8_t*>(listed_.data()),
                                           listed_.size() * sizeof(PipelineKey)},
                                          sizeof(PipelineKey)));
    }
    // Clean from here: a pipeline a compile thread makes while the data is read marks it dirty
    // again, for the next save. Where the data is not written, it stays dirty.
    {
        std::lock_guard lock(mutex_);
        if (!std::exchange(pipelines_dirty_, false)) return;
    }
    auto write = [&] {
        std::size_t size = 0;
        if (vkGetPipelineCacheData(device_.device(), cache_, &size, nullptr) != VK_SUCCESS)
            return false;
        std::vector<std::uint8_t> bytes(size);
        if (vkGetPipelineCacheData(device_.device(), cache_, &size, bytes.data()) != VK_SUCCESS)
            return false;
        bytes.resize(size);
        return shadergen::write_file_atomically(pipeline_file(cache_dir_, device_profile(device_)),
                                                shadergen::wrap_pipeline_blob(bytes));
    };
    if (!write()) {
        std::lock_guard lock(mutex_);
        pipelines_dirty_ = true;
    }
}

void PipelineCache::create_objects(const std::vector<std::uint8_t>& initial) {
    // Every binding is one descriptor read by the fragment stage, and by the compute
    // rasteriser's shader, which runs the same fragment code (pipeline_cache_compute.cpp).
    auto binding = [](std::uint32_t b, VkDescriptorType type) {
        return VkDescriptorSetLayoutBinding{
            b, type, 1, VK_SHADER_STAGE_FRAGMENT_BIT | VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
    };
    const VkDescriptorSetLayoutBinding bindings[10] = {
        // Fragment uniforms, one entry per draw of a merged host draw (the vertex draw number).
        binding(0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC),
        // Texture units 0-2.
        binding(shadergen::kTextureBindingFirst, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER),
        binding(shadergen::kTextureBindingFirst + 1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER),
        binding(shadergen::kTextureBindingFirst + 2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER),
        binding(shadergen::kLutBinding, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER),
        binding(shadergen::kFramebufferCopyBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER),
        // Lighting, proctex and gas values: their own block, uploaded when they change.
        binding(shadergen::kBlockUniformsBinding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC),
        // Shadow mode and gas accumulation: the colour target as r32ui storage, and gas
        // accumulation's sampled depth buffer (placeholders in other draws).
        binding(shadergen::kShadowBufferBinding, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE),
        binding(shadergen::kGasDepthBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER),
        // The GPU vertex path's program uniforms (shadergen::VertexProgramUniforms), which the
        // compute rasteriser's vertex pre-pass reads too.
        VkDescriptorSetLayoutBinding{
            shadergen::kVertexProgramBinding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 1,
            VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_COMPUTE_BIT, nullptr},
    };
    VkDescriptorSetLayoutCreateInfo dl{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    dl.bindingCount = static_cast<std::uint32_t>(std::size(bindings));
    dl.pBindings = bindings;
    check(vkCreateDescriptorSetLayout(device_.device(), &dl, nullptr, &set_layout_),
          "vkCreateDescriptorSetLayout");
    device_.name(set_layout_, VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, "pica descriptor set layout");
    const VkPushConstantRange push{VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(shadergen::UberConfig)};
    VkPipelineLayoutCreateInfo pl{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    pl.setLayoutCount = 1;
    pl.pSetLayouts = &set_layout_;
    pl.pushConstantRangeCount = 1;
    pl.pPushConstantRanges = &push;
    check(vkCreatePipelineLayout(device_.device(), &pl, nullptr, &layout_),
          "vkCreatePipelineLayout");
    device_.name(layout_, VK_OBJECT_TYPE_PIPELINE_LAYOUT, "pica pipeline layout");
    VkPipelineCacheCreateInfo pc{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
    pc.initialDataSize = initial.size();
    pc.pInitialData = initial.empty() ? nullptr : initial.data();
    check(vkCreatePipelineCache(device_.device(), &pc, nullptr, &cache_), "vkCreatePipelineCache");
    device_.name(cache_, VK_OBJECT_TYPE_PIPELINE_CACHE, "pica pipeline cache");

    const auto vs =
        shadergen::compile_glsl(shadergen::ShaderStage::Vertex, shadergen::generate_vertex_glsl());
    if (!vs.ok()) throw std::runtime_error("vertex shader failed to compile: " + vs.log);
    vertex_ = module(vs.code, "pica vertex shader");
    const std::string uber_glsl = shadergen::generate_ubershader_glsl();
    dump_shader("ubershader.frag", uber_glsl);
    const auto uber = shadergen::compile_glsl(shadergen::ShaderStage::Fragment, uber_glsl);
    if (!uber.ok()) throw std::runtime_error("the ubershader failed to compile: " + uber.log);
    ubershader_ = module(uber.code, "pica ubershader");
    create_vertex_path_objects();
    if (device_.compute_raster()) {
        create_compute_raster_objects();
        if (device_.compute_raster_prepass()) create_vertex_prepass_objects();
    }
}

void PipelineCache::destroy_objects() {
    VkDevice d = device_.device();
    for (auto& [k, p] : pipelines_)
        vkDestroyPipeline(d, p, nullptr);
    for (auto& [k, p] : uber_pipelines_)
        vkDestroyPipeline(d, p, nullptr);
    if (ubershader_) vkDestroyShaderModule(d, ubershader_, nullptr);
    for (auto& [k, m] : fragments_)
        vkDestroyShaderModule(d, m, nullptr);
    if (vertex_) vkDestroyShaderModule(d, vertex_, nullptr);
    for (auto& [k, p] : vertex_paths_)
        vkDestroyPipeline(d, p, nullptr);
    for (auto& [k, m] : programs_)
        if (m) vkDestroyShaderModule(d, m, nullptr);
    if (geometry_) vkDestroyShaderModule(d, geometry_, nullptr);
    for (auto& pipelines : compute_pipelines_)
        for (auto& [k, p] : pipelines)
            if (p) vkDestroyPipeline(d, p, nullptr);
    for (auto& [k, p] : prepasses_)
        if (p) vkDestroyPipeline(d, p, nullptr);
    if (prepass_layout_) vkDestroyPipelineLayout(d, prepass_layout_, nullptr);
    if (prepass_set_layout_) vkDestroyDescriptorSetLayout(d, prepass_set_layout_, nullptr);
    if (compute_bin_) vkDestroyPipeline(d, compute_bin_, nullptr);
    if (compute_layout_) vkDestroyPipelineLayout(d, compute_layout_, nullptr);
    if (compute_set_layout_) vkDestroyDescriptorSetLayout(d, compute_set_layout_, nullptr);
    if (cache_) vkDestroyPipelineCache(d, cache_, nullptr);
    if (layout_) vkDestroyPipelineLayout(d, layout_, nullptr);
    if (set_layout_) vkDestroyDescriptorSetLayout(d, set_layout_, nullptr);
}

PipelineCache::~PipelineCache() {
    workers_.stop(); // what is queued is dropped; what runs finishes
    try {
        save();
    } catch (...) {
        // A cache that cannot be written is rebuilt next time.
    }
    destroy_objects();
}

VkShaderModule PipelineCache::module(const std::vector<std::uint32_t>& spirv,
                                     const std::string& name) {
    VkShaderModuleCreateInfo ci{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    ci.codeSize = spirv.size() * 4;
    ci.pCode = spirv.data();
    VkShaderModule m = VK_NULL_HANDLE;
    check(vkCreateShaderModule(device_.device(), &ci, nullptr, &m), "vkCreateShaderModule");
    device_.name(m, VK_OBJECT_TYPE_SHADER_MODULE, name);
    return m;
}

// Any thread. The lock is not held while glslang runs.
VkShaderModule PipelineCache::fragment_module(const shadergen::FragmentConfig& c) {
    const std::uint64_t hash = shadergen::hash(c);
    char name[48];
    std::snprintf(name, sizeof name, "pica fragment %016llx",
                  static_cast<unsigned long long>(hash));
    std::vector<std::uint32_t> spirv;
    bool from_disk = false;
    std::optional<CompileClaims::Claim> claim;
    {
        std::unique_lock lock(mutex_);
        module_claims_.wait(lock, hash);
        auto it = fragments_.find(c);
        if (it != fragments_.end()) return it->second;
        if (const std::vector<std::uint32_t>* cached = disk_.find(c)) {
            spirv = *cached;
            from_disk = true;
        }
        claim.emplace(module_claims_, mutex_, hash);
    }
    if (!from_disk) {
        const std::string glsl = shadergen::generate_fragment_glsl(c);
        dump_shader("fs_", shadergen::hash(c), ".frag", glsl);
        auto fs = shadergen::compile_glsl(shadergen::ShaderStage::Fragment, glsl);
        if (!fs.ok())
            throw std::runtime_error("generated fragment shader failed to compile: " + fs.log +
                                     "\n" + glsl);
        spirv = std::move(fs.code);
    }
    VkShaderModule m = module(spirv, name);
    std::lock_guard lock(mutex_);
    auto [it, inserted] = fragments_.emplace(c, m);
    if (!inserted) { // another thread built it meanwhile (CompileClaims keeps that from happening)
        vkDestroyShaderModule(device_.device(), m, nullptr);
        ++(from_disk ? stats_.shaders_from_disk : stats_.shaders_compiled); // so that it shows
        return it->second;
    }
    if (from_disk) {
        ++stats_.shaders_from_disk;
    } else {
        ++stats_.shaders_compiled;
        if (!cache_dir_.empty()) disk_.insert(c, std::move(spirv));
    }
    return m;
}

VkPipeline PipelineCache::specialised(const PipelineKey& key, bool* made) {
    const std::uint64_t id = hash(key);
    std::optional<CompileClaims::Claim> claim;
    {
        std::unique_lock lock(mutex_);
        pipeline_claims_.wait(lock, id);
        if (const auto it = pipelines_.find(key); it != pipelines_.end()) return it->second;
        claim.emplace(pipeline_claims_, mutex_, id);
    }
    VkPipeline p = create(key, fragment_module(key.fragment));
    std::lock_guard lock(mutex_);
    ++stats_.pipelines_created; // (a second build, which the claim keeps from happening, shows)
    auto [it, inserted] = pipelines_.emplace(key, p);
    if (!inserted) {
        vkDestroyPipeline(device_.device(), p, nullptr);
        return it->second;
    }
    if (made) *made = true;
    pipelines_dirty_ = true;
    if (!listed_set_.count(key)) ++stats_.pipelines_unlisted;
    return p;
}

void PipelineCache::meet(const PipelineKey& key) {
    if (met_set_.insert(key).second) met_.push_back(key);
}

bool PipelineCache::add_listed(const PipelineKey& key) {
    if (!listed_set_.insert(key).second) return false;
    listed_.push_back(key);
    return true;
}

void PipelineCache::note(const PipelineKey& key) {
    std::lock_guard lock(mutex_);
    meet(key);
}

std::vector<PipelineKey> PipelineCache::met_keys() const {
    std::lock_guard lock(mutex_);
    return met_;
}

VkPipeline PipelineCache::ubershader_pipeline(const PipelineKey& key) {
    PipelineKey k = key;
    k.fragment = shadergen::FragmentConfig{}; // the ubershader reads it from push constants
    {
        std::lock_guard lock(mutex_);
        auto it = uber_pipelines_.find(k);
        if (it != uber_pipelines_.end()) return it->second;
    }
    VkPipeline p = create(k, ubershader_);
    std::lock_guard lock(mutex_);
    uber_pipelines_.emplace(k, p);
    ++stats_.pipelines_created;
    return p;
}

PipelineChoice PipelineCache::get(const PipelineKey& key) {
    // Pipelines in pipelines_ live as long as the cache, so the last one found stays valid.
    if (last_.pipeline && last_.key == key) {
        last_hits_.store(last_hits_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
        return {last_.pipeline, false};
    }
    bool listed = false;
    {
        std::lock_guard lock(mutex_);
        auto it = pipelines_.find(key);
        if (it != pipelines_.end()) {
            ++stats_.pipeline_hits;
            last_ = {key, it->second};
            return {it->second, false};
        }
        meet(key);
        // Async mode: a key the cache directory lists was built ahead of time (picavk-precompile,
        // or an earlier run): its SPIR-V is on disk and the device's pipeline cache holds it, so
        // the specialised pipeline is made at once instead of drawing with the ubershader.
        listed = listed_set_.count(key) && disk_.find(key.fragment);
    }
    const bool covered = shadergen::ubershader_covers(key.fragment);
    bool use_ubershader = false;
    if (covered && mode_ == CompileMode::UbershaderOnly) {
        use_ubershader = true;
    } else if (covered && !listed && mode_ == CompileMode::Async) {
        std::lock_guard lock(mutex_);
        if (!failed_.count(key)) {
            use_ubershader = true;
            if (pending_.insert(key).second) {
                enqueue(Job{key, nullptr, nullptr});
            }
        }
    }
    if (use_ubershader) {
        VkPipeline p = ubershader_pipeline(key);
        std::lock_guard lock(mutex_);
        ++stats_.ubershader_draws;
        return {p, true};
    }
    const VkPipeline p = specialised(key);
    last_ = {key, p};
    return {p, false};
}

PipelineKey PipelineCache::as_drawn(PipelineKey k) const {
    // A key list made on another device (a shipped list) says whether its D24 buffers were in
    // float images there: this device's draws of those keys say whether they are here. A list
    // made before 16-bit colour was narrowed, and alpha writes masked, on every device has keys
    // today's draws no longer make: they are built as today's draws ask.
    k.fragment.depth_grid24 =
        k.depth_format < 4 && formats_.depth[k.depth_format] == VK_FORMAT_D32_SFLOAT_S8_UINT;
    k.fragment.color_narrow = color_narrow(k);
    if (k.color_format == 3) k.write_mask &= 0x7;
    return k;
}

void PipelineCache::build_listed_ahead() {
    if (mode_ != CompileMode::Async) return;
    std::lock_guard lock(mutex_);
    // The compute rasteriser's first: on a device that has it, most draws take it, after their
    // vertex pre-passes (keyed by the programs' code, not listed: every one on disk).
    if (prepass_layout_)
        for (const shadergen::VertexPrepassKey& k : prepass_disk_.keys())
            if (!prepasses_.count(k)) {
                Job job{PipelineKey{}, nullptr, nullptr};
                job.prepass = std::make_unique<shadergen::VertexPrepassKey>(k);
                job.ahead = true;
                enqueue(std::move(job));
            }
    // Then the listed keys in the list's order, the order a game first met them, so that its
    // first scene's come first; a listed key today's draws would not make (from a list an older
    // picavk wrote) is left.
    std::vector<const PipelineKey*> drawn;
    drawn.reserve(listed_.size());
    for (const PipelineKey& k : listed_)
        if (as_drawn(k) == k) drawn.push_back(&k);
    for (const PipelineKey* k : drawn) {
        if (!compute_raster_candidate(*k)) continue;
        for (const bool uncut : compute_variants())
            if (!compute_pipelines_[uncut].count(*k) &&
                compute_disk_.find(compute_raster_key(*k, uncut))) {
                Job job{*k, nullptr, nullptr};
                job.compute_raster = true;
                job.uncut = uncut;
                job.ahead = true;
                enqueue(std::move(job));
            }
    }
    for (const PipelineKey* k : drawn)
        if (!pipelines_.count(*k) && disk_.find(k->fragment)) {
            Job job{*k, nullptr, nullptr};
            job.ahead = true;
            enqueue(std::move(job));
        }
}

void PipelineCache::set_compile_threads(unsigned threads) {
    workers_.set_threads(threads);
}

unsigned PipelineCache::compile_threads() const {
    return workers_.threads();
}

void PipelineCache::enqueue(Job job) {
    const auto priority = job.ahead                           ? CompileWorkers::Priority::Last
                          : job.compute_raster || job.prepass ? CompileWorkers::Priority::First
                                                              : CompileWorkers::Priority::Later;
    // (std::function wants a copyable callable: the job's own pointers are not.)
    workers_.post([this, shared = std::make_shared<Job>(std::move(job))] { build(*shared); },
                  priority);
}

void PipelineCache::build(Job& job) {
    // Built ahead while the mode was Async: not after a change to another (set_mode), whose
    // draws make what they need themselves, or draw with the ubershader.
    if (job.ahead && mode_ != CompileMode::Async) return;
    bool ok = true, made = false;
    try {
        if (job.vertex_path)
            build_vertex_path(*job.vertex_path, *job.program);
        else if (job.prepass)
            build_vertex_prepass(*job.prepass, job.program.get(), &made);
        else if (job.compute_raster)
            build_compute_raster(job.key, job.uncut, &made);
        else
            specialised(job.key, &made);
    } catch (...) {
        ok = false; // the draw thread builds it itself and reports the failure
    }
    const std::lock_guard lock(mutex_);
    if (job.ahead) {
        stats_.pipelines_built_ahead += ok && made;
        return;
    }
    if (job.vertex_path) {
        if (!ok) vertex_paths_failed_.insert(*job.vertex_path);
        vertex_paths_pending_.erase(*job.vertex_path);
    } else if (job.prepass) {
        // build_vertex_prepass stored it (null: refused). A Vulkan error stored nothing: it
        // is stored as failed, and reported, rather than queued again at every draw.
        if (!ok && prepasses_.emplace(*job.prepass, VK_NULL_HANDLE).second) {
            compute_failures_.push_back(
                "a vertex pre-pass pipeline failed to build (a Vulkan error); its draws' "
                "vertices are shaded on the CPU");
            compute_failed_.store(true, std::memory_order_relaxed);
        }
        prepasses_pending_.erase(*job.prepass);
    } else if (job.compute_raster) {
        // build_compute_raster stored it, null on failure; a Vulkan error stored nothing
        // and is stored and reported the same way.
        if (!ok && compute_pipelines_[job.uncut].emplace(job.key, VK_NULL_HANDLE).second) {
            compute_failures_.push_back("a compute rasteriser pipeline failed to build (a "
                                        "Vulkan error); its draws take the graphics pipeline");
            compute_failed_.store(true, std::memory_order_relaxed);
        }
        compute_pending_[job.uncut].erase(job.key);
    } else {
        if (!ok) failed_.insert(job.key);
        pending_.erase(job.key);
    }
}

void PipelineCache::wait_idle() {
    workers_.wait_idle();
    if (compute_failed_.load(std::memory_order_relaxed)) report_compute_failures();
}

PipelineStats PipelineCache::stats() const {
    std::lock_guard lock(mutex_);
    PipelineStats s = stats_;
    s.pipeline_hits += last_hits_.load(std::memory_order_relaxed);
    s.most_compiles_at_once = workers_.most_at_once();
    return s;
}

VkPipeline PipelineCache::create(const PipelineKey& key, VkShaderModule fragment,
                                 const VertexStageKey* stage, VkShaderModule vertex) {
    VkPipelineShaderStageCreateInfo stages[3]{};
    std::uint32_t stage_count = 0;
    auto add_stage = [&](VkShaderStageFlagBits bit, VkShaderModule m) {
        VkPipelineShaderStageCreateInfo& s = stages[stage_count++];
        s.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
        s.stage = bit;
        s.module = m;
        s.pName = "main";
    };
    add_stage(VK_SHADER_STAGE_VERTEX_BIT, stage ? vertex : vertex_);
    if (stage && stage->quaternion_flip) add_stage(VK_SHADER_STAGE_GEOMETRY_BIT, geometry_);
    add_stage(VK_SHADER_STAGE_FRAGMENT_BIT, fragment);

    // The CPU path: shaded OutputVertex records in one binding. The GPU path: each fetched
    // attribute at its location from its PICA buffer's binding.
    VkVertexInputBindingDescription bindings[pica::VertexLayout::kBuffers]{};
    VkVertexInputAttributeDescription attrs[pica::VertexLayout::kMaxAttributes]{};
    VkPipelineVertexInputStateCreateInfo vi{
        VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    if (!stage) {
        bindings[0] = {0, shadergen::kVertexStride, VK_VERTEX_INPUT_RATE_VERTEX};
        for (std::uint32_t i = 0; i < shadergen::kVertexAttributes; ++i)
            attrs[i] = {i, 0, VK_FORMAT_R32G32B32A32_SFLOAT, i * 16};
        vi.vertexBindingDescriptionCount = 1;
        vi.vertexAttributeDescriptionCount = shadergen::kVertexAttributes;
    } else {
        bool bound[pica::VertexLayout::kBuffers] = {};
        for (std::uint32_t n = 0; n < pica::VertexLayout::kMaxAttributes; ++n) {
            if (!fetched(*stage, n)) continue;
            attrs[vi.vertexAttributeDescriptionCount++] = {
                n, stage->buffer[n], vertex_format(stage->program.attribute[n]), stage->offset[n]};
            bound[stage->buffer[n]] = true;
        }
        for (std::uint32_t b = 0; b < pica::VertexLayout::kBuffers; ++b)
            if (bound[b])
                bindings[vi.vertexBindingDescriptionCount++] = {b, stage->stride[b],
                                                                VK_VERTEX_INPUT_RATE_VERTEX};
    }
    vi.pVertexBindingDescriptions = bindings;
    vi.pVertexAttributeDescriptions = attrs;
    VkPipelineInputAssemblyStateCreateInfo ia{
        VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
    ia.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    VkPipelineViewportStateCreateInfo vp{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
    vp.viewportCount = 1;
    vp.scissorCount = 1;
    VkPipelineRasterizationStateCreateInfo rs{
        VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
    rs.polygonMode = VK_POLYGON_MODE_FILL;
    rs.lineWidth = 1.0f;
    VkPipelineMultisampleStateCreateInfo ms{
        VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
    ms.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
    VkPipelineDepthStencilStateCreateInfo ds{
        VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
    ds.minDepthBounds = 0;
    ds.maxDepthBounds = 1;
    VkPipelineColorBlendAttachmentState att{};
    att.blendEnable = key.blend_enable;
    att.srcColorBlendFactor = kFactor[key.src_rgb];
    att.dstColorBlendFactor = kFactor[key.dst_rgb];
    att.colorBlendOp = kEquation[key.blend_eq_rgb];
    att.srcAlphaBlendFactor = kFactor[key.src_alpha];
    att.dstAlphaBlendFactor = kFactor[key.dst_alpha];
    att.alphaBlendOp = kEquation[key.blend_eq_alpha];
    att.colorWriteMask = key.write_mask;
    VkPipelineColorBlendStateCreateInfo cb{
        VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
    cb.logicOpEnable = key.logic_op_enable && device_.profile().logic_op;
    cb.logicOp = kLogicOp[key.logic_op & 15];
    cb.attachmentCount = key.color_format != 0xFF ? 1 : 0;
    cb.pAttachments = &att;
    const VkDynamicState dyn[] = {
        VK_DYNAMIC_STATE_VIEWPORT,           VK_DYNAMIC_STATE_SCISSOR,
        VK_DYNAMIC_STATE_CULL_MODE,          VK_DYNAMIC_STATE_FRONT_FACE,
        VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE,  VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE,
        VK_DYNAMIC_STATE_DEPTH_COMPARE_OP,   VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE,
        VK_DYNAMIC_STATE_STENCIL_OP,         VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK,
        VK_DYNAMIC_STATE_STENCIL_WRITE_MASK, VK_DYNAMIC_STATE_STENCIL_REFERENCE,
        VK_DYNAMIC_STATE_BLEND_CONSTANTS,
    };
    VkPipelineDynamicStateCreateInfo dy{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
    dy.dynamicStateCount = static_cast<std::uint32_t>(std::size(dyn));
    dy.pDynamicStates = dyn;

    VkFormat color = VK_FORMAT_UNDEFINED;
    if (key.color_format < 5) color = formats_.color[key.color_format];
    const VkFormat depth =
        key.depth_format < 4 ? formats_.depth[key.depth_format] : VK_FORMAT_UNDEFINED;
    VkPipelineRenderingCreateInfo ri{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
    ri.colorAttachmentCount = key.color_format != 0xFF ? 1 : 0;
    ri.pColorAttachmentFormats = &color;
    ri.depthAttachmentFormat = depth;
    ri.stencilAttachmentFormat =
        (depth == VK_FORMAT_D24_UNORM_S8_UINT || depth == VK_FORMAT_D32_SFLOAT_S8_UINT)
            ? depth
            : VK_FORMAT_UNDEFINED;

    VkGraphicsPipelineCreateInfo gp{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
    gp.pNext = &ri;
    gp.stageCount = stage_count;
    gp.pStages = stages;
    gp.pVertexInputState = &vi;
    gp.pInputAssemblyState = &ia;
    gp.pViewportState = &vp;
    gp.pRasterizationState = &rs;
    gp.pMultisampleState = &ms;
    gp.pDepthStencilState = &ds;
    gp.pColorBlendState = &cb;
    gp.pDynamicState = &dy;
    gp.layout = layout_;
    gp.flags = device_.pipeline_create_flags();
    VkPipeline p = VK_NULL_HANDLE;
    check(vkCreateGraphicsPipelines(device_.device(), cache_, 1, &gp, nullptr, &p),
          "vkCreateGraphicsPipelines");
    char name[64];
    std::snprintf(name, sizeof name, "pica pipeline %016llx",
                  static_cast<unsigned long long>(hash(key)));
    device_.name(p, VK_OBJECT_TYPE_PIPELINE, name);
    device_.capture_statistics(p, name);
    return p;
}

} // namespace picavk::vk
