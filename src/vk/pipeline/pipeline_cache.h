#pragma once

// PipelineKey -> VkPipeline, created once per key and reused; FragmentConfig -> shader module
// (GLSL from shadergen, SPIR-V from glslang). One descriptor-set layout and pipeline layout
// serve every pipeline: a dynamic uniform buffer (FragmentUniforms), three texture units, the
// LUT texel buffer, the logic-op framebuffer copy, and the ubershader's push constants.
//
// Compile modes: Sync builds a missing pipeline at once. Async (the default) draws a new
// configuration with the ubershader while worker threads build the specialised pipeline, which
// later draws use (configurations the ubershader does not cover build at once). UbershaderOnly
// always uses the ubershader where it covers the configuration (tests).

#include "pica/diagnostics.h"
#include "shadergen/shader_disk_cache.h"
#include "shadergen/vertex_prepass.h"
#include "vk/pipeline/compile_claims.h"
#include "vk/pipeline/compile_workers.h"
#include "vk/pipeline/pipeline_key.h"
#include "vk/pipeline/vertex_stage_key.h"
#include "vk/surface/host_formats.h"

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace picavk::vk {

class Device;

struct PipelineStats {
    std::uint64_t pipelines_created = 0;
    // Specialised pipelines whose key the cache directory's key list did not name: what a
    // precompiled cache should have held (on a device with a real VkPipelineCache, the others
    // come from it).
    std::uint64_t pipelines_unlisted = 0;
    std::uint64_t pipeline_hits = 0;
    std::uint64_t shaders_compiled = 0;          // GLSL generated and compiled with glslang
    std::uint64_t shaders_from_disk = 0;         // SPIR-V found in the disk cache
    std::uint64_t ubershader_draws = 0;          // draws that used the ubershader
    std::uint64_t vertex_programs_compiled = 0;  // PICA programs translated and compiled
    std::uint64_t vertex_programs_from_disk = 0; // their SPIR-V found in the disk cache
    std::uint64_t compute_raster_pipelines = 0;  // compute rasteriser pipelines built
    std::uint64_t compute_raster_compiled = 0;   // their shaders generated and compiled
    std::uint64_t compute_raster_from_disk = 0;  // their SPIR-V found in the disk cache
    std::uint64_t vertex_prepasses_compiled =
        0; // compute vertex pre-passes translated and compiled
    std::uint64_t vertex_prepasses_from_disk = 0; // their SPIR-V found in the disk cache
    // The most background compiles that ran at once (CompileWorkers::most_at_once).
    std::uint64_t most_compiles_at_once = 0;
    // Pipelines build_listed_ahead() made before any draw asked for them: graphics and compute
    // rasteriser pipelines of listed keys, and vertex pre-passes.
    std::uint64_t pipelines_built_ahead = 0;
};

enum class CompileMode : std::uint8_t { Async, Sync, UbershaderOnly };

// What precompile() did, and where it is.
struct PrecompileProgress {
    std::size_t done = 0, total = 0; // work items: shaders, then pipelines
    bool pipelines = false;          // the pipeline phase
};
struct PrecompileResult {
    std::size_t shaders = 0, shaders_compiled = 0, shaders_from_disk = 0;
    std::size_t pipelines = 0;
    // The compute rasteriser's shaders and pipelines, on devices that have it: one for each key
    // it would draw (PipelineCache::compute_raster_candidate), two where the vertex pre-pass's
    // uncut draws need their own (compute_variants).
    std::size_t compute_shaders = 0, compute_shaders_compiled = 0, compute_shaders_from_disk = 0;
    std::size_t compute_pipelines = 0;
    // Keys whose shader failed to compile (a generator bug): the shader key's hash (FragmentConfig
    // or ComputeRasterKey) and the message.
    std::vector<std::pair<std::uint64_t, std::string>> failures;
    bool cancelled = false; // progress returned false: nothing was kept or written
};

// What a draw binds: the pipeline, and whether it is the ubershader (push its UberConfig).
struct PipelineChoice {
    VkPipeline pipeline = VK_NULL_HANDLE;
    bool ubershader = false;
};

// PICAVK_DUMP_SHADERS=DIR writes every generated shader there, named by its key hash: fragment
// shaders (fs_*.frag), the ubershader, the compute rasteriser's (cr_*.comp);
// scripts/shader_sizes.sh measures the fragment shaders.
void dump_shader(const char* file, const std::string& glsl);
// ... as `prefix` + the hash in hex + `extension` ("fs_", hash, ".frag").
void dump_shader(const char* prefix, std::uint64_t hash, const char* extension,
                 const std::string& glsl);

class PipelineCache {
  public:
    // `cache_dir`: where the shader and pipeline caches live (empty: memory only). Files that
    // fail their checks are reported through `diag` and rebuilt.
    PipelineCache(const Device& device, const HostFormats& formats, std::string cache_dir,
                  pica::Diagnostics& diag, CompileMode mode = CompileMode::Async);
    ~PipelineCache();
    PipelineCache(const PipelineCache&) = delete;
    PipelineCache& operator=(const PipelineCache&) = delete;

    PipelineChoice get(const PipelineKey& key);
    // The GPU vertex path (pipeline_cache_vertex.cpp): a pipeline whose vertex stage runs the
    // translated program. The translation, its SPIR-V and the pipeline are built like
    // specialised fragment pipelines: at once in Sync and UbershaderOnly modes (the latter with
    // the ubershader's fragment stage), on a worker thread in Async mode - where the draw
    // gets no pipeline (`why` Compiling) and runs on the CPU meanwhile. A program the translator
    // refuses gives none either (`why` ProgramRefused), and is not tried again.
    PipelineChoice get_vertex_path(const PipelineKey& key, const VertexStageKey& stage,
                                   const pica::ShaderProgram& program, pica::VertexFallback& why);
    // The compute rasteriser (pipeline_cache_compute.cpp; shadergen/compute_raster.h): a compute
    // pipeline that draws with the key's fragment shader and colour output. Built like a
    // specialised pipeline: at once in Sync mode, on a worker thread in Async mode (no
    // pipeline meanwhile: the draw takes the graphics path), never in UbershaderOnly mode. Null
    // where the device has no compute rasteriser or its shader does not cover the key, and where
    // the shader failed (a generator bug: a counted warning, once; the graphics path draws).
    // A key the cache directory lists whose SPIR-V is on disk is built at once in Async mode too
    // (as get() does).
    // `uncut`: for draws whose triangles nobody cut (the vertex pre-pass shaded them): the
    // shader that rasterises triangles reaching behind the eye itself (ComputeRasterKey::uncut;
    // the same pipeline where the device never cuts, Device::compute_raster_cpu_clip).
    VkPipeline get_compute_raster(const PipelineKey& key, bool uncut = false);
    // Whether the compute rasteriser would draw with the key, as far as the key tells (the
    // draw's stencil test and depth buffer decide the rest): the keys precompile() builds its
    // pipelines for.
    bool compute_raster_candidate(const PipelineKey& key) const;
    // Whether its compute rasteriser shader writes the colour target
    // (shadergen::compute_raster_writes_color): else the target needs no storage usage.
    bool compute_raster_writes_color(const PipelineKey& key) const;
    // What its shader is generated from (the disk cache's key; its hash names the shader).
    shadergen::ComputeRasterKey compute_raster_key(const PipelineKey& key,
                                                   bool uncut = false) const;
    VkPipelineLayout compute_raster_layout() const { return compute_layout_; }
    // Its binning pass (shadergen::generate_compute_bin_glsl; one for every key), built at the
    // first call, on the caller's thread.
    VkPipeline compute_bin_pipeline();
    VkDescriptorSetLayout compute_raster_set_layout() const { return compute_set_layout_; }
    // The compute rasteriser's vertex pre-pass (pipeline_cache_prepass.cpp,
    // shadergen/vertex_prepass.h): the program as a compute pipeline that shades a draw's
    // vertices into OutputVertex records. Built like the GPU vertex path's pipelines: at once in
    // Sync and UbershaderOnly modes, and in Async mode where its SPIR-V is on disk; else on a
    // worker thread (null meanwhile, `why` Compiling: the draw's vertices are shaded on the CPU).
    // Null with `why` ProgramRefused where the translator refuses the program (not tried again).
    VkPipeline get_vertex_prepass(const shadergen::VertexProgramKey& key,
                                  const pica::ShaderProgram& program, pica::VertexFallback& why);
    VkPipelineLayout vertex_prepass_layout() const { return prepass_layout_; }
    VkDescriptorSetLayout vertex_prepass_set_layout() const { return prepass_set_layout_; }
    // Why the translator refused a program (empty: it did not).
    std::string refusal(const shadergen::VertexProgramKey& key) const;
    // Whether the device has geometry shaders (the quaternion flip of lit draws).
    bool has_geometry_stage() const { return geometry_ != VK_NULL_HANDLE; }
    VkPipelineLayout layout() const { return layout_; }
    VkDescriptorSetLayout set_layout() const { return set_layout_; }
    PipelineStats stats() const;
    // Waits until the background workers have built everything asked of it (tests, shutdown),
    // then reports the compute shaders that failed (the drawing thread's call).
    void wait_idle();
    // How later draws with a new configuration get their shader (changeable at any time;
    // compiles under way finish either way).
    void set_mode(CompileMode mode) { mode_ = mode; }
    // Async mode's background compiles run on up to `threads` worker threads (at least one):
    // a scene's new configurations build side by side, glslang and the driver's compiler each
    // on its own core. Threads already started stay until the cache goes.
    void set_compile_threads(unsigned threads);
    // Async mode: the pipelines the cache directory's key list names, whose SPIR-V it holds, are
    // made on the compile threads from now on, after any a draw waits for (Priority::Last; the
    // vertex pre-passes first, then every key's compute rasteriser pipelines, then every key's
    // graphics pipeline, the keys in the list's order: the order the game first met them, which
    // save() keeps). Without them, a draw meeting such a key made its pipeline at once on the
    // drawing thread (no stand-in), so a warm start's first frames made every one of them there
    // (on lavapipe about 60 ms a compute pipeline; on a GPU, where the driver's pipeline cache
    // was made by another driver version, a whole compile each). A draw that meets one being
    // made waits for it; one that meets one still queued makes it itself.
    void build_listed_ahead();
    unsigned compile_threads() const;
    CompileMode mode() const { return mode_; }
    // Writes the disk caches now (also done on destruction): the SPIR-V, the VkPipelineCache
    // data and the key list (the keys listed before and those met since).
    void save();

    // The keys draws have asked for, in the order first met (collect mode included).
    std::vector<PipelineKey> met_keys() const;
    // Collect mode: records the key as met, builds nothing.
    void note(const PipelineKey& key);
    // Builds every key ahead of time: the distinct fragment shaders and, on a device with the
    // compute rasteriser, the compute shaders of its candidate keys, on `threads` threads
    // (glslang; SPIR-V already on disk is kept), then, with `pipelines`, each pipeline on the
    // device (into the VkPipelineCache), on those threads too; then saves. A shader that fails is
    // reported, not thrown. The keys join the key list.
    PrecompileResult precompile(std::span<const PipelineKey> keys, unsigned threads, bool pipelines,
                                const std::function<bool(const PrecompileProgress&)>& progress);

  private:
    struct KeyHash {
        std::size_t operator()(const PipelineKey& k) const { return hash(k); }
    };
    struct ConfigHash {
        std::size_t operator()(const shadergen::FragmentConfig& c) const {
            return shadergen::hash(c);
        }
    };
    VkShaderModule module(const std::vector<std::uint32_t>& spirv, const std::string& name);
    // A compute pipeline on `layout`, by default the compute rasteriser's (any thread).
    VkPipeline compute_pipeline(const std::vector<std::uint32_t>& spirv, const std::string& name,
                                VkPipelineLayout layout = VK_NULL_HANDLE);
    // A compute pass's set 1 layout from `bindings`, and its pipeline layout: set 0 the graphics
    // pipelines' own, `push_bytes` of push constants; named after `name`.
    void create_compute_layout(std::span<const VkDescriptorSetLayoutBinding> bindings,
                               std::uint32_t push_bytes, const std::string& name,
                               VkDescriptorSetLayout& set_layout, VkPipelineLayout& layout);
    VkShaderModule fragment_module(const shadergen::FragmentConfig& c);
    // `stage`: the GPU vertex path's vertex input, with the program's module `vertex` (null:
    // the CPU path's pass-through vertex shader and OutputVertex layout).
    VkPipeline create(const PipelineKey& key, VkShaderModule fragment,
                      const VertexStageKey* stage = nullptr,
                      VkShaderModule vertex = VK_NULL_HANDLE);
    struct VertexPathKey {
        PipelineKey pipeline;
        VertexStageKey stage;
        bool ubershader = false; // UbershaderOnly mode: the ubershader's fragment stage
        bool operator==(const VertexPathKey&) const = default;
    };
    struct VertexPathHash {
        std::size_t operator()(const VertexPathKey& k) const;
    };
    struct ProgramKeyHash {
        std::size_t operator()(const shadergen::VertexProgramKey& k) const {
            return shadergen::hash(k);
        }
    };
    // The translated program's module (any thread); null when the translator refuses it.
    VkShaderModule vertex_program_module(const shadergen::VertexProgramKey& key,
                                         const pica::ShaderProgram& program);
    VkPipeline build_vertex_path(const VertexPathKey& key, const pica::ShaderProgram& program);
    VkFormat vertex_format(std::uint8_t attribute_format) const;
    void create_vertex_path_objects();
    void create_compute_raster_objects();
    // The compute rasteriser's shader, generated and compiled (any thread); empty with `failure`
    // set when the generator or glslang refuses it.
    static std::vector<std::uint32_t> compile_compute_raster(const shadergen::ComputeRasterKey& key,
                                                             std::string& failure);
    // Builds and stores it (any thread); a failure is kept for the draw thread to report.
    // `made`: set where this call made it (not found made, or failed, already).
    VkPipeline build_compute_raster(const PipelineKey& key, bool uncut, bool* made = nullptr);
    void create_vertex_prepass_objects();
    // The compute rasteriser's variants draws use (get_compute_raster's `uncut`): cut only, or
    // cut and uncut where the vertex pre-pass's draws need the latter apart.
    std::span<const bool> compute_variants() const;
    // Builds and stores it (any thread); null where the translator refuses the program. A
    // thread finding it being built waits for it. Without `program` (built ahead from the disk
    // cache) only SPIR-V on disk is built: null, stored as nothing, where there is none.
    VkPipeline build_vertex_prepass(const shadergen::VertexPrepassKey& key,
                                    const pica::ShaderProgram* program, bool* made = nullptr);
    // Builds and stores it (any thread), or returns the one stored; a thread finding it being
    // built waits for it. `made`: set where this call made it.
    VkPipeline specialised(const PipelineKey& key, bool* made = nullptr);
    VkPipeline ubershader_pipeline(const PipelineKey& key);
    // The key as this device's draws make it today (precompile's keys, those listed): a list made
    // on another device, or before a rule changed, may hold keys no draw asks for.
    PipelineKey as_drawn(PipelineKey k) const;
    void create_objects(const std::vector<std::uint8_t>& initial_pipeline_cache);
    void destroy_objects();

    const Device& device_;
    HostFormats formats_;
    VkDescriptorSetLayout set_layout_ = VK_NULL_HANDLE;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    VkPipelineCache cache_ = VK_NULL_HANDLE;
    VkShaderModule vertex_ = VK_NULL_HANDLE;
    std::unordered_map<shadergen::FragmentConfig, VkShaderModule, ConfigHash> fragments_;
    // Fragment shaders and vertex programs being compiled (a kind and key hash each), under
    // mutex_: a thread that finds one being compiled waits for it.
    CompileClaims module_claims_;
    // Pipelines being built, by key hash (graphics; compute ones by the hash plus 1 + uncut):
    // the compile threads building a listed key ahead, and a draw meeting it.
    CompileClaims pipeline_claims_;
    std::unordered_map<PipelineKey, VkPipeline, KeyHash> pipelines_;
    PipelineStats stats_;
    // The last specialised pipeline get() returned: most draws use their predecessor's, and a
    // key compare is cheaper than the map's hash, lock and lookup. Only the drawing thread
    // reads or writes it; its hits join stats().pipeline_hits.
    struct LastHit {
        PipelineKey key{};
        VkPipeline pipeline = VK_NULL_HANDLE;
    } last_;
    std::atomic<std::uint64_t> last_hits_{0};
    std::string cache_dir_;
    pica::Diagnostics& diag_;
    shadergen::ShaderDiskCache disk_;
    shadergen::VertexProgramDiskCache vertex_disk_;  // translated programs' SPIR-V
    shadergen::ComputeRasterDiskCache compute_disk_; // the compute rasteriser's SPIR-V
    shadergen::VertexPrepassDiskCache prepass_disk_; // its vertex pre-passes' SPIR-V
    bool pipelines_dirty_ = false;

    std::atomic<CompileMode> mode_;
    VkShaderModule ubershader_ = VK_NULL_HANDLE;
    // Ubershader pipelines by the key with its fragment configuration cleared.
    std::unordered_map<PipelineKey, VkPipeline, KeyHash> uber_pipelines_;
    // The GPU vertex path: program modules (null: refused), pipelines, the quaternion flip's
    // geometry stage (null without geometry shaders), and the host formats of PICA attributes
    // by VertexProgramKey::attribute (3-component formats a device cannot fetch widened to 4).
    std::unordered_map<shadergen::VertexProgramKey, VkShaderModule, ProgramKeyHash> programs_;
    std::unordered_map<VertexPathKey, VkPipeline, VertexPathHash> vertex_paths_;
    std::unordered_set<VertexPathKey, VertexPathHash> vertex_paths_pending_, vertex_paths_failed_;
    std::unordered_map<shadergen::VertexProgramKey, std::string, ProgramKeyHash> refusals_;
    VkShaderModule geometry_ = VK_NULL_HANDLE;
    VkFormat vertex_formats_[16]{};
    // The compute rasteriser: set 1's layout (vertices, indices, the colour target, the depth
    // words, the bins), the pipeline layout (set 0 the graphics pipelines' own), its pipelines
    // by key (null: the shader failed; the draws go through the graphics path), and the binning
    // pass's pipeline.
    VkDescriptorSetLayout compute_set_layout_ = VK_NULL_HANDLE;
    VkPipeline compute_bin_ = VK_NULL_HANDLE;
    VkPipelineLayout compute_layout_ = VK_NULL_HANDLE;
    // [0] for draws the CPU cut, [1] for uncut ones (get_compute_raster's `uncut`).
    std::unordered_map<PipelineKey, VkPipeline, KeyHash> compute_pipelines_[2];
    std::unordered_set<PipelineKey, KeyHash> compute_pending_[2];
    LastHit last_compute_[2]; // as last_, for get_compute_raster
    // The vertex pre-pass: set 1's layout (the attribute words, the output records), the
    // pipeline layout (set 0 the graphics pipelines' own, for the program's uniforms), and its
    // pipelines by program (null: refused).
    struct PrepassKeyHash {
        std::size_t operator()(const shadergen::VertexPrepassKey& k) const {
            return shadergen::hash(k);
        }
    };
    VkDescriptorSetLayout prepass_set_layout_ = VK_NULL_HANDLE;
    VkPipelineLayout prepass_layout_ = VK_NULL_HANDLE;
    std::unordered_map<shadergen::VertexPrepassKey, VkPipeline, PrepassKeyHash> prepasses_;
    std::unordered_set<shadergen::VertexPrepassKey, PrepassKeyHash> prepasses_pending_;
    // Compute shaders that failed on a worker, reported by the draw thread (Diagnostics is
    // the draw thread's) at its next compute draw or wait_idle().
    std::vector<std::string> compute_failures_;
    std::atomic<bool> compute_failed_{false}; // compute_failures_ holds some
    void report_compute_failures();
    // Guards the maps, the disk caches, the stats and pipelines_dirty_ against the compile
    // threads.
    mutable std::mutex mutex_;
    // Compile threads' jobs: a specialised pipeline, a GPU vertex path pipeline with its
    // program, a compute rasteriser pipeline, or a vertex pre-pass with its program.
    struct Job {
        PipelineKey key;
        std::unique_ptr<VertexPathKey> vertex_path;
        std::shared_ptr<const pica::ShaderProgram> program;
        bool compute_raster = false, uncut = false;
        std::unique_ptr<shadergen::VertexPrepassKey> prepass; // with `program`
        // Built ahead (build_listed_ahead): no draw waits for it, nor looks for it in the pending
        // sets; a failure is left for a draw meeting the key to find and report.
        bool ahead = false;
    };
    // Mutex held: hands the job to the workers. The compute rasteriser's pipelines and vertex
    // pre-passes go first (a draw waiting for one takes the graphics pipeline, which on a GPU
    // with few raster units cost 5-21 ms a frame at scale 8 on the H200; a pre-pass draw needs
    // both), then everything else (whose stand-ins - the ubershader, the CPU's vertex shading -
    // cost little more than what they stand for); last, those built ahead.
    void enqueue(Job job);
    // A worker's: builds it, then (locking) records what became of it.
    void build(Job& job);
    std::unordered_set<PipelineKey, KeyHash> pending_, failed_;
    // Keys met and keys the cache directory's key list names, each in the order first met (a
    // game's first scene first, for build_listed_ahead), with a set of each to look them up.
    std::vector<PipelineKey> met_, listed_;
    std::unordered_set<PipelineKey, KeyHash> met_set_, listed_set_;
    void meet(const PipelineKey& key); // mutex held
    // Mutex held (or constructing): false where it was listed already.
    bool add_listed(const PipelineKey& key);
    CompileWorkers workers_; // stopped first thing on destruction
};

} // namespace picavk::vk
