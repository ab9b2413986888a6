#pragma once

// The fixed-function blocks of the fragment shader, one file each, in the order the PICA runs
// them: per-fragment operations before shading (clip plane, scissor), texturing, lighting, the
// texture environment, then alpha test, depth, fog and logic op. Each block writes its part of
// the GLSL from its part of the FragmentConfig; glsl_generator.cpp puts them together.
//
// Names the blocks share in main(): `primary` (vertex colour), `frag_primary`,
// `frag_secondary` (lighting), `tex0`-`tex3`, `previous` (texture environment output, ivec4 in
// 8-bit steps) and `depth`.

#include "shadergen/fragment_config.h"

#include <string>

namespace picavk::shadergen::fragment {

// texturing.cpp: sampler bindings, then tex0-tex3 as 8-bit colours.
std::string texture_declarations(const FragmentConfig& c);
std::string sample_textures(const FragmentConfig& c);
// The coordinates texture unit `unit` (0-2, not a shadow texture) is sampled at: an expression
// of v_texcoord01 and v_texcoord2_w; a vec2, or for unit 0 a cube map's direction (vec3) or a
// projected texture's (u, v, w) (vec3, for textureProj).
std::string texture_coordinates(const FragmentConfig& c, unsigned unit);

// lighting.cpp: the functions both shaders share, and the code
// that defines frag_primary and frag_secondary (after texturing: bump maps read tex0-tex3).
// The ubershader variants read the configuration from push constants (`cfg.lighting`,
// `cfg.lighting_luts`, `cfg.lights`).
std::string lighting_functions();
std::string lighting_uber_functions();
std::string compute_lighting(const FragmentConfig& c);
std::string compute_lighting_uber();

// proctex.cpp: texture 3. The functions (need `luts` and the block uniforms `bu`) serve both
// shaders, configured by a word: a literal in the specialised shader, a push constant in the
// ubershader. proctex_footprint() defines proctex_coord and proctex_rho at the start of main()
// (derivatives need uniform control flow: before any discard); sample_proctex() defines tex3.
std::uint32_t proctex_config_word(const ProcTexConfig& p);
std::string proctex_functions();
std::string proctex_footprint(const FragmentConfig& c);
std::string sample_proctex(const FragmentConfig& c);

// shadow.cpp: shadow textures on unit 0 (sample_shadow_texture() defines tex0 for types 2 and
// 4; sample_textures() calls it) and shadow-mode writes (after `depth`; they replace the colour
// output). Declarations go before the samplers (an extension directive among them).
std::string shadow_declarations(const FragmentConfig& c);
std::string shadow_functions(const FragmentConfig& c);
std::string sample_shadow_texture(const FragmentConfig& c);
std::string write_shadow(const FragmentConfig& c);

// gas.cpp: the accumulation pass (after `depth`; it replaces the colour output) and the shading
// pass (in the fog slot, from apply_fog()).
std::string gas_declarations(const FragmentConfig& c);
std::string gas_functions(const FragmentConfig& c);
std::string accumulate_gas(const FragmentConfig& c);
std::string shade_gas(const FragmentConfig& c);

// texenv.cpp: the six combiner stages with the combiner buffer, leaving `previous`.
std::string texture_environment(const FragmentConfig& c);

// fog.cpp: the fog function (needs the `luts` binding) and its application to `previous`.
std::string fog_function();
std::string apply_fog(const FragmentConfig& c);

// per_fragment_ops.cpp
std::string early_discards(const FragmentConfig& c); // user clip plane, scissor "outside"
std::string alpha_test(const FragmentConfig& c);
std::string fragment_depth(const FragmentConfig& c); // defines `depth`, writes gl_FragDepth
// on_depth_grid24(depth): FragmentConfig::depth_grid24's rounding.
std::string depth_grid24_function();
// narrowed(colour, format), and `previous` narrowed where FragmentConfig::color_narrow says.
std::string narrowed_function();
std::string narrow_color(const FragmentConfig& c);
std::string logic_op(const FragmentConfig& c);
std::string logic_op_declarations(const FragmentConfig& c);

} // namespace picavk::shadergen::fragment
