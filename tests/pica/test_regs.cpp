#include "pica/regs/register_dump.h"
#include "pica/regs/regs.h"

#include <doctest/doctest.h>

#include <cstring>
#include <string>

using namespace picavk::pica;

TEST_CASE("register IDs and names follow the reference's register list") {
    CHECK(GPUREG_FINALIZE == 0x010);
    CHECK(GPUREG_FACECULLING_CONFIG == 0x040);
    CHECK(GPUREG_TEXENV0_SOURCE == 0x0C0);
    CHECK(GPUREG_DEPTH_COLOR_MASK == 0x107);
    CHECK(GPUREG_LIGHTING_LUT_INDEX == 0x1C5);
    CHECK(GPUREG_DRAWARRAYS == 0x22E);
    CHECK(GPUREG_VSH_FLOATUNIFORM_INDEX == 0x2C0);
    CHECK(std::strcmp(reg_info(0x040).name, "GPUREG_FACECULLING_CONFIG") == 0);
    CHECK(std::strcmp(reg_info(0x2C5).name, "GPUREG_VSH_FLOATUNIFORM_DATA4") == 0);
    CHECK(reg_info(0x040).documented);
    CHECK_FALSE(reg_info(0x000).documented);
    CHECK(std::strcmp(reg_info(0x000).name, "GPUREG_0000") == 0);
    CHECK(reg_info(0x300).name == nullptr);
    // Every ID in the file has a name.
    for (std::uint32_t id = 0; id < kRegCount; ++id) {
        INFO("id = " << id);
        CHECK(reg_info(id).name != nullptr);
    }
}

TEST_CASE("aliases: every float-uniform data ID is its own name but one layout") {
    CHECK(reg::SH_FLOATUNIFORM_DATA::ids.size() == 16); // 8 GSH + 8 VSH aliases
    CHECK(reg::SH_FLOATUNIFORM_DATA::ids[8] == GPUREG_VSH_FLOATUNIFORM_DATA0);
    CHECK(reg_info(GPUREG_VSH_FLOATUNIFORM_DATA0).fields ==
          reg_info(GPUREG_VSH_FLOATUNIFORM_DATA7).fields);
    CHECK(reg::TEXUNIT_DIM::ids.size() == 3);
    CHECK(reg::TEXUNIT_DIM::ids[1] == GPUREG_TEXUNIT1_DIM);
}

TEST_CASE("typed views read and write the documented bit fields") {
    Regs regs;
    reg::DEPTH_COLOR_MASK m;
    m.set_depth_test_enabled(1);
    m.set_depth_function(6);
    m.set_green_write_enabled(1);
    m.set_depth_write_enabled(1);
    CHECK(m.raw == (1u | (6u << 4) | (1u << 9) | (1u << 12)));
    regs.set(m);
    CHECK(regs[GPUREG_DEPTH_COLOR_MASK] == m.raw);
    CHECK(regs.get<reg::DEPTH_COLOR_MASK>().depth_function() == 6);

    // Signed field: VIEWPORT_XY X in bits 0-9.
    reg::VIEWPORT_XY xy{0x3FF | (5u << 16)};
    CHECK(xy.x() == -1);
    CHECK(xy.y() == 5);

    // Float field: float1.7.16 in VIEWPORT_WIDTH, float1.7.23 in bits 1-31 of VIEWPORT_INVW.
    reg::VIEWPORT_WIDTH w{0x3F0000};
    CHECK(w.width_div_2() == 1.0f);
    reg::VIEWPORT_INVW inv{0x1F800000u << 1};
    CHECK(inv.n2_div_width() == 1.0f);

    // Fixed field: TEXUNIT_LOD bias is fixed1.4.8 in bits 0-12.
    reg::TEXUNIT_LOD lod{0x1F00};
    CHECK(lod.bias() == -1.0f);

    // Indexed view.
    regs[GPUREG_TEXUNIT2_DIM] = 64u | (128u << 16);
    CHECK(regs.get<reg::TEXUNIT_DIM>(2).width() == 128);
    CHECK(regs.get<reg::TEXUNIT_DIM>(2).height() == 64);

    // Setters leave neighbouring fields alone.
    reg::FRAMEBUFFER_DIM dim{0xFFFFFFFF};
    dim.set_width(240);
    CHECK(dim.width() == 240);
    CHECK(dim.height_minus_1() == 0x3FF);
}

TEST_CASE("register dump names registers and decodes fields") {
    const std::string d = describe_register(GPUREG_DEPTHMAP_SCALE, 0xBF0000);
    CHECK(d.find("GPUREG_DEPTHMAP_SCALE") != std::string::npos);
    CHECK(d.find("near_far") != std::string::npos);
    CHECK(d.find(" -1 (float1.7.16 0xBF0000)") != std::string::npos);
    Regs regs;
    regs[GPUREG_FACECULLING_CONFIG] = 2;
    const std::string all = dump_registers(regs);
    CHECK(all.find("GPUREG_FACECULLING_CONFIG") != std::string::npos);
    CHECK(all.find("culling_mode") != std::string::npos);
    CHECK(all.find("GPUREG_VIEWPORT_WIDTH") == std::string::npos); // zero, left out
    CHECK(dump_registers(regs, false).find("GPUREG_VIEWPORT_WIDTH") != std::string::npos);
}
