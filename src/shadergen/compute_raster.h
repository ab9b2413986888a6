#pragma once

// The compute rasteriser's shader: draws a host draw's triangles as a compute shader instead of
// through the host's raster units and ROPs, for devices that have few of them
// (vk/device/host_profile.h few_raster_units; docs/research/compute_raster.md).
//
// Each workgroup owns a 16x16 tile of the target and each invocation one pixel of it. The
// workgroup reads the draw's triangles in order, 64 at a time: each of 64 invocations sets up one
// (window coordinates snapped to the host's sub-pixel grid, culling, the tile test), then every
// pixel walks the triangles that touch its tile, in order, and shades the fragments it covers
// with the generated fragment shader's own code. A pixel's fragments are thus applied in
// primitive order by one invocation: blending needs no atomics and no interlock.
//
// Draws of more than one chunk are binned first (generate_compute_bin_glsl): a pass with an
// invocation per triangle marks, for each chunk and each bin of 32x32 pixels, the chunk's triangles
// whose bounds reach the bin. A workgroup then skips the chunks that mark nothing in its bin and
// sets up only the marked triangles of the others: the set-ups a draw costs grow with the area
// its triangles cover, not with tiles x triangles.
//
// Coverage follows Vulkan's rules as the graphics path's rasteriser applies them: sample at the
// pixel centre, positions snapped to 1 / 2^subpixel_bits, the top-left rule for pixels on an
// edge; the clip volume's x and y planes are the viewport's rectangle, its near and far planes
// a per-fragment test (depth clamp is off). The depth test and write are Vulkan's on a UNORM
// attachment (the fragment's depth converted to the format's integer), on the depth buffer's
// words, which the pixel's invocation reads once and writes once. Attributes are interpolated
// perspective-correct, the draw number flat from the first vertex. Compute shaders have no
// implicit derivatives: the texture units sample with the gradients of their coordinates across
// the pixel's 2x2 quad, evaluated from the triangle's planes as a fragment shader's quad would
// give them (mip levels, and the minifying or magnifying filter, as the graphics path picks).

#include "shadergen/fragment_config.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

namespace picavk::shadergen {

// The colour output stage in PICA terms (spec 004 BLEND_FUNC, LOGIC_OP and the write mask; the
// values vk::PipelineKey holds): equations 0 add, 1 subtract, 2 reverse subtract, 3 min, 4 max;
// factors 0-14 in Vulkan's order (zero, one, source colour, ... source alpha saturate); the
// logic op in PICA's order (spec 004 LOGIC_OP: 0 clear, 1 and, 2 and reverse, 3 copy - no logic
// op -, 4 set, 5 copy inverted, 6 no-op, 7 invert, 8 nand, 9 or, 10 nor, 11 xor, 12
// equivalent, 13 and inverted, 14 or reverse, 15 or inverted), applied with blending off.
struct ColorOutput {
    std::uint8_t blend_enable = 0;
    std::uint8_t eq_rgb = 0, eq_alpha = 0;
    std::uint8_t src_rgb = 1, dst_rgb = 0, src_alpha = 1, dst_alpha = 0;
    std::uint8_t write_mask = 0xF; // bit 0 R, 1 G, 2 B, 3 A
    std::uint8_t logic_op = 3;
    // How the target holds a pixel: 0 an RGBA8 word (an r32ui view), else a 16-bit PICA colour
    // format (2 RGB5A1, 3 RGB565, 4 RGBA4) packed as its Vulkan twin (an r16ui view; red in the
    // top bits: vk/surface/host_formats.h).
    std::uint8_t target = 0;
    std::uint8_t reserved[2]{};
};

// Where the raster pass's time goes, measured on a GPU by leaving stages out (PICAVK_RASTER_PROBE;
// scripts/device/open_checks.sh): FragmentFlat, each fragment's colour is its interpolated primary
// colour (no textures, no combiners: the fragment code's cost); Coverage, a covered pixel takes a
// colour made of its weights and depth (no attributes, tests, fragment code or blending: the
// tile walk's, set-up's and coverage's cost); Setup, the tiles' triangles are set up but no
// pixel walks them (a pixel takes a colour made of the rounds' marks); Empty, each workgroup
// leaves at once (launching the workgroups). The pictures are wrong; nothing else asks for one.
enum class RasterProbe : std::uint8_t { None, FragmentFlat, Coverage, Empty, Setup };

// What a compute rasteriser shader is generated from: its key in the SPIR-V disk cache
// (ComputeRasterDiskCache, shader_disk_cache.h).
struct ComputeRasterKey {
    // Bump when the layout or meaning of a field changes (names disk caches); follows
    // FragmentConfig's.
    static constexpr std::uint32_t kLayoutVersion = FragmentConfig::kLayoutVersion * 100 + 19;

    FragmentConfig fragment;
    ColorOutput output;
    // The shader rasterises triangles reaching behind the eye or past the snapped range itself
    // (in homogeneous coordinates) rather than leave them to the caller, which cut them
    // (generate_compute_raster_glsl).
    std::uint8_t uncut = 0;
    // Each pixel reads its colour, depth and stencil at its first fragment, as before they were
    // read ahead of the set-up (to measure the early loads:
    // PICAVK_DEVICE_DISABLE=raster-early-loads).
    std::uint8_t late_loads = 0;
    // A measuring probe (RasterProbe; 0 none): the shader leaves a stage out, so that a GPU's
    // profile says what that stage costs. Its pictures are wrong: PICAVK_RASTER_PROBE only.
    std::uint8_t probe = 0;
    // A triangle set up the homogeneous way (reaching behind the eye) is taken by every tile of
    // its bins, as before its edges were tested against the tile (to measure the test:
    // PICAVK_DEVICE_DISABLE=raster-clipped-tiles).
    std::uint8_t no_clipped_tile_test = 0;
    // Each tile sets up the homogeneous way a binned triangle reaching behind the eye from its
    // vertices, as before it read the binning pass's record of that set-up (to measure the
    // records: PICAVK_DEVICE_DISABLE=raster-clipped-records; the binning pass must be made
    // with the same choice, generate_compute_bin_glsl).
    std::uint8_t no_clipped_records = 0;
    // Each pixel walks every triangle of a round, as before it looked for the last fragment
    // hiding the ones under it first (to measure that: PICAVK_DEVICE_DISABLE=raster-hiding).
    std::uint8_t no_hiding = 0;
    std::uint8_t reserved[2]{};

    bool operator==(const ComputeRasterKey& o) const {
        return std::memcmp(this, &o, sizeof o) == 0;
    }
};
static_assert(std::has_unique_object_representations_v<ComputeRasterKey>);
std::uint64_t hash(const ComputeRasterKey& k);

// The shader's push constants.
struct ComputeRasterConstants {
    float viewport[4];    // Vulkan's viewport in host pixels: x, y, width, height
    float depth_range[4]; // minDepth, maxDepth, unused, unused
    std::int32_t area[4]; // the pixels that may be drawn: x0, y0, x1, y1 (exclusive)
    // First index, vertex offset (added to each index), triangle count, cull mode (0 none,
    // 1 and 2 as FACECULLING_CONFIG through the graphics path's front-face mapping).
    std::uint32_t draw[4];
    std::uint32_t blend_color; // GPUREG_BLEND_COLOR, R in bits 0-7
    std::uint32_t subpixel_bits;
    // The depth test: bits 0-1 the words' format (0 no test, kComputeDepth16, kComputeDepth24),
    // bits 4-6 the PICA compare function (DEPTH_COLOR_MASK bits 4-6; 1 always where the test
    // is off but depth is written), kComputeDepthWrite. depth_pitch: the words' row in pixels.
    std::uint32_t depth_test;
    std::uint32_t depth_pitch;
    // The bins (kComputeRasterBins): per row of the dispatch, and in all (one chunk's masks);
    // bins_x 0: the draw is not binned, every chunk is set up in every tile.
    std::uint32_t bins_x;
    std::uint32_t bins_count;
    // The stencil test (D24S8 only): the reference (bits 0-7), compare mask (8-15), write mask
    // (16-23) and PICA compare function (24-26); the PICA ops on a failed stencil test (bits
    // 0-2), a failed depth test (4-6) and a pass (8-10), with kComputeStencilTest; and the word
    // of the depth buffer's words where its stencil bytes begin, a byte per pixel in the
    // depth words' order (vk SurfaceCache::depth_words).
    std::uint32_t stencil;
    std::uint32_t stencil_ops;
    std::uint32_t stencil_base;
    // Bit i: texture unit i samples one level with one filter (its sampler's maxLod 0, and
    // the same filter magnified and minified), so the level of detail cannot change what it
    // reads: it samples at level 0 and its coordinates' gradients are not computed (where every
    // unit that takes them is so, none are).
    std::uint32_t lod_free;
    std::uint32_t unused[2];
};
static_assert(sizeof(ComputeRasterConstants) == 112);
inline constexpr std::uint32_t kComputeDepth16 = 1;        // a half word per pixel (D16)
inline constexpr std::uint32_t kComputeDepth24 = 2;        // a word, depth in bits 0-23 (D24S8)
inline constexpr std::uint32_t kComputeDepthWrite = 0x100; // passing fragments write depth
inline constexpr std::uint32_t kComputeStencilTest = 0x80000000u; // in stencil_ops

// The budget's unit (Rasterizer::compute_raster_affordable, the binning pass's measured set-ups)
// is a small tile of 8x8 pixels; a workgroup draws a large tile of 16x16, its round's set-up
// shared by four times the pixels. On an H200 the large tiles' raster passes ran 2.2 to 2.7
// times as fast (scripts/device/raster_checks.sh, 2026-11-30: gpusprites 2.01 -> 0.92 ms,
// craftus 5.21 -> 1.96 ms a frame at scale 8).
inline constexpr unsigned kComputeRasterTile = 8;
inline constexpr unsigned kComputeRasterLargeTile = 16;
inline constexpr unsigned kComputeRasterSet = 1;      // its own resources: set 1
inline constexpr unsigned kComputeRasterVertices = 0; // OutputVertex records (std430)
inline constexpr unsigned kComputeRasterIndices = 1;  // uint indices
inline constexpr unsigned kComputeRasterColor = 2;    // the target as r32ui, or r16ui (16-bit)
inline constexpr unsigned kComputeRasterDepth = 3;    // the depth buffer's words (uint)
// The bins' masks (uint): after a header of kComputeRasterBinsHeader words, two words per chunk
// of 64 triangles and bin, at (chunk * bins_count + bin) * 2, bit i of the pair for the chunk's
// triangle i. A bin is kComputeRasterBinTiles x kComputeRasterBinTiles workgroups of the
// dispatch, from its origin. The header (zeroed with the masks) gathers the bins any triangle
// marks - words 0-3: ~first column, ~first row, last column + 1, last row + 1 - and the binning
// pass's workgroups done (word 4); its last one writes the raster pass's workgroup count in
// words 5-7 (a VkDispatchIndirectCommand), which starts at the first marked bin: a binned draw
// is dispatched over the tiles of the bins its triangles reach. Words 8 to 8 + kMaxMergedDraws - 1
// count, for each draw number of the host draw, the bins its triangles mark (a triangle reaching
// 3x2 bins adds 6): what the raster pass sets up for that draw is about that many times the
// tiles of a bin, which the host reads back to budget the draw the next time it comes
// (vk/draw/compute_raster_feedback.h).
inline constexpr unsigned kComputeRasterBins = 4;
inline constexpr unsigned kComputeRasterBinsDispatch = 5; // the indirect command's first word
inline constexpr unsigned kComputeRasterBinsMarks = 8;    // draw 0's marked bins
inline constexpr unsigned kComputeRasterBinsHeader =
    kComputeRasterBinsMarks + 64; // (kMaxMergedDraws)
inline constexpr unsigned kComputeRasterBinTiles = 4;
inline constexpr unsigned kComputeRasterTilesPerBin =
    kComputeRasterBinTiles * kComputeRasterBinTiles;
inline constexpr unsigned kComputeRasterChunk = 64; // triangles set up together
// After the masks (from the first 16-byte boundary), the binning pass's record of each triangle's
// set-up, which binned draws' tiles read: 7 uvec4s.
inline constexpr unsigned kComputeRasterSetupRecordBytes = 112;

// What keeps a configuration from the shader (None: it can be made): the procedural texture's
// filters that blend LUT levels (they take derivatives, which compute shaders lack), shadow-buffer
// and gas writes, and logic ops done in the shader. The first that applies, in that order.
enum class ComputeRasterGap : std::uint8_t { None, ProcTexFilter, ShadowWrite, GasWrite, LogicOp };
ComputeRasterGap compute_raster_gap(const FragmentConfig& config);
// Whether the shader can be made for this configuration (no gap).
bool compute_raster_covers(const FragmentConfig& config);
// Whether the shader for `output` writes any bit of the target (a depth pre-pass or a stencil
// mask's draw does not, nor one writing only channels the target lacks: it neither reads nor
// writes the target, whose binding any view fills).
bool compute_raster_writes_color(const ColorOutput& output);
// Throws std::invalid_argument where compute_raster_covers is false.
// `uncut`: the draws' triangles may reach behind the eye or past 2^15 pixels, and the shader
// rasterises them in homogeneous coordinates; otherwise the caller has cut them first
// (vk/draw/guard_band_clip.h) and the shader leaves that code out (it is half as much SPIR-V
// again: 66 KB against 43 KB for the default configuration, which every compile would pay).
//
// The stencil and depth tests follow the fragment code, as the PICA orders them. (Tests before
// it, skipping the code where a rejection changes nothing, ran 2-9% slower on an H200 in every
// trace, craftus's overdraw included: raster_checks.sh, 2026-11-30. They were removed.)
//
// A tile takes the triangles its bin marks in rounds of up to 64, gathered across chunks.
//
// A triangle's perspective-correct weights and depths reach a pixel as planes the set-up makes
// from the triangle alone (two multiply-adds each, from the pixel's offset to its first
// vertex: the same values whichever tile or dispatch draws the pixel).
//
// A pixel's colour, depth and stencil are read before the set-up, or with `late_loads` at its
// first fragment (the earlier way).
//
// `probe` leaves a stage out, to measure (RasterProbe).
//
// A unit that takes gradients finds its coordinates at the pixel's quad's corners where it
// samples.
//
// With `clipped_tile_test`, a tile leaves out a triangle set up the homogeneous way whose edges
// leave out its every pixel centre.
//
// A binned draw's tiles read each triangle's set-up - what is the triangle's alone: its snapped
// positions, winding and planes - from the binning pass's record of it, and make only the
// tile's own tests.
//
// With `hiding`, where the colour output lets a fragment hide the pixel's colour before it
// (every bit written; blending whose destination factors are 0 for it, such as an opaque
// fragment under SRC_ALPHA / ONE_MINUS_SRC_ALPHA; a logic op that does not read the pixel) and
// the configuration is not lit, a pixel first looks for the last such fragment among its
// round's last eight triangles and shades only from there, where no stencil test is on and the
// depth test is off, ALWAYS, or an ordering one it passes whatever the fragments under it wrote.
//
// (On the H200, 2026-11-30, the rounds, the planes and the records each measured faster than
// the earlier way they replaced - a chunk at a time, weights from the three edge functions at
// each pixel, each tile setting its triangles up - which were then removed:
// docs/research/compute_raster.md.)
std::string generate_compute_raster_glsl(const FragmentConfig& config, const ColorOutput& output,
                                         bool uncut = false, bool late_loads = false,
                                         RasterProbe probe = RasterProbe::None,
                                         bool clipped_tile_test = true, bool clipped_records = true,
                                         bool hiding = true);
// The shader `key` names (every field of it).
std::string generate_compute_raster_glsl(const ComputeRasterKey& key);
// The binning pass (the same resources and push constants; one invocation per triangle,
// workgroups of 64): ORs each triangle's bit into the masks of the bins its bounds reach,
// a pixel wider each way than its snapped vertices (conservative where this shader's arithmetic
// rounds differently from the rasteriser's). Masks start zeroed.
// With `kept_bounds`, a triangle reaching behind the eye marks the bins of the part the depth
// range keeps (its window bounds cut at z = 0 and z = w), not every bin. With
// `clipped_records`, such a triangle's record holds its homogeneous set-up (ClippedSetup), which
// the raster pass's tiles read rather than make (ComputeRasterKey::no_clipped_records, which must
// be the opposite), and one culled or degenerate marks no bin.
std::string generate_compute_bin_glsl(bool kept_bounds = true, bool clipped_records = true);

} // namespace picavk::shadergen
