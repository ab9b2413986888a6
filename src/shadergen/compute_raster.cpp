// The compute rasteriser's key hash, the configurations it leaves to the graphics pipeline, and
// the raster pass's shader put together from the parts in compute_raster/.
#include "shadergen/compute_raster.h"

#include "shadergen/compute_raster/parts.h"
#include "shadergen/fragment/blocks.h"
#include "shadergen/glsl_generator.h"
#include "shadergen/vertex_program.h"

#include <stdexcept>
#include <xxhash.h>

namespace picavk::shadergen {

std::uint64_t hash(const ComputeRasterKey& k) {
    return XXH3_64bits(&k, sizeof k);
}

bool compute_raster_writes_color(const ColorOutput& output) {
    std::uint32_t all = 0;
    return compute_raster::written_bits(output, all) != 0;
}

ComputeRasterGap compute_raster_gap(const FragmentConfig& c) {
    // The procedural texture with filters 0 and 1 reads LUT level 0 only (proctex.md 2.8): its
    // footprint, the one derivative the fragment code takes, goes unused.
    if (c.proctex.enabled && c.proctex.filter > 1) return ComputeRasterGap::ProcTexFilter;
    if (c.shadow_write) return ComputeRasterGap::ShadowWrite;
    if (c.gas_write) return ComputeRasterGap::GasWrite;
    if (c.logic_op_emulated) return ComputeRasterGap::LogicOp;
    return ComputeRasterGap::None;
}

bool compute_raster_covers(const FragmentConfig& c) {
    return compute_raster_gap(c) == ComputeRasterGap::None;
}

std::string generate_compute_raster_glsl(const ComputeRasterKey& key) {
    return generate_compute_raster_glsl(key.fragment, key.output, key.uncut != 0,
                                        key.late_loads != 0, static_cast<RasterProbe>(key.probe),
                                        key.no_clipped_tile_test == 0, key.no_clipped_records == 0,
                                        key.no_hiding == 0);
}

std::string generate_compute_raster_glsl(const FragmentConfig& c, const ColorOutput& output,
                                         bool uncut, bool late_loads, RasterProbe probe,
                                         bool clipped_tile_test, bool clipped_records,
                                         bool hiding) {
    using namespace compute_raster;
    // The shader's literals for the push constants' flags.
    static_assert(kComputeDepth16 == 1 && kComputeDepth24 == 2 && kComputeDepthWrite == 0x100 &&
                  kComputeStencilTest == 0x80000000u);
    if (!compute_raster_covers(c))
        throw std::invalid_argument("the compute rasteriser does not cover this configuration");
    std::string o = "#version 450\n"
                    "#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require\n";
    if (uncut) o += "#define PICA_UNCUT 1\n";
    if (late_loads) o += "#define PICA_LATE_LOADS 1\n";
    if (!clipped_tile_test) o += "#define PICA_NO_CLIPPED_TILE_TEST 1\n";
    if (!clipped_records) o += "#define PICA_NO_CLIPPED_RECORDS 1\n";
    o += tile_defines();
    if (probe == RasterProbe::FragmentFlat) o += "#define PICA_PROBE_FRAGMENT_FLAT 1\n";
    if (probe == RasterProbe::Coverage) o += "#define PICA_PROBE_COVERAGE 1\n";
    if (probe == RasterProbe::Empty) o += "#define PICA_PROBE_EMPTY 1\n";
    if (probe == RasterProbe::Setup) o += "#define PICA_PROBE_SETUP 1\n";
    const bool r16 = output.target && compute_raster_writes_color(output);
    o += std::string("#define PICA_TARGET_FORMAT ") + (r16 ? "r16ui" : "r32ui") + "\n";
    // Colour writes off (compute_raster_writes_color): the target is neither read nor written.
    if (!compute_raster_writes_color(output)) o += "#define PICA_NO_COLOR_WRITE 1\n";
    // Only uncut shaders take vertices the pre-pass shaded (vk rasterizer_compute.cpp).
    if (uncut && c.lighting.enabled) o += "#define PICA_QUATERNION_FLIP 1\n";
    o += kFragmentInputs;
    o += kShared;
    o += fragment_uniforms_glsl();
    const std::string declarations = fragment_declarations(c);
    if (declarations.find("discard;") != std::string::npos)
        throw std::logic_error("a fragment function discards; the compute shader cannot");
    const std::string body = fragment_main_body(c);
    o += texture_gradients(c);
    o += as_compute(declarations, c);
    // The fragment shader's main() as a function: false where it would discard.
    o += "bool pica_fragment(out ivec4 fragment_color) {\n";
    // (A 16-bit image's packing drops the low bits itself: narrowing first would do it twice.
    // An RGBA8 image standing in for one needs it.)
    const std::string narrow = output.target == 0 ? fragment::narrow_color(c) : std::string();
    const std::string fragment_code = replace_all(
        as_compute(body + fragment::apply_fog(c) + narrow, c), "discard;", "return false;");
    o += fragment_code;
    o += "    fragment_color = previous;\n    return true;\n}\n";
    o += color_output(output);
    // Fragments that hide the pixel (shade_hits), where the configuration has any: searched for
    // among the last kHideSearch triangles of a round (lavapipe, gpusprites' raster pass at
    // scale 2: 289 ms searching 2, 243 ms 4, 223 ms 8, 221 ms 16, 225 ms all 64; 310 none).
    // Not in lit configurations: their lighting code holds the most registers of any, which
    // bound the workgroups a core keeps (RADV: normal_mapping_3d's shader 64 -> 72 VGPRs with
    // the search), and their draws - 3D geometry at sloped depths, written - never hide.
    if (const std::string hides = hides_condition(output);
        !hides.empty() && hiding && !c.lighting.enabled) {
        // (A configuration whose code sets the depth: its fragments' depths are not their
        // planes', which depth_extreme reads.)
        if (fragment_code.find("frag_depth") != std::string::npos)
            o += "#define PICA_FRAGMENT_DEPTH 1\n";
        o += "#define PICA_HIDING 1\nconst uint kHideSearch = 8u;\n"
             "bool pica_hides(ivec4 src) {\n    return " +
             hides + ";\n}\n";
    }
    if (uncut && c.lighting.enabled) o += quaternion_dot_glsl();
    o += kRaster;
    return o;
}

} // namespace picavk::shadergen
