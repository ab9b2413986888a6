#pragma once

// The compute rasteriser's shaders in parts, which generate_compute_raster_glsl and
// generate_compute_bin_glsl (shadergen/compute_raster.h, where the design is described) put
// together.

#include "shadergen/compute_raster.h"

#include <cstdint>
#include <string>

namespace picavk::shadergen::compute_raster {

// shared_glsl.cpp: what both passes read (set 1, the push constants), a vertex's window position
// and a triangle's own set-up; and the tile both passes size their work by
// (kComputeRasterLargeTile): its side in pixels and the tiles across a bin of 32 pixels, as
// #defines.
extern const char* const kShared;
std::string tile_defines();
// raster_glsl.cpp: the raster pass's tile walk, tests and blending; it comes after
// pica_fragment() and the colour output stage, which it calls.
extern const char* const kRaster;

// fragment_code.cpp: the fragment shader's inputs as the raster pass sets them, its code as a
// compute shader runs it, and each texture unit's sampling with its coordinates' gradients.
extern const char* const kFragmentInputs;
std::string replace_all(std::string s, const std::string& from, const std::string& to);
std::string as_compute(std::string s, const FragmentConfig& c);
std::string texture_gradients(const FragmentConfig& c);

// color_output.cpp: the colour output stage (GLSL color_output()), the bits of the pixel a
// write mask lets through, and the condition under which a fragment hides the pixel's earlier
// colour (empty where none can).
std::uint32_t written_bits(const ColorOutput& out, std::uint32_t& all);
std::string color_output(const ColorOutput& out);
std::string hides_condition(const ColorOutput& out);

} // namespace picavk::shadergen::compute_raster
