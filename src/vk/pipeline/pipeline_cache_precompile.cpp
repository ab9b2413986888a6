#include "vk/pipeline/pipeline_cache.h"

// Ahead-of-time building (picavk-precompile, Session::precompile): a key list's fragment and
// compute rasteriser shaders into the disk caches, then, where asked, their pipelines into the
// device's pipeline cache.

#include "shadergen/compute_raster.h"
#include "shadergen/glsl_generator.h"
#include "shadergen/spirv_compiler.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <unordered_set>

namespace picavk::vk {

namespace {

// Runs `work` on `threads` threads, this one among them, until all return. An exception one
// throws sets `stop` (for the others to end early) and is thrown here once all have ended. Where
// no thread can be started, fewer do the work.
void on_threads(unsigned threads, std::atomic<bool>& stop, const std::function<void()>& work) {
    std::exception_ptr error;
    std::mutex error_lock;
    auto guarded = [&] {
        try {
            work();
        } catch (...) {
            std::lock_guard lock(error_lock);
            if (!error) error = std::current_exception();
            stop = true;
        }
    };
    std::vector<std::thread> pool;
    try {
        pool.reserve(std::max(1u, threads) - 1);
        for (unsigned t = 1; t < std::max(1u, threads); ++t)
            pool.emplace_back(guarded);
    } catch (...) { // the host refused a thread, or memory: those started (and this one) work
    }
    guarded();
    for (std::thread& t : pool)
        t.join();
    if (error) std::rethrow_exception(error);
}

} // namespace

PrecompileResult
PipelineCache::precompile(std::span<const PipelineKey> given, unsigned threads, bool pipelines,
                          const std::function<bool(const PrecompileProgress&)>& progress) {
    PrecompileResult result;
    std::vector<PipelineKey> keys(given.begin(), given.end());
    for (PipelineKey& k : keys)
        k = as_drawn(k);
    // The distinct fragment shaders and compute rasteriser shaders, and which of them the disk
    // caches lack.
    std::vector<shadergen::FragmentConfig> configs;
    std::vector<shadergen::ComputeRasterKey> computes;
    {
        std::unordered_set<shadergen::FragmentConfig, ConfigHash> seen;
        struct ComputeKeyHash {
            std::size_t operator()(const shadergen::ComputeRasterKey& k) const {
                return shadergen::hash(k);
            }
        };
        std::unordered_set<shadergen::ComputeRasterKey, ComputeKeyHash> seen_compute;
        std::lock_guard lock(mutex_);
        for (const PipelineKey& k : keys) {
            // Both of a key's compute shaders where draws use both: for the CPU's cut triangles
            // and the vertex pre-pass's uncut ones (the same shader where the CPU never cuts).
            for (const bool uncut : compute_variants()) {
                if (!compute_raster_candidate(k)) break;
                const shadergen::ComputeRasterKey ck = compute_raster_key(k, uncut);
                if (seen_compute.insert(ck).second) {
                    ++result.compute_shaders;
                    if (compute_disk_.find(ck))
                        ++result.compute_shaders_from_disk;
                    else
                        computes.push_back(ck);
                }
            }
            if (!seen.insert(k.fragment).second) continue;
            if (disk_.find(k.fragment))
                ++result.shaders_from_disk;
            else
                configs.push_back(k.fragment);
        }
        result.shaders = seen.size();
    }
    const std::size_t items = configs.size() + computes.size();
    // Shaders on `threads` threads: each takes the next one; the lock only around the results.
    // They are kept aside until every one is done, so a cancelled run leaves the cache as it
    // was (nothing met, nothing inserted, nothing saved, now or when the cache is destroyed).
    std::atomic<std::size_t> next{0};
    std::atomic<bool> cancelled{false};
    std::size_t done = 0;
    std::mutex report;
    std::vector<std::pair<std::size_t, std::vector<std::uint32_t>>> built, built_compute;
    auto work = [&] {
        for (std::size_t i; !cancelled && (i = next++) < items;) {
            if (i >= configs.size()) { // a compute rasteriser shader
                const shadergen::ComputeRasterKey& ck = computes[i - configs.size()];
                std::string failure;
                std::vector<std::uint32_t> code = compile_compute_raster(ck, failure);
                std::lock_guard lock(report);
                if (failure.empty())
                    built_compute.emplace_back(i - configs.size(), std::move(code));
                else
                    result.failures.emplace_back(shadergen::hash(ck), failure);
                if (progress && !progress({++done, items, false})) cancelled = true;
                continue;
            }
            const shadergen::FragmentConfig& c = configs[i];
            std::string failure;
            std::vector<std::uint32_t> code;
            try {
                const std::string glsl = shadergen::generate_fragment_glsl(c);
                shadergen::SpirvResult fs =
                    shadergen::compile_glsl(shadergen::ShaderStage::Fragment, glsl);
                if (fs.ok())
                    code = std::move(fs.code);
                else
                    failure = "the generated shader failed to compile: " + fs.log;
            } catch (const std::exception& e) {
                failure = std::string("generating the shader failed: ") + e.what();
            }
            std::lock_guard lock(report);
            if (failure.empty())
                built.emplace_back(i, std::move(code));
            else
                result.failures.emplace_back(shadergen::hash(c), failure);
            if (progress && !progress({++done, items, false})) cancelled = true;
        }
    };
    on_threads(threads, cancelled, work);
    if (cancelled) {
        result.cancelled = true;
        result.failures.clear();
        return result;
    }
    // What a cancel in the pipeline phase takes back.
    bool disk_was_dirty, compute_disk_was_dirty, pipelines_were_dirty;
    std::size_t met_before;
    {
        std::lock_guard lock(mutex_);
        disk_was_dirty = disk_.dirty();
        compute_disk_was_dirty = compute_disk_.dirty();
        pipelines_were_dirty = pipelines_dirty_;
        met_before = met_.size();
        for (auto& [i, code] : built)
            disk_.insert(configs[i], std::move(code));
        for (auto& [i, code] : built_compute)
            compute_disk_.insert(computes[i], std::move(code));
        stats_.shaders_compiled += built.size();
        stats_.compute_raster_compiled += built_compute.size();
        for (const PipelineKey& k : keys)
            meet(k);
    }
    result.shaders_compiled = built.size();
    result.compute_shaders_compiled = built_compute.size();

    if (pipelines) {
        // The pipelines on `threads` threads too: on a GPU the driver's compile of each, not
        // glslang, takes most of a precompile's time. Keys sharing a fragment shader share its
        // module (the module claims, as for the compile threads).
        std::atomic<std::size_t> next_key{0};
        std::size_t made = 0;
        auto make = [&] {
            for (std::size_t i; !cancelled && (i = next_key++) < keys.size();) {
                const PipelineKey& k = keys[i];
                const std::uint64_t h = shadergen::hash(k.fragment);
                const bool failed = std::any_of(result.failures.begin(), result.failures.end(),
                                                [&](const auto& f) { return f.first == h; });
                if (!failed) specialised(k);
                // The compute pipeline too, where its shader was built; from the disk cache, as
                // a draw would (counted by build_compute_raster as from disk).
                std::size_t computed = 0;
                for (const bool uncut : compute_variants()) {
                    if (!compute_raster_candidate(k)) break;
                    VkPipeline p = VK_NULL_HANDLE;
                    bool known = false, on_disk = false;
                    {
                        std::lock_guard lock(mutex_);
                        const auto it = compute_pipelines_[uncut].find(k);
                        known = it != compute_pipelines_[uncut].end();
                        if (known) p = it->second;
                        on_disk = compute_disk_.find(compute_raster_key(k, uncut)) != nullptr;
                    }
                    if (!known && on_disk) p = build_compute_raster(k, uncut);
                    computed += p != VK_NULL_HANDLE;
                }
                std::lock_guard lock(report);
                result.pipelines += !failed;
                result.compute_pipelines += computed;
                if (progress && !progress({++made, keys.size(), true})) cancelled = true;
            }
        };
        on_threads(threads, cancelled, make);
        if (cancelled) {
            // The cache goes back to what it held: the new shaders and keys are taken out, and
            // the pipeline blob is written only if it was due anyway. The pipelines made stay
            // in memory for this session's draws.
            std::lock_guard lock(mutex_);
            for (const auto& entry : built)
                disk_.erase(configs[entry.first]);
            for (const auto& entry : built_compute)
                compute_disk_.erase(computes[entry.first]);
            if (!disk_was_dirty) disk_.mark_clean();
            if (!compute_disk_was_dirty) compute_disk_.mark_clean();
            pipelines_dirty_ = pipelines_were_dirty;
            for (std::size_t m = met_before; m < met_.size(); ++m)
                met_set_.erase(met_[m]);
            met_.resize(met_before);
            result = {};
            result.cancelled = true;
            return result;
        }
    }
    save();
    return result;
}

} // namespace picavk::vk
