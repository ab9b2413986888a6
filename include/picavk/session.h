#pragma once

// picavk's public API: what an emulator or tool holds to feed the PICA200 command lists, GPU
// register writes and guest memory to picavk, and to get frames back.

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace picavk {

struct SubmitResult {
    bool finalized = false; // the list ended with GPUREG_FINALIZE
    bool error = false;     // processing stopped on bad input (see message)
    std::uint64_t commands = 0;
    std::uint64_t register_writes = 0;
    std::uint32_t jumps = 0;
    std::string message;
};

// What the geometry stage has done so far (vertex loading, shaders, primitive assembly).
struct GeometryCounters {
    std::uint64_t draws = 0;
    std::uint64_t vertex_shader_invocations = 0; // after the post-vertex cache
    std::uint64_t geometry_shader_invocations = 0;
    std::uint64_t triangles = 0;
    // The CPU shader unit (VertexShaders::Cpu, and what the Gpu path leaves to the CPU): runs of
    // up to 16 invocations at once, and invocations it handed to the interpreter because they
    // read state the invocation before them left.
    std::uint64_t shader_batches = 0;
    std::uint64_t shader_reruns = 0;
};

// How a draw with a new fragment configuration gets its shader: Async draws it at once with the
// ubershader while the specialised shader compiles in the background; Sync compiles first;
// UbershaderOnly never specialises (tests of the ubershader).
enum class ShaderCompile : std::uint8_t { Async, Sync, UbershaderOnly };
// Where PICA vertex programs run: translated into the host's vertex shaders (Gpu: the
// attribute buffers are fetched by the host, and the CPU interpreter runs only what the GPU
// path cannot - geometry shaders, immediate mode, a primitive continuing from the previous
// draw, a program still compiling; counted in RendererCounters) or on the CPU for every vertex
// (Cpu). The CPU runs programs on a batched shader unit (8 or 16 invocations per instruction,
// host SIMD); CpuInterpreter runs them one at a time on the interpreter it is checked against,
// with identical results (the reference).
enum class VertexShaders : std::uint8_t { Gpu, Cpu, CpuInterpreter };
// Where textures read from guest memory are untiled and converted to the host's RGBA8 images:
// Gpu uploads the guest bytes as they are and a fragment pass decodes them (half to an eighth of
// the bytes to copy for the 16-, 8- and 4-bit formats and ETC1, and no CPU time per texel);
// Cpu decodes them on the calling thread into the upload buffer (picavk's codecs, the
// reference). Auto picks by device: the GPU on GPUs, the CPU on CPU Vulkan drivers (lavapipe),
// where the pass costs more than it saves (picavk-bench BM_TextureUpload...). Both give the same
// bytes.
enum class TextureDecode : std::uint8_t { Auto, Gpu, Cpu };

// Custom textures, in the layout Citra and Azahar use (packs made for Azahar load here, and
// picavk's dumps load in Azahar): files tex1_{W}x{H}_{HASH}_{FORMAT}_mip{LEVEL}.png named by
// CityHash64 of the texture level's guest bytes, and a pack.json of options. Textures uploaded
// from guest memory are dumped and replaced; cube maps and render-to-texture are left alone.
struct CustomTextureConfig {
    // Writes each distinct texture level once as PNG into this folder (empty: no dumping), with
    // a pack.json template unless it has one. Azahar's folder for a game is
    // dump/textures/{title id, 16 hex digits}/; picavk writes straight into the one given.
    std::string dump_dir;
    // A pack folder (searched recursively, with its pack.json): each texture with a replacement
    // there draws the replacement instead, at its own size, sampled as the original would be
    // (filters, wrap, border, LOD range). Empty: none.
    std::string pack_dir;
    // Decode the whole pack when it is set (the session waits for it); off: each replacement is
    // decoded in the background when its texture is first used, the original drawn meanwhile
    // (RendererCounters::custom_texture_waits).
    bool preload = false;
    // Decoded replacements kept in memory, in bytes; past it the least recently used are dropped
    // (decoded again if needed again).
    std::uint64_t memory_budget = std::uint64_t{512} << 20;
    bool operator==(const CustomTextureConfig&) const = default;
};

// Texture filters, as Citra and Azahar apply them: a texture uploaded from guest memory gets a
// filtered image at the resolution scale, which its draws sample (none at scale 1; a pack's
// replacement is never filtered; cube maps and render-to-texture are left alone).
//  - Bicubic: the cubic B-spline interpolation (smooth, slightly soft).
//  - ScaleForce: BreadFish64's ScaleFORCE, a bicubic sample moved away from differing
//    neighbours (sharper edges).
//  - Mmpx: McGuire and Gagiu's MMPX pixel-art magnification (copies of source texels, 2x rules;
//    other scales take the 2x result's texel under each pixel).
//  - Xbrz: xBRZ at any scale (Zenju's xBRZ rules, "freescale"): diagonal edges blended smooth.
//  - Anime4k: bloc97's Anime4K (v1.0 RC2 UltraFast): lines found by a Sobel gradient thinned
//    and sharpened towards their light side.
enum class TextureFilter : std::uint8_t { None, Bicubic, ScaleForce, Mmpx, Xbrz, Anime4k };

// The Vulkan renderer. Off: the session runs the command front end and geometry stage only.
struct RendererConfig {
    bool enabled = false;
    std::uint32_t scale = 1; // resolution scale of render targets (1-10; set_scale changes it)
    int device = -1;         // index into the Vulkan devices; -1 picks (discrete GPU first)
    bool validation = false; // Vulkan validation layer (tests turn it on)
    std::string cache_dir;   // shader and pipeline caches on disk (empty: memory only)
    ShaderCompile shader_compile = ShaderCompile::Async;
    VertexShaders vertex_shaders = VertexShaders::Gpu;
    // With VertexShaders::Gpu, draws of fewer vertices than this stay on the CPU interpreter:
    // there consecutive draws that change only uniform values merge into one host draw, while
    // each GPU-path draw is a host draw of its own. 0 picks by device: 192 on CPU Vulkan drivers
    // (lavapipe: a host draw costs about 25 us, a CPU-shaded vertex 0.2 us; BM_RendererFrame*),
    // 16 on GPUs. 1 sends every draw it can to the GPU path.
    std::uint32_t gpu_vertex_min_draw = 0;
    // Presenting to a window (picavk/vulkan.h attach_window): the instance gets VK_KHR_surface
    // and every platform surface extension the loader has (xcb, xlib, wayland, win32, metal),
    // the device VK_KHR_swapchain.
    bool window_system = false;
    // Draws find their render targets and textures and build their pipeline keys, which are
    // recorded (export_shader_keys); nothing is compiled or drawn (picavk-precompile's fast
    // collection from traces).
    bool collect_keys_only = false;
    TextureDecode texture_decode = TextureDecode::Auto;
    // The embedder reports every write it makes to guest memory (write_memory, or
    // invalidate_region after writing through vram()/fcram()), as an emulator with page-level
    // write tracking can. Then a texture whose bytes nothing reported changed is not compared
    // with guest memory again at each end_frame: no hash of every texture a frame draws with,
    // which cost the 2-core VM 0.49 ms of host time a frame for 8 MiB of textures
    // (BM_TextureCheck). Off, writes behind picavk's back reach textures by the next frame
    // (docs/embedding.md).
    bool guest_writes_reported = false;
    // How many frames the GPU may be drawing when end_frame returns, counting the one it ends
    // (1-3): 1 waits for the GPU to finish the frame; 2 or 3 return once the frame 1 or 2
    // frames back has finished, so the GPU draws while the caller makes the next frame, as an
    // emulator's next frame. Screens, read-backs and flushes wait for what they need either
    // way; the GPU time a frame's counters show may then be an earlier frame's.
    std::uint32_t frames_in_flight = 1;
    // Host threads, counting the caller's, that share large moves of guest bytes: a texture of
    // more than 1 MiB hashed (and copied into staging for the GPU decode), write_memory of 1 MiB
    // or more. One host core moves far less than the host's memory can (the H200's host: 4 MiB
    // in 330 us by memcpy, in 530 hashed while copied). 0: the host's hardware threads, at most
    // 8; 1: none started. The threads sleep while nothing large is moved. PICAVK_HOST_THREADS
    // overrides it.
    std::uint32_t host_threads = 0;
    // Threads that build shaders and pipelines in the background (ShaderCompile::Async): a
    // scene's new configurations compile side by side, each on a core, where one thread took
    // them in turn (BM_RendererNewKeys). 0: the host's hardware threads less one (the thread
    // that draws), at most 4 (an emulator's CPU, audio and GPU threads need the rest); at most
    // 16. Started as compiles are asked for, asleep between them. PICAVK_COMPILE_THREADS
    // overrides it.
    std::uint32_t compile_threads = 0;
    // ShaderCompile::Async with a cache_dir: the pipelines its key list names whose shaders it
    // holds (picavk-precompile's, or an earlier run's) are made on the compile threads from the
    // start, behind any a draw waits for, compute rasteriser pipelines first. A draw meeting
    // such a key makes its pipeline at once, on the drawing thread, with no stand-in: a warm
    // start's first frames made them all there (on lavapipe about 60 ms a compute rasteriser
    // pipeline; on a GPU whose driver's pipeline cache another driver version wrote, a whole
    // compile each), now only those not yet made (one being made is waited for). Counted in
    // RendererCounters::pipelines_built_ahead.
    bool build_listed_pipelines = true;
    CustomTextureConfig custom_textures;
    TextureFilter texture_filter = TextureFilter::None;
    // Keep what the driver made of each pipeline (Session::pipeline_statistics), where the
    // device offers VK_KHR_pipeline_executable_properties; also PICAVK_PIPELINE_STATISTICS=1.
    // For tuning: capturing may keep a driver from caching pipelines.
    bool pipeline_statistics = false;
};

// What the driver made of one of picavk's pipelines, by the driver's own names: on NVIDIA the
// registers an invocation uses (which bound the warps in flight), on Mesa's drivers instruction
// counts.
struct PipelineStatistics {
    std::string pipeline;   // picavk's name ("compute raster 0123...", "pica pipeline 0123...")
    std::string executable; // the driver's name for one compiled stage ("Compute Shader")
    std::vector<std::pair<std::string, std::string>> values; // statistic, value as text
};

struct RendererCounters {
    std::uint64_t draws = 0, skipped_draws = 0, triangles = 0, render_passes = 0;
    // Vulkan draws recorded: consecutive draws that differ only in uniform values (constant
    // colours, fog colour, ...) are merged into one.
    std::uint64_t host_draws = 0;
    std::uint64_t pipelines_created = 0, pipeline_cache_hits = 0, shaders_compiled = 0;
    std::uint64_t shaders_from_disk = 0;
    std::uint64_t ubershader_draws = 0; // drawn with the ubershader while a shader compiled
    std::uint64_t submissions = 0, surface_uploads = 0, surface_writebacks = 0;
    // Of the submissions, those made between two draws because the GPU had finished everything
    // submitted before (it starts on the frame's first draws while the rest are recorded; not
    // on CPU devices: PICAVK_DEVICE_ASSUME=idle-submits, PICAVK_DEVICE_DISABLE=idle-submits).
    std::uint64_t idle_submissions = 0;
    std::uint64_t fill_clears = 0; // memory fills done as GPU clears of render targets
    // Memory fills that cleared whole rows of a target on the GPU, keeping the rest of it.
    std::uint64_t partial_fill_clears = 0;
    // Of fill_clears, those the next render pass on the target did as it began (a clear load
    // op: no separate pass, and no load of the target).
    std::uint64_t render_pass_clears = 0;
    // Of fill_clears, those of a render target spanning exactly the fill's bytes, which guest
    // memory did not get (no CPU fill: the next draw makes those bytes stale again), and of
    // these, those written into guest memory later because the CPU side asked for the bytes
    // (flush_region, read_memory, a CPU transfer) before anything was drawn there.
    std::uint64_t fills_off_guest = 0, guest_fill_writebacks = 0;
    // Memory fills and display transfers done as compute passes (Session::compute_passes).
    std::uint64_t compute_passes = 0;
    // Draws the compute rasteriser drew (Session::compute_raster), and its dispatches (draws
    // merged into one host draw count once), and those of them binned first (draws of more than
    // 64 triangles: a pass marks which triangles reach each 32x32-pixel bin).
    std::uint64_t compute_raster_draws = 0, compute_raster_dispatches = 0;
    std::uint64_t compute_raster_binned = 0;
    // Of its draws, those with triangles reaching behind the eye or far out that the CPU cut
    // first (guard-band clipping; the others reach the shader whole).
    std::uint64_t compute_raster_cut = 0;
    // Draws whose state it covers that its work budget left to the graphics pipeline (triangles
    // times the tiles they may reach; for a draw whose vertices the GPU shades, where the CPU
    // does not know them, what the same draw cost when it last ran, or before it has run a
    // guess: a sixteenth of the target's tiles for each triangle).
    std::uint64_t compute_raster_over_budget = 0;
    // Draws it left to the graphics pipeline for another reason, by reason (0 all through where
    // Session::compute_raster is false, or in ShaderCompile::UbershaderOnly, which builds no
    // compute pipeline): what a frame's graphics draws need that it lacks.
    struct ComputeRasterFallbacks {
        // Fragment state it does not cover: the procedural texture's filters between LUT levels,
        // shadow-buffer and gas writes, logic ops done in the fragment shader.
        std::uint64_t proctex_filter = 0, shadow_write = 0, gas_write = 0, logic_op = 0;
        std::uint64_t target_format = 0;  // a colour format it cannot write on this device
        std::uint64_t color_storage = 0;  // its colour buffer cannot be given storage usage
        std::uint64_t depth_buffer = 0;   // a depth test on a D32F image (no D24S8 on the device)
        std::uint64_t stencil_buffer = 0; // a stencil test without a D24S8 image
        // Vertices it cannot take (a device's sub-pixel precision above 8 bits), and triangles
        // the CPU could not cut to its guard band (a vertex at the eye; indices past the
        // vertices, counted as vertices where the CPU does not cut).
        std::uint64_t vertices = 0, guard_band = 0;
        std::uint64_t compiling = 0; // its shader was being built (or failed: reported)
        std::uint64_t total() const {
            return proctex_filter + shadow_write + gas_write + logic_op + target_format +
                   color_storage + depth_buffer + stencil_buffer + vertices + guard_band +
                   compiling;
        }
    } compute_raster_fallbacks;
    // Draws whose vertices the GPU shades budgeted by what the same draw (its mesh: attribute
    // bytes, vertices and triangles) was measured to cost when it last ran, read back from the
    // binning pass, rather than by a guess; and the workgroups the binned raster passes ran, as
    // read back once their submissions completed.
    std::uint64_t compute_raster_measured = 0, compute_raster_binned_groups = 0;
    // The (triangle, bin) pairs those binning passes marked: each a triangle set up in a bin's
    // tiles (a triangle reaching behind the eye marks the bins its visible part may reach).
    std::uint64_t compute_raster_bin_marks = 0;
    // The barriers its draws recorded between their passes: each makes the GPU finish every
    // pass before it first. About one a draw, as a draw's pre-pass and binning pass run beside
    // the draw before's raster pass (four a binned draw with
    // PICAVK_DEVICE_DISABLE=raster-overlap).
    std::uint64_t compute_raster_barriers = 0;
    // The compute rasteriser's shaders: compiled now, and read from cache_dir (SPIR-V).
    std::uint64_t compute_raster_compiled = 0, compute_raster_from_disk = 0;
    // Of its draws, those whose vertices its vertex pre-pass shaded on the GPU (draws the GPU
    // vertex path could take; counted in gpu_vertex_draws too), and the pre-pass's shaders:
    // compiled now, and read from cache_dir.
    std::uint64_t compute_raster_gpu_vertex_draws = 0;
    std::uint64_t vertex_prepasses_compiled = 0, vertex_prepasses_from_disk = 0;
    // The most background shader compiles that ran side by side so far (Async mode; at most
    // Session::compile_threads()).
    std::uint64_t most_compiles_at_once = 0;
    // Pipelines the cache directory's key list named, and vertex pre-passes it held, that the
    // compile threads made before any draw asked for them (RendererConfig::build_listed_pipelines).
    std::uint64_t pipelines_built_ahead = 0;
    // The compute rasteriser's copy of a depth buffer (compute shaders cannot write depth
    // images): copies from the image, copies back (before another use of it), and memory fills
    // that gave the copy their value. A frame drawn all by compute shaders needs none of the two.
    std::uint64_t depth_word_loads = 0, depth_word_stores = 0, depth_word_fills = 0;
    // Of those fills, the ones that left the depth image as it was (the copy newer, copied back
    // only if something else uses the image).
    std::uint64_t depth_fills_in_words = 0;
    // Memory fills and display transfers recorded beside another (a frame's colour and depth
    // fills, its two screens' transfers) with no barrier between them.
    std::uint64_t passes_side_by_side = 0;
    // Colour targets given storage usage when a shadow or gas pass, or the compute rasteriser
    // (16-bit targets), first wrote them (a copy of the target each; targets are made without
    // it).
    std::uint64_t storage_promotions = 0;
    // LUT texel-buffer uploads (a table changed) and uploads of the lighting and procedural-
    // texture uniform block (a light's colour, vector or attenuation or a proctex value changed,
    // or a new submission began).
    std::uint64_t lut_uploads = 0, block_uploads = 0;
    // Draws whose pipeline key was built from the registers; the others reused the last draw's
    // (no register the key reads had changed).
    std::uint64_t key_rebuilds = 0;
    // Bytes read back from host images to the CPU (write-backs and screen reads, at the scale).
    std::uint64_t readback_bytes = 0;
    // Display transfers done between cached surfaces on the GPU, and transfers the CPU did after
    // writing back a surface the GPU held newer (the GPU could not express them).
    std::uint64_t gpu_transfers = 0, transfer_fallbacks = 0;
    // Texture binds that sampled a render target's scaled image directly (render-to-texture).
    std::uint64_t render_to_texture = 0;
    // Write-backs completed from copies prefetch_region began.
    std::uint64_t prefetched_writebacks = 0;
    // Texture binds that read another surface's bytes in another format, converted on the GPU
    // (a D24S8 buffer as an RGBA8 texture).
    std::uint64_t reinterpretations = 0;
    // Custom textures (CustomTextureConfig): texture levels dumped (each distinct one once),
    // textures given a replacement, and texture binds that drew the original because its
    // replacement was still being decoded.
    std::uint64_t custom_textures_dumped = 0, custom_textures_replaced = 0;
    std::uint64_t custom_texture_waits = 0;
    // Replacements read from the pack's converted cache (convert_texture_pack): no PNG decoded.
    std::uint64_t custom_textures_from_cache = 0;
    // Textures given a filtered image at the scale (TextureFilter).
    std::uint64_t filtered_textures = 0;
    // Texture uploads decoded on the GPU (TextureDecode; a level too large for one texel buffer
    // stays on the CPU, the upload still counts here); surface_uploads counts every upload.
    std::uint64_t gpu_decoded_uploads = 0;
    // Levels of those whose guest bytes were copied into device memory before the decode read
    // them (staging in system memory, levels of 64 KiB or more: one bulk copy over PCIe, not
    // the decode's own reads there).
    std::uint64_t decode_copies = 0;
    // Guest bytes hashed to compare cached textures with guest memory: each texture once a
    // frame it is drawn with, or with RendererConfig::guest_writes_reported only after a write.
    std::uint64_t texture_hash_bytes = 0;
    // Of those comparisons, the ones that copied the bytes into staging for the GPU decode as
    // they hashed them (a new texture, or one whose bytes changed at its last comparison): one
    // read of guest memory for both.
    std::uint64_t texture_hash_copies = 0;
    std::uint64_t validation_messages = 0;
    // Nanoseconds the GPU spent executing picavk's submissions (timestamps at the start and end
    // of each), counted once each is known complete: after end_frame, the frame's submissions
    // are all in (with frames_in_flight 1; otherwise those of the frames it waited for). Its
    // busy time, not wall time; 0 where the queue has no timestamps.
    std::uint64_t gpu_time_ns = 0;
    // The host's waits for the GPU that blocked, and the nanoseconds they took (wall time):
    // in all, and of them those inside a frame - a full stream buffer, a read-back - rather
    // than end_frame's wait for the frame (or, in flight, an earlier one). Mid-frame waits
    // stall the caller's own work where end_frame's are the GPU drawing.
    std::uint64_t gpu_waits = 0, gpu_wait_ns = 0, mid_frame_waits = 0, mid_frame_wait_ns = 0;
    // Of gpu_waits, those that ended while the host polled the GPU's progress, before blocking
    // in the driver (on GPUs, up to 2 ms; not on CPU devices: PICAVK_DEVICE_ASSUME=spin-waits,
    // PICAVK_DEVICE_DISABLE=spin-waits).
    std::uint64_t spun_waits = 0;
    // Submissions that ended with a barrier making the GPU's copies visible to the host (the
    // compute rasteriser's measurements of its bins, read once the submission completes).
    std::uint64_t host_read_barriers = 0;
    // Presentation: frames drawn into the window, presents skipped (minimised window), screens
    // uploaded from guest memory because no surface held them (CPU-drawn framebuffers; only
    // when their bytes changed), images
    // composed for the embedder (present_to_image), compositions read back (compose(); their
    // bytes are in readback_bytes too).
    std::uint64_t presented_frames = 0, present_skipped = 0, present_uploads = 0;
    std::uint64_t composed_images = 0, composed_readbacks = 0;
    // Specialised pipelines made for keys the cache directory's key list did not name (0 on a
    // warm start from a precompiled cache).
    std::uint64_t pipelines_unlisted = 0;
    // The vertex stage: draws whose vertices the host's vertex shaders shaded, PICA programs
    // translated and compiled for it, and draws the CPU interpreter shaded - by reason when the
    // GPU path was on (VertexShaders::Gpu).
    std::uint64_t gpu_vertex_draws = 0, vertex_programs_compiled = 0;
    std::uint64_t vertex_programs_from_disk = 0; // their SPIR-V read from cache_dir
    struct VertexFallbacks {
        std::uint64_t geometry_shader = 0;    // a geometry shader runs after the program
        std::uint64_t immediate_mode = 0;     // vertices written through registers
        std::uint64_t carried_primitive = 0;  // a strip/fan/list continues the last draw's
        std::uint64_t compiling = 0;          // the program or its pipeline is being built
        std::uint64_t program_refused = 0;    // the translator refused the program
        std::uint64_t vertex_fetch = 0;       // attributes the host cannot fetch (alignment)
        std::uint64_t no_quaternion_flip = 0; // a lit draw on a device without geometry shaders
        std::uint64_t small_draw = 0; // fewer vertices than RendererConfig::gpu_vertex_min_draw
        std::uint64_t total() const {
            return geometry_shader + immediate_mode + carried_primitive + compiling +
                   program_refused + vertex_fetch + no_quaternion_flip + small_draw;
        }
    } vertex_fallbacks;
};

// Ahead-of-time shader building (picavk-precompile, or an embedder at install time).
struct PrecompileProgress {
    std::size_t done = 0, total = 0;
    bool pipelines = false; // false: compiling shaders; true: making pipelines
};
struct PrecompileReport {
    std::size_t keys = 0;              // pipeline keys in the list
    std::size_t shaders = 0;           // distinct fragment shaders among them
    std::size_t shaders_compiled = 0;  // compiled now
    std::size_t shaders_from_disk = 0; // already in the cache
    std::size_t pipelines = 0;         // made on the device into its pipeline cache
    // The compute rasteriser's shaders and pipelines, on a device that has it
    // (Session::compute_raster): one per key it would draw with, and where its vertex pre-pass
    // draws too, a second for the pre-pass's uncut triangles.
    std::size_t compute_shaders = 0, compute_shaders_compiled = 0, compute_shaders_from_disk = 0;
    std::size_t compute_pipelines = 0;
    // Shaders that failed (a generator bug, reported with the key's hash); the rest are built.
    std::vector<std::string> failures;
    std::string error; // the key list was refused (nothing built)
    // The progress callback returned false: the cache directory is left as it was (nothing
    // built is kept, nothing is written) and the counts above are zero.
    bool cancelled = false;
};
// Key lists (Session::export_shader_keys, the picavk-keys-*.bin file of a cache directory):
// how many keys one holds (-1 with `error` set when it is refused), and several merged into one
// without duplicates.
long shader_key_count(std::span<const std::uint8_t> key_list, std::string& error);
std::vector<std::uint8_t> merge_shader_keys(std::span<const std::vector<std::uint8_t>> key_lists,
                                            std::string& error);

// GPU time by kind of pass (Session::gpu_profile): "render pass colour", "memory fill",
// "display transfer", "texture upload", "write-back"... Running totals since profiling began.
// Bytes are what the pass's commands name, counted from the formats of the images and buffers
// they touch: a memory fill writes its region once, a copy reads and writes it once, a render
// pass loads and stores each target once (texture fetches are not counted), a display transfer
// reads its source pixels and writes every destination pixel. (bytes_read + bytes_written) / ns
// is the rate a pass ran at, to set beside the card's memory bandwidth.
struct GpuPassProfile {
    std::string pass;
    std::uint64_t ns = 0;    // GPU time of the passes that completed
    std::uint64_t count = 0; // how many
    std::uint64_t bytes_read = 0, bytes_written = 0;
};
struct GpuProfile {
    // GPU busy time of the submissions profiled: their passes and the work between them
    // (barriers, small copies), and passes past the kTimedPasses timed per submission.
    std::uint64_t busy_ns = 0;
    std::vector<GpuPassProfile> passes;
    // Passes past the kTimedPasses timed per submission: in busy_ns only, their bytes not
    // counted.
    std::uint64_t untimed_passes = 0;
    static constexpr std::uint32_t kTimedPasses = 4095;
};

// One block of device memory the renderer holds (Session::memory_blocks): the memory type and
// heap it came from, so that images placed in system memory are seen at once.
struct MemoryBlock {
    std::uint32_t type = 0; // index into the device's memory types
    std::string properties; // the type's flags: "device-local host-visible ...", or "none"
    std::uint32_t heap = 0; // the type's heap
    bool heap_device_local = false;
    std::uint64_t heap_bytes = 0;
    bool images = false;          // holds images (else buffers)
    std::uint64_t bytes = 0;      // the block's size
    std::uint64_t used_bytes = 0; // sub-allocated now
    std::uint64_t allocations = 0;
};

// What one frame cost: the counters' growth between two end_frame calls, and the wall time the
// session spent inside its calls during the frame (command processing, geometry, recording,
// presenting, and the waits for the GPU some calls make; not the time between calls). A register
// write is not timed by itself (a clock read would cost more than the write); the command list,
// transfer or fill it starts is.
struct FrameStats {
    std::uint64_t frame = 0; // frames ended so far (this one included)
    RendererCounters renderer;
    GeometryCounters geometry;
    std::uint64_t warnings = 0;
    double cpu_ms = 0;
};

// Where the two screens go in a presentation target (a window, an image, compose()):
//  Default      top above bottom (400x480 at 1x), the bottom centred
//  SingleTop    the top screen alone (400x240)
//  SingleBottom the bottom screen alone (320x240)
//  SideBySide   top left of bottom (720x240), tops aligned
//  LargeTop     the top at twice the bottom's scale, the bottom to its right, bottoms aligned
//               (1120x480)
enum class ScreenLayout : std::uint8_t { Default, SingleTop, SingleBottom, SideBySide, LargeTop };
enum class ScreenFilter : std::uint8_t { Nearest, Linear };
// How the top screen's two eyes are shown where a program renders in 3D (Screen::TopRight);
// frames in 2D show the same picture to both:
//  LeftOnly / RightOnly   one eye
//  SideBySideHalf         left eye in the left half of the top screen, right eye in the right
//                         half, each squeezed to half its width (3D TVs' half side by side)
//  SideBySideFull         the same at full width: the top screen's rectangle twice as wide
//  Anaglyph               red-cyan glasses: Dubois' least-squares matrices in linear light
//  Interlaced             rows of the window alternate, the left eye on the first (top) row,
//                         for passive (line-polarised) 3D monitors; ReverseInterlaced: the
//                         right eye first
enum class StereoMode : std::uint8_t {
    LeftOnly,
    RightOnly,
    SideBySideHalf,
    SideBySideFull,
    Anaglyph,
    Interlaced,
    ReverseInterlaced,
};

struct PresentOptions {
    ScreenLayout layout = ScreenLayout::Default;
    // The layout is scaled by the largest whole factor that fits the target (1x at least when it
    // fits) and centred; false: by the largest factor that fits, fractions allowed.
    bool integer_scale = true;
    // Nearest gives the screens' bytes exactly at whole factors; Linear smooths.
    ScreenFilter filter = ScreenFilter::Nearest;
    std::uint32_t background_rgb = 0; // around the screens: r | g << 8 | b << 16
    bool vsync = true;                // window: FIFO; off: mailbox, else immediate
    StereoMode stereo = StereoMode::LeftOnly;
    bool swap_eyes = false; // each eye shown where the other would be
};

enum class PresentResult : std::uint8_t {
    Presented,
    Minimised,  // the window has no area: nothing drawn, try again later
    NoWindow,   // attach_window was not called (or detach_window was)
    NoRenderer, // the session renders nothing
};

// Messages from picavk: warnings about bad guest input (counted, the first few of each kind)
// and notes (Info: the device chosen, a scale change).
enum class LogLevel : std::uint8_t { Debug, Info, Warning, Error };

struct Version {
    std::uint32_t major = 0, minor = 0, patch = 0;
    // The layout version of the shader and pipeline disk caches (their files hold it; a cache of
    // another version is ignored, never loaded).
    std::uint32_t cache_layout = 0;
};
// The library's version.
Version version();

// TopRight: the top screen's right eye. In 3D mode (a stereoscopic program: libctru's
// gfxSet3D(true)) the top LCD has a framebuffer for each eye; otherwise both eyes see the left.
enum class Screen : std::uint8_t { Top = 0, Bottom = 1, TopRight = 2 };

// A screen as the LCD shows it, upright: 400x240 (top) or 320x240 (bottom), times the scale.
struct ScreenImage {
    std::uint32_t width = 0, height = 0;
    std::vector<std::uint8_t> rgba; // rows top first
};

class Trace;

// A texture pack converted once into the GPU-ready form a session reads instead of its PNG
// files (picavk-precompile --textures): every replacement decoded, its mip chain made,
// compressed and checksummed, into a file in `cache_dir` named after the pack's path. A session
// whose RendererConfig::cache_dir is `cache_dir` and whose CustomTextureConfig::pack_dir is
// `pack_dir` then reads each replacement from it while the PNG it came from is unchanged (same
// size and modification time); changed or added files are decoded from PNG as before.
struct TexturePackConversion {
    std::string file;                     // the cache file written
    std::size_t textures = 0, failed = 0; // replacements converted, and files that were not
    std::uint64_t raw_bytes = 0, file_bytes = 0;
    std::vector<std::string> problems; // what in the pack could not be used, and why
    std::string error;                 // nothing was written, and why
    bool cancelled = false;            // progress returned false (nothing written)
};
TexturePackConversion
convert_texture_pack(const std::string& pack_dir, const std::string& cache_dir, unsigned threads,
                     const std::function<bool(std::size_t done, std::size_t total)>& progress = {});

// The Vulkan devices the loader reports, in the order RendererConfig::device indexes them:
// "name (type, Vulkan 1.x)", marked "unusable" without Vulkan 1.3 or a graphics queue.
std::vector<std::string> vulkan_devices();

// Threads: a session may be used from any thread, one call at a time - every call takes the
// session's lock, so two threads (an emulator's GPU thread submitting, a UI thread presenting)
// may call it at once and are serialised; a call blocks while another runs. Calls that wait for
// the GPU: end_frame (for an earlier frame, with RendererConfig::frames_in_flight), read_memory,
// flush_region, screen, compose, set_scale, and present (it waits for a free swapchain image; with
// vsync, for the display). picavk's own threads (background shader compiles, async mode) touch only
// the shader and pipeline caches, never guest memory, registers or the callbacks below; the
// warning/log sink and the window overlay (picavk/vulkan.h) are called on the thread whose call
// caused them, with the lock held, so they must not call the session. Guest memory given to the
// constructor is read during the calls that read it (submit, draws, transfers, end_frame, present)
// and written during those that write it (transfers, fills, flush_region, read_memory): the
// embedder must not change it concurrently with such a call.
//
// Errors: a renderer failure (a lost device, exhausted device or host memory) throws a
// std::runtime_error naming the Vulkan call and its result, e.g. "vkQueueSubmit2:
// VK_ERROR_DEVICE_LOST", from whichever call met it (constructor, register writes, submits,
// end_frame, screen). After a failed submission or wait (a lost device) the renderer stays
// failed: later rendering calls throw again, never hang. The session can always be destroyed;
// bad guest input never throws (it is counted, see warning_count).
class Session {
  public:
    // Guest memory owned by the session (tools, tests): 6 MiB VRAM, fcram_size bytes of FCRAM.
    explicit Session(std::uint32_t fcram_size = 128u << 20, const RendererConfig& renderer = {});
    // Guest memory owned by the embedder (an emulator's VRAM and FCRAM); it must outlive the
    // session.
    Session(std::span<std::uint8_t> vram, std::span<std::uint8_t> fcram,
            const RendererConfig& renderer = {});
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    std::span<std::uint8_t> vram();
    std::span<std::uint8_t> fcram();

    // CPU access to guest memory, kept coherent with what the GPU rendered: writes invalidate
    // the renderer's copies, reads write rendered data back first. Both refuse ranges outside
    // VRAM/FCRAM (false).
    bool write_memory(std::uint32_t physical_address, std::span<const std::uint8_t> bytes);
    bool read_memory(std::uint32_t physical_address, std::span<std::uint8_t> out);

    // Memory coherence for embedders that share guest memory with picavk (the spans given to the
    // constructor) and access it directly - what an emulator calls from its memory hooks.
    // Rendering, GPU transfers and fills of whole render targets leave their results in host
    // images at the resolution scale; guest memory gets them only when asked:
    //  - flush_region: the CPU is about to read [address, address + size): what picavk holds
    //    newer there is written back first (a GPU read-back; it waits for the GPU).
    //  - prefetch_region: the CPU will read [address, address + size) soon (say, the frame's
    //    output at the end of a frame): the write-back copies start on the GPU now, without
    //    waiting; the flush_region that follows then only converts the bytes (and waits only
    //    for copies still running). Anything drawn there in between is copied again.
    //  - invalidate_region: the CPU wrote there: picavk's copies are reloaded from guest memory
    //    when next used (a render target's GPU-only content there is dropped).
    // Memory written behind picavk's back without invalidate_region: textures notice at the next
    // end_frame (their bytes are compared by hash once a frame); render targets and transfer
    // destinations do not, and keep drawing over their older copy. Memory read without
    // flush_region may be stale wherever picavk rendered or transferred. write_memory and
    // read_memory do both for you. Ranges outside VRAM/FCRAM are ignored (false).
    bool flush_region(std::uint32_t physical_address, std::uint32_t size);
    bool prefetch_region(std::uint32_t physical_address, std::uint32_t size);
    bool invalidate_region(std::uint32_t physical_address, std::uint32_t size);

    // A 32-bit write to a GPU register as the ARM11 makes it (physical 0x10400000-0x10401BFF,
    // internal registers mirrored at 0x10401000 + 4 * id; LCD at 0x10202000): memory fill,
    // display transfer, texture copy, P3D command lists, LCD framebuffer setup.
    bool write_gpu_register(std::uint32_t physical_address, std::uint32_t value);
    std::uint32_t read_gpu_register(std::uint32_t physical_address) const;

    // Runs a command list from host memory (CMDBUF jumps continue in guest memory).
    SubmitResult submit(std::span<const std::uint32_t> words);
    // Runs a command list from guest memory, as the P3D command-list trigger names it.
    SubmitResult submit_guest(std::uint32_t physical_address, std::uint32_t size_bytes);
    // The end of a frame (VBlank): submits recorded GPU work, and waits for the GPU to finish
    // it, or with RendererConfig::frames_in_flight 2 or 3 for the frame 1 or 2 frames back.
    void end_frame();

    // Waits until background shader compiles are done (tests; the destructor does it too).
    void wait_for_shader_compiles();
    // Submits what was recorded and waits until the GPU has finished everything submitted,
    // frames end_frame left in flight included (RendererConfig::frames_in_flight): the GPU time
    // counters and profile then hold every frame so far.
    void wait_for_gpu();
    // Waits until the texture pack's background decodes and the dumper's PNG writes are done
    // (tests, tools): a texture bound after it draws its replacement if the pack has one.
    void wait_for_custom_textures();

    // The screen as the LCD shows it now (empty image without a renderer). Screen::TopRight is
    // the left eye's picture unless the top LCD is in 3D mode with a right-eye framebuffer in
    // guest memory (3D mode without a usable one is a counted warning).
    ScreenImage screen(Screen which);
    // The top screen shows two different pictures: its LCD is in 3D mode and the eyes'
    // framebuffers are at different addresses (programs give both eyes one buffer while the 3D
    // slider is off).
    bool top_is_stereo();

    // Replays a CiTrace: initial state, then every element; on_frame(i) runs at each frame
    // marker (after the frame's work). Returns an empty string, or why replay stopped.
    std::string replay(const Trace& trace, const std::function<void(std::size_t)>& on_frame);
    // Replays one frame of a trace (viewers that step or pause): the frame after the last one
    // replayed continues where that one ended; any other frame (0, a restart, a jump back, a
    // different trace) loads the trace's initial state and replays from its first frame up to
    // this one. False when the trace has no such frame. Frame frames() is the unfinished
    // frame a truncated trace ends with (elements after its last marker), when it has one.
    bool replay_frame(const Trace& trace, std::size_t frame);
    // Records what this session is given from now on (write_memory, write_gpu_register,
    // submit_guest, end_frame) as a CiTrace, starting from the current state.
    void start_recording();
    std::vector<std::uint8_t> stop_recording();

    // The pipeline keys this session's draws have met so far, as a key list: an embedder ships
    // it to picavk-precompile (--keys), which builds exactly those shaders ahead of time.
    std::vector<std::uint8_t> export_shader_keys() const;
    // Builds every key of `key_list` into the cache directory (RendererConfig::cache_dir): the
    // fragment shaders on `threads` threads, then with `pipelines` each pipeline on this
    // session's device, on those threads too; then writes the cache. A later session with the same
    // cache_dir and device compiles none of them. `progress` (may be empty) is called after each
    // shader and each pipeline, from the compiling threads one at a time, and must not call this
    // session (the calling thread holds its lock); returning false cancels (Ctrl-C in
    // picavk-precompile) and leaves the cache as it was.
    PrecompileReport precompile(std::span<const std::uint8_t> key_list, unsigned threads,
                                bool pipelines,
                                const std::function<bool(const PrecompileProgress&)>& progress);

    // Draw capture (viewers, debuggers): while on, each draw of a frame keeps a copy of the
    // register file (3 KiB) and its fragment configuration; end_frame makes them the frame's
    // list. Off by default (it costs a copy per draw).
    struct CapturedDraw {
        std::uint32_t index = 0;      // in its frame
        std::uint64_t vertices = 0;   // vertex-shader invocations
        std::uint64_t triangles = 0;  // assembled
        bool rendered = false;        // a renderer drew it (false: skipped, or no renderer)
        std::uint64_t shader_key = 0; // hash of its fragment configuration
    };
    void set_draw_capture(bool on);
    // The draws of the last frame ended while capture was on.
    std::vector<CapturedDraw> captured_draws() const;
    // Draw i of that list: its register file decoded (as dump_registers), and the fragment
    // shader GLSL the generator makes for its configuration (empty without a renderer).
    std::string captured_draw_registers(std::size_t i, bool only_nonzero = true) const;
    std::string captured_draw_glsl(std::size_t i) const;

    // The register file, decoded field by field (registers holding 0 left out unless asked).
    std::string dump_registers(bool only_nonzero = true) const;
    std::uint32_t read_register(std::uint32_t id) const;
    GeometryCounters geometry_counters() const;
    bool has_renderer() const;
    std::string device_name() const;
    // What the device offers that picavk uses, as shader caches name it: vendor id, device id and
    // driver version in hex, then one letter per optional feature or '-' (L logic op, D extended
    // dynamic state, B custom border colour, F framebuffer fetch, 8 uint8 indices, I
    // fragment-shader interlock, C depth clamp, R unrestricted depth range, N NaN-preserving
    // floats). Empty without a renderer.
    std::string device_profile() const;
    // Memory fills and display transfers into RGBA8 targets run as compute shaders, not as
    // clears and fragment passes: the device has few raster units (NVIDIA's H100 and H200),
    // or PICAVK_DEVICE_ASSUME=few-raster-units asks for it. False without a renderer.
    bool compute_passes() const;
    // Draws whose state the compute rasteriser covers are drawn by compute shaders, not by the
    // device's raster units and ROPs (where those are few, as compute_passes; the draws it does
    // not cover yet - depth and stencil tests, logic ops, mip levels - stay on the graphics
    // pipeline; PICAVK_DEVICE_DISABLE=compute-raster turns it off). False without a renderer.
    bool compute_raster() const;
    // Threads the background shader compiles may take (RendererConfig::compile_threads as
    // resolved); 0 without a renderer.
    std::uint32_t compile_threads() const;
    // Every pipeline's statistics so far, in the order they were made (RendererConfig::
    // pipeline_statistics; empty when off, or where the device does not offer them).
    std::vector<PipelineStatistics> pipeline_statistics() const;
    RendererCounters renderer_counters() const;
    // Bad input survived so far (counted warnings), in total.
    std::uint64_t warning_count() const;
    // ... and by kind (its name, e.g. "invalid-external-write"): the kinds seen so far.
    std::vector<std::pair<std::string, std::uint64_t>> warning_counts() const;
    // Receives each reported warning (the first few of each kind); default: stderr.
    void set_warning_sink(std::function<void(const std::string&)> sink);
    // Receives warnings and notes at `min_level` and above, replacing the warning sink (null:
    // back to stderr).
    void set_log_sink(std::function<void(LogLevel, const std::string&)> sink,
                      LogLevel min_level = LogLevel::Warning);

    // The resolution scale (1-10), changeable at any time: the render targets are written back
    // to guest memory and made again at the new scale on their next use (a one-off cost, about
    // one read-back per target).
    void set_scale(std::uint32_t scale);
    std::uint32_t scale() const;
    // How new shader configurations compile from now on.
    void set_shader_compile(ShaderCompile mode);
    // Where vertex programs run from the next draw on (RendererConfig::vertex_shaders and
    // gpu_vertex_min_draw).
    void set_vertex_shaders(VertexShaders where, std::uint32_t gpu_min_draw = 0);
    // Where textures are decoded from the next upload on (RendererConfig::texture_decode).
    void set_texture_decode(TextureDecode where);
    // Whether every write to guest memory is reported from now on
    // (RendererConfig::guest_writes_reported).
    void set_guest_writes_reported(bool reported);
    // How many frames the GPU may be drawing when end_frame returns, from the next end_frame
    // on (RendererConfig::frames_in_flight; 1-3, clamped).
    void set_frames_in_flight(std::uint32_t frames);
    // Texture dumping and replacement from now on (RendererConfig::custom_textures): textures
    // already cached are uploaded again on their next use, dumped and replaced under the new
    // settings. A pack that cannot be used is reported as custom-texture warnings.
    void set_custom_textures(const CustomTextureConfig& config);
    CustomTextureConfig custom_textures() const;
    // The texture filter from now on (RendererConfig::texture_filter): textures already cached
    // are uploaded and filtered again on their next use.
    void set_texture_filter(TextureFilter filter);
    TextureFilter texture_filter() const;
    // Times each top-level pass on the GPU with a timestamp pair, from the next command buffer
    // picavk begins on (where the queue has timestamps; the one being recorded is not profiled).
    // Each pass waits for the work before it, so passes never overlap: cheap on a GPU, but a CPU
    // driver (lavapipe) then stops batching across passes and its frames slow down. Submissions
    // begun before profiling was turned on are not in gpu_profile(), whose figures are running
    // totals.
    void set_gpu_profile(bool on);
    GpuProfile gpu_profile() const;
    // The device-memory blocks held now (empty without a renderer).
    std::vector<MemoryBlock> memory_blocks() const;

    // The frame that the last end_frame closed (all zero before the first).
    FrameStats last_frame_stats() const;

    // Presentation of both screens, on the GPU (no CPU read-back of rendered screens):
    //  (a) a window: picavk/vulkan.h attach_window, then present() once per frame;
    //  (b) an image for an embedder sharing picavk's device: picavk/vulkan.h present_to_image;
    //  (c) compose(): the same picture read back as RGBA (screenshots, tests).
    // The layout, scaling and filter apply to all three.
    void set_present_options(const PresentOptions& options);
    PresentOptions present_options() const;
    PresentResult present();
    // The window's framebuffer size changed (its resize callback): the swapchain is made again.
    void resize_window(std::uint32_t width, std::uint32_t height);
    // Both screens composed into a width x height picture as the window would show it (RGBA8,
    // rows top first; empty without a renderer or for a zero size).
    ScreenImage compose(std::uint32_t width, std::uint32_t height);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    friend struct VulkanAccess; // picavk/vulkan.h
};

// A parsed CiTrace file (docs/citrace.md).
class Trace {
  public:
    // Null with `error` set when the file is unusable; repairs are reported through `repairs`.
    static std::unique_ptr<Trace> parse(std::span<const std::uint8_t> file, std::string& error,
                                        std::vector<std::string>* repairs = nullptr);
    ~Trace();
    std::size_t frames() const;
    std::size_t elements() const;

  private:
    Trace();
    struct Impl;
    std::unique_ptr<Impl> impl_;
    friend class Session;
};

// The built-in demo scene (a textured, fogged, depth-tested cube): one frame driven the way an
// emulator drives picavk - memory fills clear the targets, the command list runs from guest
// memory through the P3D registers, a display transfer copies the colour buffer to the top
// screen's framebuffer, the LCD registers show it, and the bottom screen shows a filled buffer.
void run_demo_frame(Session& session, std::uint32_t frame_index);

// What the emulated CPU does to the GPU in one demo frame, in order, as data (embedders and
// examples apply it themselves: a memory write is what their CPU stores into guest memory, a
// register write what it stores to the GPU's registers). run_demo_frame applies it through
// write_memory and write_gpu_register, then calls end_frame.
struct GuestAction {
    enum class Kind : std::uint8_t { MemoryWrite, RegisterWrite };
    Kind kind = Kind::RegisterWrite;
    std::uint32_t address = 0;       // physical
    std::uint32_t value = 0;         // RegisterWrite
    std::vector<std::uint8_t> bytes; // MemoryWrite
};
std::vector<GuestAction> demo_frame_actions(std::uint32_t frame_index);

// The demo's raw command list and vertex data (tools that want the list alone).
std::vector<std::uint32_t> demo_command_list();
std::vector<std::uint8_t> demo_vertex_data();
std::uint32_t demo_vertex_address();

} // namespace picavk
