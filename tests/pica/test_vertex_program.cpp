// The GPU vertex path's pieces that need no device: the attribute layout read from the registers
// (shared with the CPU loader), the vertex-program key, and a vertex shader glslang accepts.
#include "pica/geometry/vertex_layout.h"
#include "pica/memory.h"
#include "pica/regs/reg_ids.h"
#include "pica/state/pica_state.h"
#include "shader_asm.h"
#include "shadergen/spirv_compiler.h"
#include "shadergen/vertex_program.h"

#include <doctest/doctest.h>

using namespace picavk;
using namespace picavk::pica;
namespace sh = picavk::test::sh;

namespace {

// Attributes: 0 float x3 and 1 ubyte x4 from buffer 0 (with 8 bytes of padding between them),
// 2 short x2 from buffer 1, 3 fixed. VS: o0 = v0 (position), o1 = v1 * c0 (colour), loop.
PicaState scene() {
    PicaState st;
    st.regs[GPUREG_ATTRIBBUFFERS_LOC] = MemoryView::kVramBase >> 3;
    // type | (components - 1) << 2 per attribute: float3, ubyte4, short2, float4.
    st.regs[GPUREG_ATTRIBBUFFERS_FORMAT_LOW] =
        (3 | 2 << 2) | (1 | 3 << 2) << 4 | (2 | 1 << 2) << 8 | (3 | 3 << 2) << 12;
    st.regs[GPUREG_ATTRIBBUFFERS_FORMAT_HIGH] = 3u << 28; // four attributes
    st.regs[GPUREG_ATTRIBBUFFER0_OFFSET] = 0x100;
    st.regs[GPUREG_ATTRIBBUFFER0_CONFIG1] = 0 | 13 << 4 | 1 << 8; // attr 0, pad 8, attr 1
    st.regs[GPUREG_ATTRIBBUFFER0_CONFIG2] = 24u << 16 | 3u << 28;
    st.regs[GPUREG_ATTRIBBUFFER0_OFFSET + 3] = 0x800;
    st.regs[GPUREG_ATTRIBBUFFER0_CONFIG1 + 3] = 2;
    st.regs[GPUREG_ATTRIBBUFFER0_CONFIG2 + 3] = 4u << 16 | 1u << 28;
    st.regs[GPUREG_VSH_INPUTBUFFER_CONFIG] = 3;              // four inputs
    st.regs[GPUREG_VSH_ATTRIBUTES_PERMUTATION_LOW] = 0x3012; // 0->v2, 1->v1, 2->v0, 3->v3
    st.regs[GPUREG_VSH_OUTMAP_MASK] = 0b101;                 // o0 and o2
    st.regs[GPUREG_SH_OUTMAP_TOTAL] = 2;
    st.regs[GPUREG_SH_OUTMAP_O0] = 0x03020100;                // position
    st.regs[GPUREG_SH_OUTMAP_O1] = 0x0B0A0908;                // colour, from o2
    st.regs[GPUREG_VSH_INTUNIFORM_I0] = 3 | 0 << 8 | 1 << 16; // 4 passes, aL 0, +1
    st.vs.opdescs[0] = sh::desc("xyzw");
    const std::uint32_t code[] = {
        sh::f1(sh::MOV, sh::o(0), sh::v(2), 0, 0),
        sh::f3(sh::LOOP, 0, 3, 0),
        sh::f1(sh::ADD, sh::r(0), sh::r(0), sh::v(1), 0),
        sh::f1(sh::MUL, sh::o(2), sh::r(0), sh::c(0), 0),
        sh::op0(sh::END),
    };
    for (std::size_t i = 0; i < std::size(code); ++i)
        st.vs.code[i] = code[i];
    ++st.vs.program_version;
    return st;
}

} // namespace

TEST_CASE("vertex layout: buffers, offsets with alignment and padding, fixed attributes") {
    const PicaState st = scene();
    const VertexLayout l = VertexLayout::from_regs(st.regs);
    CHECK(l.attribute_count == 4);
    CHECK(l.attributes[0].buffer == 0);
    CHECK(l.attributes[0].offset == 0);
    CHECK(l.attributes[0].type == 3);
    CHECK(l.attributes[0].components == 3);
    CHECK(l.attributes[1].buffer == 0);
    CHECK(l.attributes[1].offset == 20); // 12 bytes of floats, then 8 of padding
    CHECK(l.attributes[2].buffer == 1);
    CHECK(l.attributes[2].offset == 0);
    CHECK(l.attributes[3].buffer == VertexLayout::kFixed);
    CHECK(l.buffers[0].address == MemoryView::kVramBase + 0x100);
    CHECK(l.buffers[0].stride == 24);
    CHECK(l.buffers[0].extent == 24);
    CHECK(l.buffers[1].extent == 4);
    CHECK(!l.buffers[2].used);
}

TEST_CASE("vertex program key: inputs, formats, permutation and output semantics") {
    PicaState st = scene();
    const VertexLayout layout = VertexLayout::from_regs(st.regs);
    const std::uint64_t program = pica::hash_shader_code(st.vs);
    const shadergen::VertexProgramKey k =
        shadergen::build_vertex_program_key(st.regs, layout, program);
    CHECK(k.program == program);
    CHECK(k.inputs == 4);
    CHECK(k.input_register[0] == 2);
    CHECK(k.input_register[1] == 1);
    CHECK(k.input_register[2] == 0);
    CHECK(k.input_register[3] == 3);
    CHECK(k.attribute[0] == (0x80 | 3 << 2 | 2));
    CHECK(k.attribute[1] == (0x80 | 1 << 2 | 3));
    CHECK(k.attribute[2] == (0x80 | 2 << 2 | 1));
    CHECK(k.attribute[3] == shadergen::kFixedAttribute);
    CHECK(k.semantic[0] == (0 << 2 | 0));
    CHECK(k.semantic[3] == (0 << 2 | 3));
    CHECK(k.semantic[8] == (2 << 2 | 0)); // the second enabled register is o2
    CHECK(k.semantic[12] == 0xFF);
    // Another program, another output map: other keys.
    shadergen::VertexProgramKey other = k;
    st.vs.code[3] = sh::f1(sh::ADD, sh::o(2), sh::r(0), sh::c(0), 0);
    CHECK(pica::hash_shader_code(st.vs) != program);
    st.regs[GPUREG_SH_OUTMAP_O1] = 0x0D0C0908;
    other = shadergen::build_vertex_program_key(st.regs, layout, program);
    CHECK(other.semantic[12] == (2 << 2 | 2));
    CHECK(shadergen::hash(other) != shadergen::hash(k));
}

TEST_CASE("vertex program GLSL: a whole vertex shader glslang compiles") {
    const PicaState st = scene();
    const VertexLayout layout = VertexLayout::from_regs(st.regs);
    const shadergen::VertexProgramKey k =
        shadergen::build_vertex_program_key(st.regs, layout, pica::hash_shader_code(st.vs));
    ShaderProgram program;
    decode_shader_program(st.vs, program);
    for (const bool preserve : {false, true}) {
        const shadergen::VertexProgramGlsl g =
            shadergen::generate_vertex_program_glsl(k, program, preserve);
        REQUIRE_MESSAGE(g.error.empty(), g.error);
        CHECK(g.glsl.find("layout(location = 1) in uvec4 a_attr1;") != std::string::npos);
        CHECK(g.glsl.find("a_attr3") == std::string::npos); // fixed: from the uniform block
        CHECK(g.glsl.find("pica_v[3] = pica_fixed[3];") != std::string::npos);
        const shadergen::SpirvResult spirv =
            shadergen::compile_glsl(shadergen::ShaderStage::Vertex, g.glsl);
        CHECK_MESSAGE(spirv.ok(), spirv.log, "\n", g.glsl);
    }
}
