#include "pica/command/command_list_builder.h"
#include "pica/regs/number_formats.h"
#include "test_support.h"

#include <doctest/doctest.h>

#include <bit>
#include <cstring>
#include <numeric>

using namespace picavk;
using namespace picavk::pica;
using picavk::test::Harness;

TEST_CASE("lighting LUT FIFO: auto-increment within a table, no carry into the table number") {
    Harness h;
    CommandListBuilder b;
    std::vector<std::uint32_t> entries(260);
    std::iota(entries.begin(), entries.end(), 0x1000u);
    b.upload_lighting_lut(5, entries, 0); // 260 writes: the last 4 wrap to index 0-3 of table 5
    b.finalize();
    h.run(b.words());
    CHECK(h.state.luts.lighting[5][4] == 0x1000 + 4);
    CHECK(h.state.luts.lighting[5][255] == 0x1000 + 255);
    CHECK(h.state.luts.lighting[5][0] == 0x1000 + 256);
    CHECK(h.state.luts.lighting[5][3] == 0x1000 + 259);
    CHECK(h.state.luts.lighting[6][0] == 0); // no carry into table 6
    CHECK(h.state.regs[GPUREG_LIGHTING_LUT_INDEX] == ((5u << 8) | 4u));
    CHECK(h.state.luts.lighting_dirty == (1u << 5));
    // Entries keep their 24 documented bits.
    h.cp.write_register(GPUREG_LIGHTING_LUT_INDEX, (16u << 8) | 7u);
    h.cp.write_register(GPUREG_LIGHTING_LUT_DATA3, 0xFFFFFFFF);
    CHECK(h.state.luts.lighting[16][7] == 0xFFFFFF);
}

TEST_CASE("lighting LUT FIFO: data past entry 255 wraps and is counted, a full table is not") {
    Harness h;
    // 256 entries from index 0 (the usual upload) end with the index back at 0: no warning.
    CommandListBuilder b;
    b.upload_lighting_lut(2, std::vector<std::uint32_t>(256, 7u), 0);
    b.finalize();
    h.run(b.words());
    CHECK(h.warnings.empty());
    // One write at a time from index 254: the third wraps to entry 0 and is counted; a new
    // LUT_INDEX starts afresh.
    h.cp.write_register(GPUREG_LIGHTING_LUT_INDEX, (3u << 8) | 254u);
    for (std::uint32_t v : {1u, 2u, 3u})
        h.cp.write_register(GPUREG_LIGHTING_LUT_DATA0, v);
    CHECK(h.state.luts.lighting[3][254] == 1);
    CHECK(h.state.luts.lighting[3][255] == 2);
    CHECK(h.state.luts.lighting[3][0] == 3);
    REQUIRE(h.warnings.size() == 1);
    CHECK(h.warnings[0].find("past its 256th entry") != std::string::npos);
    h.cp.write_register(GPUREG_LIGHTING_LUT_INDEX, (3u << 8) | 0u);
    h.cp.write_register(GPUREG_LIGHTING_LUT_DATA0, 4u);
    CHECK(h.warnings.size() == 1);
    // A burst of 10 from index 250 through the FIFO path: counted once.
    CommandListBuilder burst;
    burst.upload_lighting_lut(4, std::vector<std::uint32_t>(10, 9u), 250);
    burst.finalize();
    h.run(burst.words());
    CHECK(h.warnings.size() == 2);
    CHECK(h.state.luts.lighting[4][3] == 9);
}

TEST_CASE("fog, gas and procedural texture LUT FIFOs") {
    Harness h;
    CommandListBuilder b;
    std::vector<std::uint32_t> fog(128), gas(16), noise(128), color(256);
    std::iota(fog.begin(), fog.end(), 1u);
    std::iota(gas.begin(), gas.end(), 100u);
    std::iota(noise.begin(), noise.end(), 200u);
    std::iota(color.begin(), color.end(), 0xABC000u);
    b.upload_fog_lut(fog);
    b.upload_gas_lut(gas);
    b.upload_proctex_lut(LutState::ProcTexTable::Noise, noise);
    b.upload_proctex_lut(LutState::ProcTexTable::ColorDiff, color);
    b.upload_proctex_lut(LutState::ProcTexTable::AlphaMap, std::vector<std::uint32_t>{7, 8}, 126);
    b.finalize();
    h.run(b.words());
    CHECK(h.state.luts.fog[0] == 1);
    CHECK(h.state.luts.fog[127] == 128);
    CHECK(h.state.luts.gas[15] == 115);
    CHECK(h.state.luts.proctex_noise[127] == 327);
    CHECK(h.state.luts.proctex_color_diff[255] == 0xABC0FF);
    CHECK(h.state.luts.proctex_color[255] == 0);
    CHECK(h.state.luts.proctex_alpha_map[126] == 7);
    CHECK(h.state.luts.proctex_alpha_map[127] == 8);
    CHECK(h.state.luts.other_dirty ==
          (LutState::DirtyFog | LutState::DirtyGas | LutState::DirtyProcTexNoise |
           LutState::DirtyProcTexColorDiff | LutState::DirtyProcTexAlphaMap));
    CHECK(h.warnings.empty());
}

TEST_CASE(
    "float uniforms: float24 three-word packing, float32 four-word packing, index auto-increment") {
    Harness h;
    CommandListBuilder b;
    const std::vector<AttributeValue> values = {{1.0f, 2.0f, 3.0f, 4.0f},
                                                {-0.5f, 0.25f, 1e10f, -7.0f}};
    b.set_float_uniforms(ShaderUnit::Vertex, 10, values, false);
    b.set_float_uniforms(ShaderUnit::Vertex, 94, values, true);
    b.finalize();
    h.run(b.words());
    CHECK(h.state.vs.float_uniforms[10] == values[0]);
    CHECK(h.state.vs.float_uniforms[11][0] == -0.5f);
    CHECK(h.state.vs.float_uniforms[11][3] == -7.0f);
    CHECK(h.state.vs.float_uniforms[95][1] == 0.25f);
    CHECK(h.state.vs.float_uniforms[94] == values[0]);
    // 1e10 is not a float24 value: the unit holds the nearest one.
    CHECK(h.state.vs.float_uniforms[11][2] == f24_to_float(float_to_f24(1e10f)));
    CHECK(h.state.vs.float_uniforms[11][2] != 1e10f);
    CHECK((h.state.regs[GPUREG_VSH_FLOATUNIFORM_INDEX] & 0xFF) == 96);
    CHECK((h.state.regs[GPUREG_VSH_FLOATUNIFORM_INDEX] >> 31) == 1);
}

namespace {
// libctru's shaderInstanceInit (libctru/source/gpu/shaderProgram.c), the packing every citro3d
// program uses for its .constf constants: the four float24 values laid out as twelve little-endian
// bytes x, y, z, w, read back as three words and sent last word first.
std::array<std::uint32_t, 3> pack_like_libctru(const std::array<std::uint32_t, 4>& f24) {
    std::array<std::uint8_t, 12> bytes{};
    for (std::size_t c = 0; c < 4; ++c)
        for (std::size_t b = 0; b < 3; ++b)
            bytes[3 * c + b] = static_cast<std::uint8_t>(f24[c] >> (8 * b));
    std::array<std::uint32_t, 3> rev{};
    std::memcpy(rev.data(), bytes.data(), sizeof rev); // the host is little-endian like the 3DS
    return {rev[2], rev[1], rev[0]};
}
} // namespace

TEST_CASE("float24 uniforms unpack as libctru packs them (simple_tri's .constf (0, 1, -1, 0.1))") {
    Harness h;
    // picasso truncates 0.1 to float24 0x3B9999; 1.0 is 0x3F0000, -1.0 is 0xBF0000.
    const auto words = pack_like_libctru({0x000000, 0x3F0000, 0xBF0000, 0x3B9999});
    // The first word carries w in its top 24 bits: the register reference's "ZZWWWWWW" diagram,
    // read as hex digits, would put it in the low bits and turn this constant into garbage.
    REQUIRE(words == std::array<std::uint32_t, 3>{0x3B9999BF, 0x00003F00, 0x00000000});
    h.cp.write_register(GPUREG_VSH_FLOATUNIFORM_INDEX, 3);
    h.cp.write_register(GPUREG_VSH_FLOATUNIFORM_DATA0, words[0]);
    h.cp.write_register(GPUREG_VSH_FLOATUNIFORM_DATA5, words[1]); // any alias feeds the FIFO
    h.cp.write_register(GPUREG_VSH_FLOATUNIFORM_DATA7, words[2]);
    CHECK(h.state.vs.float_uniforms[3] ==
          AttributeValue{0.0f, 1.0f, -1.0f, f24_to_float(0x3B9999)});
    CHECK(f24_to_float(0x3B9999) == doctest::Approx(0.1f).epsilon(1e-4));

    // Every component lands in its place, for values with all 24 bits in use.
    const std::array<std::uint32_t, 4> f24 = {0x3F8001, 0xC0FFFE, 0x1234AB, 0xBEEF42};
    const auto packed = pack_like_libctru(f24);
    h.cp.write_register(GPUREG_GSH_FLOATUNIFORM_INDEX, 95);
    for (const std::uint32_t w : packed)
        h.cp.write_register(GPUREG_GSH_FLOATUNIFORM_DATA0, w);
    for (int c = 0; c < 4; ++c)
        CHECK(h.state.gs.float_uniforms[95][c] == f24_to_float(f24[static_cast<std::size_t>(c)]));
    // The builder packs the same way.
    CHECK(pack_f24x4({f24_to_float(f24[0]), f24_to_float(f24[1]), f24_to_float(f24[2]),
                      f24_to_float(f24[3])}) == packed);

    // Rewriting the index restarts the packing.
    h.cp.write_register(GPUREG_VSH_FLOATUNIFORM_DATA0, 0x12345678);
    h.cp.write_register(GPUREG_VSH_FLOATUNIFORM_INDEX, 4);
    for (const std::uint32_t w : words)
        h.cp.write_register(GPUREG_VSH_FLOATUNIFORM_DATA0, w);
    CHECK(h.state.vs.float_uniforms[4] == h.state.vs.float_uniforms[3]);
    CHECK(h.warnings.empty());
}

TEST_CASE(
    "shader code and operand descriptors upload with their indices, CODETRANSFER_END signals") {
    Harness h;
    CommandListBuilder b;
    std::vector<std::uint32_t> code(300), desc(20);
    std::iota(code.begin(), code.end(), 0x88000000u);
    std::iota(desc.begin(), desc.end(), 0x1B00u);
    b.upload_shader(ShaderUnit::Geometry, code, desc, 0x42);
    b.finalize();
    const auto version = h.state.gs.program_version;
    h.run(b.words());
    CHECK(h.state.gs.code[0] == 0x88000000u);
    CHECK(h.state.gs.code[299] == 0x88000000u + 299);
    CHECK(h.state.gs.opdescs[19] == 0x1B00u + 19);
    CHECK(h.state.vs.code[0] == 0); // the GS upload does not touch the VS unit
    CHECK(h.state.gs.program_version > version);
    CHECK((h.state.regs[GPUREG_GSH_ENTRYPOINT] & 0xFFFF) == 0x42);
    CHECK((h.state.regs[GPUREG_GSH_CODETRANSFER_INDEX] & 0xFFF) == 300);
    CHECK(std::count(h.handler.events.begin(), h.handler.events.end(), "gs_code_end") == 1);
}

TEST_CASE("VSH_COM_MODE: VS uploads reach the GS unit only while it shares the VS configuration") {
    SUBCASE("shared: COM_MODE 0, geometry stage not in use") {
        Harness h;
        CommandListBuilder b;
        b.write(GPUREG_VSH_COM_MODE, 0);
        b.upload_shader(ShaderUnit::Vertex, std::vector<std::uint32_t>{0xAA, 0xBB},
                        std::vector<std::uint32_t>{0xCC});
        b.set_float_uniforms(ShaderUnit::Vertex, 7, std::vector<AttributeValue>{{1, 2, 3, 4}});
        b.set_bool_uniforms(ShaderUnit::Vertex, 0x8001);
        b.set_int_uniform(ShaderUnit::Vertex, 2, 1, 2, 3, 4);
        b.write(GPUREG_VSH_OUTMAP_MASK, 0x13);
        b.finalize();
        h.run(b.words());
        CHECK(h.state.gs.code[1] == 0xBB);
        CHECK(h.state.gs.opdescs[0] == 0xCC);
        CHECK(h.state.gs.float_uniforms[7] == AttributeValue{1, 2, 3, 4});
        CHECK((h.state.regs[GPUREG_GSH_BOOLUNIFORM] & 0xFFFF) == 0x8001);
        CHECK(h.state.regs[GPUREG_GSH_INTUNIFORM_I2] == 0x04030201u);
        CHECK(h.state.regs[GPUREG_GSH_OUTMAP_MASK] == 0x13);
    }
    SUBCASE("exclusive: COM_MODE 1") {
        Harness h;
        CommandListBuilder b;
        b.write(GPUREG_VSH_COM_MODE, 1);
        b.upload_shader(ShaderUnit::Vertex, std::vector<std::uint32_t>{0xAA, 0xBB},
                        std::vector<std::uint32_t>{0xCC});
        b.set_float_uniforms(ShaderUnit::Vertex, 7, std::vector<AttributeValue>{{1, 2, 3, 4}});
        b.set_bool_uniforms(ShaderUnit::Vertex, 0x8001);
        b.finalize();
        h.run(b.words());
        CHECK(h.state.vs.code[1] == 0xBB);
        CHECK(h.state.gs.code[1] == 0);
        CHECK(h.state.gs.float_uniforms[7] == AttributeValue{0, 0, 0, 0});
        CHECK(h.state.regs[GPUREG_GSH_BOOLUNIFORM] == 0);
    }
    SUBCASE("geometry stage in use (GEOSTAGE_CONFIG mode 2)") {
        Harness h;
        h.cp.write_register(GPUREG_VSH_COM_MODE, 0);
        h.cp.write_register(GPUREG_GEOSTAGE_CONFIG, 2);
        h.cp.write_register(GPUREG_VSH_BOOLUNIFORM, 0x7FFF0003);
        CHECK(h.state.regs[GPUREG_GSH_BOOLUNIFORM] == 0);
    }
}

TEST_CASE(
    "fixed attributes: three-word float24 packing (w most significant) and index auto-increment") {
    Harness h;
    CommandListBuilder b;
    b.set_fixed_attribute(3, {1.0f, 3.0f, 0.5f, -1.0f});
    b.finalize();
    h.run(b.words());
    CHECK(h.state.fixed_attributes[3] == AttributeValue{1.0f, 3.0f, 0.5f, -1.0f});
    CHECK((h.state.regs[GPUREG_FIXEDATTRIB_INDEX] & 0xF) == 4);
    // The words as the reference's bit table places them: DATA0 = W(8-31) | Z[16-23](0-7), ...
    const auto words = pack_f24x4({1.0f, 3.0f, 0.5f, -1.0f});
    CHECK(words[0] == ((0xBF0000u << 8) | (0x3E0000u >> 16)));
    CHECK(words[1] == (((0x3E0000u & 0xFFFF) << 16) | (0x408000u >> 8)));
    CHECK(words[2] == (((0x408000u & 0xFF) << 24) | 0x3F0000u));
    // Consecutive attributes without rewriting the index.
    h.cp.write_register(GPUREG_FIXEDATTRIB_DATA0, words[0]);
    h.cp.write_register(GPUREG_FIXEDATTRIB_DATA1, words[1]);
    h.cp.write_register(GPUREG_FIXEDATTRIB_DATA2, words[2]);
    CHECK(h.state.fixed_attributes[4] == AttributeValue{1.0f, 3.0f, 0.5f, -1.0f});
}

TEST_CASE("immediate mode: index 0xF, VSH_NUM_ATTR + 1 attributes make one vertex") {
    Harness h;
    CommandListBuilder b;
    b.write(GPUREG_VSH_NUM_ATTR, 1); // two attributes per vertex
    b.begin_immediate();
    for (int i = 0; i < 3; ++i) {
        const float f = static_cast<float>(i);
        b.immediate_vertex(std::vector<AttributeValue>{{f, f + 1, 0, 1}, {0.5f, 0.25f, f, 1}});
    }
    b.finalize();
    h.run(b.words());
    REQUIRE(h.handler.immediate_vertices.size() == 3);
    CHECK(h.handler.immediate_vertices[2].size() == 2);
    CHECK(h.handler.immediate_vertices[2][0] == AttributeValue{2, 3, 0, 1});
    CHECK(h.handler.immediate_vertices[1][1] == AttributeValue{0.5f, 0.25f, 1, 1});
    CHECK((h.state.regs[GPUREG_FIXEDATTRIB_INDEX] & 0xF) == 0xF); // stays in immediate mode
}

TEST_CASE("bool and int uniforms are plain registers") {
    Harness h;
    CommandListBuilder b;
    b.set_bool_uniforms(ShaderUnit::Vertex, 0x00F0);
    b.set_int_uniform(ShaderUnit::Vertex, 1, 10, 0, 1, 0);
    b.finalize();
    h.run(b.words());
    CHECK(h.state.regs.get<reg::SH_BOOLUNIFORM>(1).boolean_register_b4_value() == 1);
    CHECK(h.state.regs.get<reg::SH_BOOLUNIFORM>(1).boolean_register_b3_value() == 0);
    CHECK(h.state.regs.get<reg::SH_INTUNIFORM_I>(5).integer_register_i_x_value() == 10);
}
