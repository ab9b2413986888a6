// Vertex loading, post-vertex cache, output mapping, primitive assembly and geometry-shader feed.
// Register layouts: spec 004 "Geometry pipeline registers"; behaviour notes in vertex_loader.h,
// output_mapping.h, primitive_assembler.h.
#include "pica/geometry/geometry_pipeline.h"
#include "pica/regs/reg_ids.h"
#include "shader_asm.h"

#include <doctest/doctest.h>

#include <cstring>
#include <memory>
#include <tuple>
#include <vector>

using namespace picavk::pica;
namespace sh = picavk::test::sh;

namespace {

constexpr PAddr kBase = MemoryView::kVramBase;
constexpr std::uint32_t kPositionMap = 0x03020100; // x, y, z, w -> position
constexpr std::uint32_t kColorMap = 0x0B0A0908;    // -> colour

struct Geo {
    GuestMemory memory{1u << 20};
    MemoryView view = memory.view();
    PicaState st;
    Diagnostics diag;
    GeometryPipeline gp{st, view, diag};
    GeometryBatch out;

    Geo() {
        diag.set_sink([](Warning, const std::string&) {});
        st.regs[GPUREG_ATTRIBBUFFERS_LOC] = kBase >> 3;
        // Pass-through VS: o0 = v0, o1 = v1.
        const std::uint32_t d = 0;
        st.vs.opdescs[d] = sh::desc("xyzw");
        vs({sh::f1(sh::MOV, sh::o(0), sh::v(0), 0, d), sh::f1(sh::MOV, sh::o(1), sh::v(1), 0, d),
            sh::op0(sh::END)});
        st.regs[GPUREG_VSH_OUTMAP_MASK] = 0b11;
        st.regs[GPUREG_SH_OUTMAP_TOTAL] = 2;
        st.regs[GPUREG_SH_OUTMAP_O0] = kPositionMap;
        st.regs[GPUREG_SH_OUTMAP_O1] = kColorMap;
        st.regs[GPUREG_VSH_INPUTBUFFER_CONFIG] = 1;            // two inputs
        st.regs[GPUREG_VSH_ATTRIBUTES_PERMUTATION_LOW] = 0x10; // attribute n -> v[n]
    }
    void vs(std::vector<std::uint32_t> code, std::uint32_t at = 0) {
        for (std::uint32_t w : code)
            st.vs.code[at++] = w;
        ++st.vs.program_version;
    }
    // attribute formats: (type, components) for attributes 0..n-1; total count n.
    void formats(std::vector<std::pair<std::uint32_t, std::uint32_t>> f, std::uint32_t fixed = 0) {
        std::uint64_t bits = 0;
        for (std::size_t a = 0; a < f.size(); ++a)
            bits |= std::uint64_t{f[a].first | (f[a].second - 1) << 2} << (4 * a);
        st.regs[GPUREG_ATTRIBBUFFERS_FORMAT_LOW] = static_cast<std::uint32_t>(bits);
        st.regs[GPUREG_ATTRIBBUFFERS_FORMAT_HIGH] = static_cast<std::uint32_t>(bits >> 32) |
                                                    fixed << 16 |
                                                    static_cast<std::uint32_t>(f.size() - 1) << 28;
    }
    // Buffer b: components (attribute ids or 12-15 padding codes), stride in bytes.
    void buffer(unsigned b, std::uint32_t offset, std::vector<std::uint32_t> comps,
                std::uint32_t stride) {
        std::uint64_t c = 0;
        for (std::size_t k = 0; k < comps.size(); ++k)
            c |= std::uint64_t{comps[k]} << (4 * k);
        st.regs[GPUREG_ATTRIBBUFFER0_OFFSET + 3 * b] = offset;
        st.regs[GPUREG_ATTRIBBUFFER0_CONFIG1 + 3 * b] = static_cast<std::uint32_t>(c);
        st.regs[GPUREG_ATTRIBBUFFER0_CONFIG2 + 3 * b] =
            static_cast<std::uint32_t>(c >> 32) | stride << 16 |
            static_cast<std::uint32_t>(comps.size()) << 28;
    }
    template <class T>
    void put(std::uint32_t offset, std::vector<T> v) {
        std::memcpy(view.pointer(kBase + offset, v.size() * sizeof(T)), v.data(),
                    v.size() * sizeof(T));
    }
    void draw_arrays(std::uint32_t count, std::uint32_t first = 0) {
        st.regs[GPUREG_NUMVERTICES] = count;
        st.regs[GPUREG_VERTEX_OFFSET] = first;
        gp.draw(false, out);
    }
    void draw_elements(std::uint32_t count, std::uint32_t index_offset, bool u16) {
        st.regs[GPUREG_NUMVERTICES] = count;
        st.regs[GPUREG_INDEXBUFFER_CONFIG] = index_offset | (u16 ? 1u << 31 : 0);
        gp.draw(true, out);
    }
    Vec4 pos(std::size_t i) const {
        const auto& a = out.vertices.at(i).attr;
        return {a[0], a[1], a[2], a[3]};
    }
    Vec4 color(std::size_t i) const {
        const auto& a = out.vertices.at(i).attr;
        return {a[8], a[9], a[10], a[11]};
    }
};

} // namespace

TEST_CASE("vertex loader: every element type and component count, defaults y=0 z=0 w=1") {
    // type: 0 byte, 1 ubyte, 2 short, 3 float (spec 004 ATTRIBBUFFERS_FORMAT_LOW).
    for (std::uint32_t type = 0; type < 4; ++type) {
        for (std::uint32_t n = 1; n <= 4; ++n) {
            Geo g;
            g.formats({{type, n}});
            const std::uint32_t size = type == 3 ? 4 : (type == 2 ? 2 : 1);
            g.buffer(0, 0x100, {0}, size * 4);
            switch (type) {
            case 0:
                g.put<std::int8_t>(0x100, {-1, -2, -3, -4});
                break;
            case 1:
                g.put<std::uint8_t>(0x100, {250, 2, 3, 4});
                break;
            case 2:
                g.put<std::int16_t>(0x100, {-1000, 2, 3, 4});
                break;
            default:
                g.put<float>(0x100, {1.5f, 2, 3, 4});
                break;
            }
            g.st.regs[GPUREG_VSH_INPUTBUFFER_CONFIG] = 0;
            g.draw_arrays(1);
            CAPTURE(type);
            CAPTURE(n);
            REQUIRE(g.out.vertices.size() == 1);
            const float first[4] = {-1, 250, -1000, 1.5f};
            const float rest_signed[3] = {type == 0 ? -2.f : 2.f, type == 0 ? -3.f : 3.f,
                                          type == 0 ? -4.f : 4.f};
            const Vec4 expected{first[type], n > 1 ? rest_signed[0] : 0.f,
                                n > 2 ? rest_signed[1] : 0.f, n > 3 ? rest_signed[2] : 1.f};
            CHECK(g.pos(0) == expected);
        }
    }
}

TEST_CASE("vertex loader: alignment to the element size and 4/8/12/16-byte padding, stride") {
    // Buffer: attr0 ubyte x3 at 0, attr1 short x2 aligned to 4, padding code 12+k, attr2 float.
    for (std::uint32_t pad = 12; pad <= 15; ++pad) {
        Geo g;
        g.formats({{1, 3}, {2, 2}, {3, 1}});
        g.st.regs[GPUREG_VSH_INPUTBUFFER_CONFIG] = 2;
        g.st.regs[GPUREG_VSH_ATTRIBUTES_PERMUTATION_LOW] = 0x210;
        // o0 = v1 (the shorts), o1 = v2 (the float)
        g.vs({sh::f1(sh::MOV, sh::o(0), sh::v(1), 0, 0), sh::f1(sh::MOV, sh::o(1), sh::v(2), 0, 0),
              sh::op0(sh::END)});
        const std::uint32_t float_at = 8 + 4 * (pad - 11);
        const std::uint32_t stride = float_at + 4;
        g.buffer(0, 0x40, {0, 1, pad, 2}, stride);
        for (std::uint32_t v = 0; v < 2; ++v) {
            const std::uint32_t at = 0x40 + v * stride;
            g.put<std::uint8_t>(at, {1, 2, 3, 0xEE});
            g.put<std::int16_t>(at + 4, {static_cast<std::int16_t>(-7 - v), 9});
            g.put<float>(at + float_at, {0.25f + static_cast<float>(v)});
        }
        g.draw_arrays(2);
        CAPTURE(pad);
        REQUIRE(g.out.vertices.size() == 2);
        CHECK(g.pos(0) == Vec4{-7, 9, 0, 1});
        CHECK(g.pos(1) == Vec4{-8, 9, 0, 1});
        CHECK(g.color(1)[0] == 1.0f); // 1.25 clamps to 1 as a colour
        CHECK(g.color(0) == Vec4{0.25f, 0, 0, 1});
    }
}

TEST_CASE("vertex loader: fixed attributes, buffer data overrides the fixed value") {
    Geo g;
    g.formats({{3, 4}, {3, 4}}, /*fixed mask*/ 0b11);
    g.st.fixed_attributes[0] = {5, 6, 7, 8};
    g.st.fixed_attributes[1] = {0.5f, 0.25f, 0.125f, 1};
    g.buffer(0, 0, {0}, 16); // attribute 0 comes from memory despite the mask (citra PR 787)
    g.put<float>(0, {1, 2, 3, 4});
    g.draw_arrays(1);
    CHECK(g.pos(0) == Vec4{1, 2, 3, 4});
    CHECK(g.color(0) == Vec4{0.5f, 0.25f, 0.125f, 1});
}

TEST_CASE("vertex loader: the permutation routes attribute n to v[perm n]") {
    Geo g;
    g.formats({{3, 4}, {3, 4}});
    g.st.regs[GPUREG_VSH_ATTRIBUTES_PERMUTATION_LOW] = 0x01; // attr 0 -> v1, attr 1 -> v0
    g.buffer(0, 0, {0, 1}, 32);
    g.put<float>(0, {1, 2, 3, 4, 0.1f, 0.2f, 0.3f, 0.4f});
    g.draw_arrays(1);
    CHECK(g.pos(0) == Vec4{0.1f, 0.2f, 0.3f, 0.4f});
    CHECK(g.color(0) == Vec4{1, 1, 1, 1}); // (1,2,3,4) as colour, capped at 1
}

TEST_CASE("index buffers: u8 and u16, VERTEX_OFFSET only for arrays, post-vertex cache") {
    for (bool u16 : {false, true}) {
        Geo g;
        g.formats({{3, 1}});
        g.st.regs[GPUREG_VSH_INPUTBUFFER_CONFIG] = 0;
        g.buffer(0, 0, {0}, 4);
        g.put<float>(0, {10, 11, 12, 13});
        if (u16) {
            g.put<std::uint16_t>(0x200, {0, 1, 2, 2, 1, 3});
        } else {
            g.put<std::uint8_t>(0x200, {0, 1, 2, 2, 1, 3});
        }
        g.st.regs[GPUREG_VERTEX_OFFSET] = 1; // ignored by indexed draws
        g.draw_elements(6, 0x200, u16);
        CAPTURE(u16);
        // Four distinct indices: shaded once each, two triangles sharing them.
        CHECK(g.gp.stats().vs_invocations == 4);
        REQUIRE(g.out.vertices.size() == 4);
        CHECK(g.out.indices == std::vector<std::uint32_t>{0, 1, 2, 2, 1, 3});
        CHECK(g.pos(3)[0] == 13);
    }
    Geo g;
    g.formats({{3, 1}});
    g.st.regs[GPUREG_VSH_INPUTBUFFER_CONFIG] = 0;
    g.buffer(0, 0, {0}, 4);
    g.put<float>(0, {10, 11, 12, 13});
    g.draw_arrays(3, 1);
    CHECK(g.pos(0)[0] == 11);
    CHECK(g.pos(2)[0] == 13);
}

TEST_CASE("primitive assembly: list, strip, fan windings, restart, state spans draws") {
    const auto run = [](Topology t, std::uint32_t n, bool restart_after_4 = false) {
        Geo g;
        g.formats({{3, 1}});
        g.st.regs[GPUREG_VSH_INPUTBUFFER_CONFIG] = 0;
        g.buffer(0, 0, {0}, 4);
        g.st.regs[GPUREG_PRIMITIVE_CONFIG] = static_cast<std::uint32_t>(t) << 8;
        if (restart_after_4) {
            g.draw_arrays(4);
            g.gp.restart_primitive();
            g.draw_arrays(n - 4, 4);
        } else {
            g.draw_arrays(n);
        }
        return g.out.indices;
    };
    CHECK(run(Topology::List, 6) == std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5});
    CHECK(run(Topology::Strip, 6) ==
          std::vector<std::uint32_t>{0, 1, 2, 2, 1, 3, 2, 3, 4, 4, 3, 5});
    CHECK(run(Topology::Fan, 5) == std::vector<std::uint32_t>{0, 1, 2, 0, 2, 3, 0, 3, 4});
    // Restart between draws: vertices 4-6 start a new strip.
    CHECK(run(Topology::Strip, 7, true) == std::vector<std::uint32_t>{0, 1, 2, 2, 1, 3, 4, 5, 6});
    // Without a restart a strip continues into the next draw (hardware leaks the state).
    Geo g;
    g.formats({{3, 1}});
    g.st.regs[GPUREG_VSH_INPUTBUFFER_CONFIG] = 0;
    g.buffer(0, 0, {0}, 4);
    g.st.regs[GPUREG_PRIMITIVE_CONFIG] = 1u << 8;
    g.draw_arrays(2);
    g.draw_arrays(1, 2);
    CHECK(g.out.indices == std::vector<std::uint32_t>{0, 1, 2});
}

TEST_CASE("primitive assembly: a run of pushes (push_run) gives what pushing each id gives, and "
          "leaves the same state") {
    // Every topology, from every state a few single pushes leave (held ids, a strip's
    // alternation), runs of 0 to 40 ids; then the same three pushes after each.
    for (const Topology t : {Topology::List, Topology::Strip, Topology::Fan, Topology::Geometry})
        for (std::uint32_t before = 0; before < 6; ++before)
            for (std::uint32_t n = 0; n <= 40; ++n) {
                CAPTURE(static_cast<int>(t));
                CAPTURE(before);
                CAPTURE(n);
                PrimitiveAssembler one, run;
                one.set_topology(t);
                run.set_topology(t);
                std::vector<std::uint32_t> a = {7}, b = {7}; // (appended to, not replaced)
                for (std::uint32_t k = 0; k < before; ++k) {
                    one.push(900 + k, a);
                    run.push(900 + k, b);
                }
                for (std::uint32_t k = 0; k < n; ++k)
                    one.push(100 + k, a);
                run.push_run(100, n, b);
                CHECK(a == b);
                REQUIRE(one.buffered() == run.buffered());
                for (std::uint32_t k = 0; k < one.buffered(); ++k)
                    CHECK(one.buffered_id(k) == run.buffered_id(k));
                for (std::uint32_t k = 0; k < 3; ++k) {
                    one.push(500 + k, a);
                    run.push(500 + k, b);
                }
                CHECK(a == b);
            }
}

TEST_CASE("output mapping: compaction by OUTMAP_MASK, unmapped semantics read 1.0") {
    Geo g;
    g.formats({{3, 4}, {3, 4}});
    g.buffer(0, 0, {0, 1}, 32);
    g.put<float>(0, {1, 2, 3, 4, -0.5f, 0.25f, 2, 0});
    // Outputs o0 and o4 enabled: o4 is attribute 1 (3dbrew Pitfalls example), mapped to colour.
    g.vs({sh::f1(sh::MOV, sh::o(0), sh::v(0), 0, 0), sh::f1(sh::MOV, sh::o(4), sh::v(1), 0, 0),
          sh::op0(sh::END)});
    g.st.regs[GPUREG_VSH_OUTMAP_MASK] = 0x11;
    g.st.regs[GPUREG_SH_OUTMAP_O1] = 0x1F1F0908; // colour r, g only
    g.draw_arrays(1);
    CHECK(g.pos(0) == Vec4{1, 2, 3, 4});
    // r = |-0.5|, g = 0.25, b and a unmapped: 1.0.
    CHECK(g.color(0) == Vec4{0.5f, 0.25f, 1, 1});
    CHECK(g.out.vertices[0].attr[12] == 1.0f); // texcoord0.u unmapped
}

TEST_CASE("immediate mode: attributes in submission order through the permutation") {
    Geo g;
    g.st.regs[GPUREG_VSH_ATTRIBUTES_PERMUTATION_LOW] = 0x01;
    const std::vector<AttributeValue> v = {{1, 0, 0, 1}, {0.5f, 0.5f, 0.5f, 1}};
    for (int i = 0; i < 3; ++i)
        g.gp.immediate_vertex(v, g.out);
    REQUIRE(g.out.vertices.size() == 3);
    CHECK(g.pos(0) == Vec4{0.5f, 0.5f, 0.5f, 1});
    CHECK(g.out.indices.size() == 3);
}

namespace {
// GS helpers: a GS unit in point mode whose program is given; VS passes o0 = v0 through.
void setup_gs(Geo& g, std::vector<std::uint32_t> code, std::uint32_t misc0, std::uint32_t inputs) {
    g.st.regs[GPUREG_GEOSTAGE_CONFIG] = 2;
    g.st.regs[GPUREG_GSH_MISC0] = misc0;
    g.st.regs[GPUREG_GSH_INPUTBUFFER_CONFIG] = inputs - 1;
    g.st.regs[GPUREG_GSH_ATTRIBUTES_PERMUTATION_LOW] = 0x76543210;
    g.st.regs[GPUREG_GSH_OUTMAP_MASK] = 0b1;
    g.st.regs[GPUREG_VSH_OUTMAP_MASK] = 0b1;
    g.st.regs[GPUREG_VSH_OUTMAP_TOTAL1] = 0;
    g.st.regs[GPUREG_SH_OUTMAP_TOTAL] = 1;
    g.st.regs[GPUREG_PRIMITIVE_CONFIG] = 3u << 8; // geometry primitive
    g.st.gs.opdescs[0] = sh::desc("xyzw");
    g.st.gs.opdescs[1] = sh::desc("x");
    for (std::size_t i = 0; i < code.size(); ++i)
        g.st.gs.code[i] = code[i];
    ++g.st.gs.program_version;
}
} // namespace

TEST_CASE("geometry shader, point mode: each point emits a triangle (variable emit count)") {
    Geo g;
    g.formats({{3, 4}});
    g.st.regs[GPUREG_VSH_INPUTBUFFER_CONFIG] = 0;
    g.buffer(0, 0, {0}, 16);
    g.put<float>(0, {1, 0, 0, 1, 2, 0, 0, 1});
    // o0 = v0 + c0 (offset), emitted three times with c0, c1, c2 offsets; the third emits the
    // primitive with the winding flag.
    g.st.gs.float_uniforms[0] = {0, 0, 0, 0};
    g.st.gs.float_uniforms[1] = {0, 10, 0, 0};
    g.st.gs.float_uniforms[2] = {0, 0, 10, 0};
    setup_gs(g,
             {sh::f1(sh::ADD, sh::o(0), sh::c(0), sh::v(0), 0), sh::setemit(0, false, false),
              sh::op0(sh::EMIT), sh::f1(sh::ADD, sh::o(0), sh::c(1), sh::v(0), 0),
              sh::setemit(1, false, false), sh::op0(sh::EMIT),
              sh::f1(sh::ADD, sh::o(0), sh::c(2), sh::v(0), 0), sh::setemit(2, true, true),
              sh::op0(sh::EMIT), sh::op0(sh::END)},
             0, 1);
    g.draw_arrays(2);
    CHECK(g.gp.stats().gs_invocations == 2);
    REQUIRE(g.out.vertices.size() == 6);
    CHECK(g.pos(4) == Vec4{2, 10, 0, 1});
    // Winding flag: (v1, v0, v2).
    CHECK(g.out.indices == std::vector<std::uint32_t>{1, 0, 2, 4, 3, 5});
    CHECK(g.diag.total() == 0);
}

TEST_CASE("geometry shader, variable mode: counts from the index stream reach c0") {
    Geo g;
    g.formats({{3, 4}});
    g.st.regs[GPUREG_VSH_INPUTBUFFER_CONFIG] = 0;
    g.buffer(0, 0, {0}, 16);
    g.put<float>(0, {1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3});
    // GS: o0 = c0 (the count) ; emit ; o0 = c1 (first vertex) ; emit; o0 = c[count] (last); emit
    setup_gs(g,
             {sh::f1(sh::MOV, sh::o(0), sh::c(0), 0, 0), sh::setemit(0, false, false),
              sh::op0(sh::EMIT), sh::f1(sh::MOV, sh::o(0), sh::c(1), 0, 0),
              sh::setemit(1, false, false), sh::op0(sh::EMIT),
              sh::f1(sh::MOV, sh::o(0), sh::c(3), 0, 0), sh::setemit(2, true, false),
              sh::op0(sh::EMIT), sh::op0(sh::END)},
             1, 1);
    g.st.regs[GPUREG_GSH_MISC1] = 0; // one main vertex
    // Index stream: count 3, vertices 0 1 2; count 2 ... not complete (no GS run).
    g.put<std::uint8_t>(0x100, {3, 0, 1, 2, 2, 1});
    g.draw_elements(6, 0x100, false);
    CHECK(g.gp.stats().gs_invocations == 1);
    REQUIRE(g.out.vertices.size() == 3);
    CHECK(g.pos(0) == Vec4{3, 3, 3, 3}); // c0 = count
    CHECK(g.pos(1) == Vec4{1, 1, 1, 1}); // c1 = first (main) vertex
    CHECK(g.pos(2) == Vec4{3, 3, 3, 3}); // c3 = third vertex's first output
}

TEST_CASE("geometry shader, fixed mode: vertices fill c registers from the start index") {
    Geo g;
    g.formats({{3, 4}});
    g.st.regs[GPUREG_VSH_INPUTBUFFER_CONFIG] = 0;
    g.buffer(0, 0, {0}, 16);
    g.put<float>(0, {1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4});
    // Mode 2, two vertices per invocation (count-1 = 1), array from c10.
    setup_gs(g,
             {sh::f1(sh::MOV, sh::o(0), sh::c(10), 0, 0), sh::setemit(0, false, false),
              sh::op0(sh::EMIT), sh::f1(sh::MOV, sh::o(0), sh::c(11), 0, 0),
              sh::setemit(1, false, false), sh::op0(sh::EMIT), sh::setemit(2, true, false),
              sh::op0(sh::EMIT), sh::op0(sh::END)},
             2 | 1u << 8 | 10u << 16, 1);
    g.draw_arrays(4);
    CHECK(g.gp.stats().gs_invocations == 2);
    REQUIRE(g.out.vertices.size() == 6);
    CHECK(g.pos(0)[0] == 1);
    CHECK(g.pos(1)[0] == 2);
    CHECK(g.pos(3)[0] == 3);
    CHECK(g.pos(4)[0] == 4);
}

TEST_CASE("geometry pipeline: bad input is refused or bounded with counted warnings") {
    SUBCASE("attribute buffer outside memory") {
        Geo g;
        g.formats({{3, 4}});
        g.buffer(0, 0x0FFFFFF0, {0}, 16);
        g.draw_arrays(3);
        CHECK(g.out.vertices.empty());
        CHECK(g.diag.count(Warning::VertexDataOutsideMemory) == 1);
    }
    SUBCASE("indices beyond the vertex data") {
        Geo g;
        g.formats({{3, 4}});
        g.buffer(0, MemoryView::kVramSize - 64, {0}, 16); // room for 4 vertices
        g.put<std::uint16_t>(0, {0, 1, 60000});
        g.draw_elements(3, 0, true);
        CHECK(g.out.vertices.empty());
        CHECK(g.diag.count(Warning::VertexDataOutsideMemory) == 1);
    }
    SUBCASE("index buffer outside memory") {
        Geo g;
        g.formats({{3, 4}});
        g.buffer(0, 0, {0}, 16);
        g.draw_elements(100, 0x0FFFFFF0, true);
        CHECK(g.diag.count(Warning::VertexDataOutsideMemory) == 1);
    }
    SUBCASE("an endless vertex shader is stopped per vertex and counted") {
        Geo g;
        g.formats({{3, 4}});
        g.buffer(0, 0, {0}, 16);
        g.vs({sh::f3(sh::JMPU, 0, 0, 1)});
        g.gp.set_shader_budget(1000);
        g.draw_arrays(3);
        CHECK(g.diag.count(Warning::ShaderBudgetExceeded) == 3);
        CHECK(g.out.vertices.size() == 3);
    }
    SUBCASE("huge vertex counts and unknown GS modes are refused") {
        Geo g;
        g.formats({{3, 4}}, 1);
        g.draw_arrays(0xFFFFFFFF);
        CHECK(g.diag.count(Warning::InvalidDrawConfig) == 1);
        // The limit: 2^18 vertices drawn, one more refused.
        g.draw_arrays((1u << 18) + 1);
        CHECK(g.diag.count(Warning::InvalidDrawConfig) == 2);
        g.draw_arrays(1u << 18);
        CHECK(g.diag.count(Warning::InvalidDrawConfig) == 2);
        CHECK(g.out.vertices.size() == (1u << 18));
        g.st.regs[GPUREG_GEOSTAGE_CONFIG] = 2;
        g.st.regs[GPUREG_GSH_MISC0] = 7;
        g.draw_arrays(3);
        CHECK(g.diag.count(Warning::InvalidDrawConfig) == 3);
    }
    SUBCASE("NaN inputs flow through without faults") {
        Geo g;
        g.formats({{3, 4}});
        g.buffer(0, 0, {0}, 16);
        const float nan = std::numeric_limits<float>::quiet_NaN();
        g.put<float>(0, {nan, nan, nan, nan});
        g.draw_arrays(1);
        CHECK(std::isnan(g.pos(0)[0]));
        CHECK(g.diag.total() == 0);
    }
}

TEST_CASE("primitive assembly: a strip continues into a cleared batch with its vertices moved") {
    // A renderer clears its batch between submissions while the hardware's strip state carries
    // on: the held vertices must come along, never as ids of the old batch.
    Geo g;
    g.formats({{3, 1}});
    g.st.regs[GPUREG_VSH_INPUTBUFFER_CONFIG] = 0;
    g.buffer(0, 0, {0}, 4);
    g.put<float>(0, {10, 11, 12, 13});
    g.st.regs[GPUREG_PRIMITIVE_CONFIG] = 1u << 8; // strip
    g.draw_arrays(3);                             // (0,1,2); vertices 2 and 1 held
    g.out.clear();
    g.draw_arrays(1, 3); // continues: (2, 1, 3) in the old numbering
    REQUIRE(g.out.indices.size() == 3);
    for (std::uint32_t i : g.out.indices)
        REQUIRE(i < g.out.vertices.size());
    CHECK(g.pos(g.out.indices[0])[0] == 12);
    CHECK(g.pos(g.out.indices[1])[0] == 11);
    CHECK(g.pos(g.out.indices[2])[0] == 13);
}

TEST_CASE("geometry shader: emit slots never name vertices of a cleared batch") {
    Geo g;
    g.formats({{3, 4}});
    g.st.regs[GPUREG_VSH_INPUTBUFFER_CONFIG] = 0;
    g.buffer(0, 0, {0}, 16);
    // Fills slots 0-2 on the first draw; on the second only slot 2 is written before the
    // primitive emit.
    setup_gs(g,
             {sh::f1(sh::MOV, sh::o(0), sh::v(0), 0, 0), sh::setemit(0, false, false),
              sh::op0(sh::EMIT), sh::setemit(1, false, false), sh::op0(sh::EMIT),
              sh::setemit(2, true, false), sh::op0(sh::EMIT), sh::op0(sh::END)},
             0, 1);
    g.draw_arrays(2);
    g.out.clear();
    g.st.gs.code[1] = sh::op0(sh::NOP);
    g.st.gs.code[2] = sh::op0(sh::NOP);
    g.st.gs.code[3] = sh::op0(sh::NOP);
    g.st.gs.code[4] = sh::op0(sh::NOP);
    ++g.st.gs.program_version;
    g.draw_arrays(1);
    REQUIRE(g.out.indices.size() == 3);
    for (std::uint32_t i : g.out.indices)
        CHECK(i < g.out.vertices.size());
}

TEST_CASE("vertex loader: a buffer naming more than 12 components is counted and read as 12") {
    // CONFIG2's 4-bit count reaches 15, but a buffer has twelve component codes (found by
    // fuzz-renderer: the loader wrote past its 12-entry tables).
    Geo g;
    std::vector<std::string> warnings;
    g.diag.set_sink([&](Warning, const std::string& m) { warnings.push_back(m); });
    g.formats({{3, 4}, {3, 4}});
    g.buffer(0, 0, {0, 1}, 32);
    g.st.regs[GPUREG_ATTRIBBUFFER0_CONFIG2] |= 0xFu << 28; // 15 components, codes 2-14 after
    g.put<float>(0, {1, 2, 3, 1, 0.5f, 0.25f, 0, 1, 4, 5, 6, 1, 0.5f, 0.25f, 0, 1});
    g.draw_arrays(3);
    REQUIRE(!warnings.empty());
    CHECK(warnings[0].find("names 15 components; read as 12") != std::string::npos);
}

TEST_CASE("GPU-drawn draws leave the assembler as the CPU path would: strips, fans and lists "
          "continue into the next draw") {
    // Draw A (drawn by the GPU, or by the CPU for reference) then draw B without
    // RESTART_PRIMITIVE: B's triangles, carried vertices included, must be the same.
    struct Case {
        Topology topology;
        std::uint32_t a_count;
        bool indexed;
    };
    for (const Case c : {Case{Topology::Strip, 5, false}, Case{Topology::Strip, 6, true},
                         Case{Topology::Fan, 5, false}, Case{Topology::Fan, 4, true},
                         Case{Topology::List, 4, false}, Case{Topology::List, 5, true},
                         Case{Topology::List, 6, false}}) {
        CAPTURE(static_cast<int>(c.topology));
        CAPTURE(c.a_count);
        CAPTURE(c.indexed);
        auto run = [&](bool gpu) {
            Geo g;
            g.formats({{3, 4}, {3, 4}});
            g.buffer(0, 0x100, {0, 1}, 32);
            std::vector<float> data;
            for (int v = 0; v < 16; ++v) {
                const float x = static_cast<float>(v);
                for (float f : {x, x * x, 0.5f, 1.0f, 0.1f * x, 0.2f, 0.3f, 1.0f})
                    data.push_back(f);
            }
            g.put<float>(0x100, data);
            g.put<std::uint16_t>(0x800, {3, 1, 4, 1, 5, 9, 2, 6, 5, 3});
            g.st.regs[GPUREG_PRIMITIVE_CONFIG] = static_cast<std::uint32_t>(c.topology) << 8;
            g.st.regs[GPUREG_NUMVERTICES] = c.a_count;
            g.st.regs[GPUREG_VERTEX_OFFSET] = 2;
            g.st.regs[GPUREG_INDEXBUFFER_CONFIG] = 0x800 | 1u << 31;
            // Draw A's triangles as guest vertex indices (the test's position x is the index).
            std::vector<float> a_triangles;
            if (gpu) {
                GpuVertexDraw plan;
                REQUIRE(g.gp.plan_gpu_draw(c.indexed, plan) == GeometryPipeline::GpuPlan::Planned);
                for (std::uint32_t i : plan.indices)
                    a_triangles.push_back(static_cast<float>(i + plan.first_vertex));
                g.gp.commit_gpu_draw(g.out);
                CHECK(g.out.indices.empty());
            } else {
                g.gp.draw(c.indexed, g.out);
                for (std::uint32_t i : g.out.indices)
                    a_triangles.push_back(g.out.vertices.at(i).attr[0]);
            }
            const std::uint64_t triangles = g.gp.stats().triangles;
            g.out.clear(); // the host took draw A
            // Draw B continues. A primitive carried into it is the CPU path's.
            GpuVertexDraw b_plan;
            g.st.regs[GPUREG_NUMVERTICES] = 4;
            g.st.regs[GPUREG_VERTEX_OFFSET] = 10;
            const auto b_route = g.gp.plan_gpu_draw(false, b_plan);
            CHECK((b_route == GeometryPipeline::GpuPlan::CarriedPrimitive) ==
                  (c.topology != Topology::List || c.a_count % 3 != 0));
            g.draw_arrays(4, 10);
            std::vector<std::array<float, 8>> b;
            for (std::uint32_t i : g.out.indices) {
                const auto& a = g.out.vertices.at(i).attr;
                b.push_back({a[0], a[1], a[2], a[3], a[8], a[9], a[10], a[11]});
            }
            return std::tuple{b, triangles, a_triangles};
        };
        const auto cpu = run(false), gpu = run(true);
        CHECK(!std::get<0>(cpu).empty());
        CHECK(std::get<0>(gpu) == std::get<0>(cpu));
        CHECK(std::get<1>(gpu) == std::get<1>(cpu)); // the same triangle count
        // The planned index list makes draw A's triangles, winding included.
        CHECK(!std::get<2>(cpu).empty());
        CHECK(std::get<2>(gpu) == std::get<2>(cpu));
    }
}

// The three geometry-shader modes with many invocations per draw, so the batched engine runs
// them in lanes (emits replayed in order, per-lane uniforms in the fixed and variable modes, an
// odd number of EMITs flipping the output bank per invocation), against the interpreter.
TEST_CASE("geometry shader on the batched unit: point, variable and fixed modes match the "
          "interpreter over many invocations") {
    const auto run = [](CpuShaderEngine engine, std::uint32_t mode) {
        auto g = std::make_unique<Geo>();
        g->gp.set_cpu_shader_engine(engine);
        g->formats({{3, 4}});
        g->st.regs[GPUREG_VSH_INPUTBUFFER_CONFIG] = 0;
        g->buffer(0, 0, {0}, 16);
        std::vector<float> data;
        for (unsigned v = 0; v < 64; ++v)
            for (unsigned c = 0; c < 4; ++c)
                data.push_back(static_cast<float>(v) * 0.5f + static_cast<float>(c));
        g->put<float>(0, data);
        g->st.gs.float_uniforms[0] = {0, 0, 0, 0};
        g->st.gs.float_uniforms[1] = {0, 10, 0, 0};
        g->st.gs.float_uniforms[2] = {0, 0, 10, 0};
        // Three EMITs: o0 from the point (v0) or the array (c10/c11) plus an offset.
        const std::uint32_t src = mode == 0 ? sh::v(0) : sh::c(mode == 1 ? 1 : 11);
        setup_gs(*g,
                 {sh::f1(sh::ADD, sh::o(0), sh::c(0), src, 0), sh::setemit(0, false, false),
                  sh::op0(sh::EMIT), sh::f1(sh::ADD, sh::o(0), sh::c(1), src, 0),
                  sh::setemit(1, false, false), sh::op0(sh::EMIT),
                  sh::f1(sh::ADD, sh::o(0), sh::c(2), src, 0), sh::setemit(2, true, true),
                  sh::op0(sh::EMIT), sh::op0(sh::END)},
                 mode == 0 ? 0 : (mode == 1 ? 1 : 2 | 1u << 8 | 10u << 16), 1);
        if (mode == 1) {
            // Variable mode: primitives of 3 vertices (count, then indices), one main vertex.
            g->st.regs[GPUREG_GSH_MISC1] = 0;
            std::vector<std::uint8_t> indices;
            for (std::uint8_t p = 0; p < 40; ++p)
                indices.insert(indices.end(), {3, p, static_cast<std::uint8_t>(p + 1),
                                               static_cast<std::uint8_t>(p + 2)});
            g->put<std::uint8_t>(0x1000, indices);
            g->draw_elements(static_cast<std::uint32_t>(indices.size()), 0x1000, false);
        } else {
            g->draw_arrays(60);
        }
        return g;
    };
    for (std::uint32_t mode : {0u, 1u, 2u}) {
        CAPTURE(mode);
        const auto a = run(CpuShaderEngine::Batched, mode);
        const auto b = run(CpuShaderEngine::Interpreter, mode);
        CHECK(a->gp.stats().gs_invocations >= 30);
        CHECK(a->gp.stats().gs_invocations == b->gp.stats().gs_invocations);
        CHECK(a->gp.stats().shader_batches > 2); // more than one lane at a time
        CHECK(a->gp.stats().shader_reruns == 0);
        REQUIRE(a->out.vertices.size() == b->out.vertices.size());
        CHECK(a->out.indices == b->out.indices);
        for (std::size_t v = 0; v < a->out.vertices.size(); ++v)
            CHECK(a->pos(v) == b->pos(v));
        CHECK(a->diag.total() == b->diag.total());
    }
}

TEST_CASE("geometry shader, point mode: VS outputs past the GS input buffer are dropped, not "
          "written to the registers after it") {
    // Two VS outputs a vertex, three GS inputs: vertex A fills v0 and v1, vertex B's o0 fills v2
    // and its o1 has no slot. The permutation's fourth entry names v3, which the GS reads: it must
    // keep the value it had (zero in a new pipeline), not take B's colour.
    for (CpuShaderEngine engine : {CpuShaderEngine::Batched, CpuShaderEngine::Interpreter}) {
        CAPTURE(static_cast<int>(engine));
        Geo g;
        g.gp.set_cpu_shader_engine(engine);
        g.formats({{3, 4}, {3, 4}});
        g.buffer(0, 0, {0, 1}, 32);
        g.put<float>(0, {1, 2, 3, 1, 0.25f, 0.5f, 0.75f, 1,            // A: position, colour
                         4, 5, 6, 1, 0.125f, 0.375f, 0.625f, 0.875f}); // B
        setup_gs(g,
                 {sh::f1(sh::MOV, sh::o(0), sh::v(0), 0, 0), sh::setemit(0, false, false),
                  sh::op0(sh::EMIT), sh::f1(sh::MOV, sh::o(0), sh::v(2), 0, 0),
                  sh::setemit(1, false, false), sh::op0(sh::EMIT),
                  sh::f1(sh::MOV, sh::o(0), sh::v(3), 0, 0), sh::setemit(2, true, false),
                  sh::op0(sh::EMIT), sh::op0(sh::END)},
                 0, 3);
        g.st.regs[GPUREG_VSH_OUTMAP_MASK] = 0b11;
        g.st.regs[GPUREG_VSH_OUTMAP_TOTAL1] = 1;
        g.draw_arrays(2);
        CHECK(g.gp.stats().gs_invocations == 1);
        REQUIRE(g.out.vertices.size() == 3);
        CHECK(g.pos(0) == Vec4{1, 2, 3, 1});
        CHECK(g.pos(1) == Vec4{4, 5, 6, 1});
        CHECK(g.pos(2) == Vec4{0, 0, 0, 0});
        CHECK(g.diag.total() == 0);
    }
}

TEST_CASE("geometry shader: after a draw that fed c registers the next draw sees the uniforms "
          "again, and every draw starts with b15 from its register") {
    for (const CpuShaderEngine engine : {CpuShaderEngine::Batched, CpuShaderEngine::Interpreter}) {
        CAPTURE(static_cast<int>(engine));
        Geo g;
        g.gp.set_cpu_shader_engine(engine);
        g.formats({{3, 4}});
        g.st.regs[GPUREG_VSH_INPUTBUFFER_CONFIG] = 0;
        g.buffer(0, 0, {0}, 16);
        g.put<float>(0, {1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4});
        g.st.gs.float_uniforms[10] = {7, 7, 7, 7};
        g.st.gs.float_uniforms[11] = {9, 9, 9, 9};
        // b15 set (every invocation after a draw's first): o0 = c11, else o0 = c10.
        const std::vector<std::uint32_t> code = {sh::f3(sh::JMPU, 15, 9, 0),
                                                 sh::f1(sh::MOV, sh::o(0), sh::c(10), 0, 0),
                                                 sh::setemit(0, false, false),
                                                 sh::op0(sh::EMIT),
                                                 sh::setemit(1, false, false),
                                                 sh::op0(sh::EMIT),
                                                 sh::setemit(2, true, false),
                                                 sh::op0(sh::EMIT),
                                                 sh::op0(sh::END),
                                                 sh::f1(sh::MOV, sh::o(0), sh::c(11), 0, 0),
                                                 sh::setemit(0, false, false),
                                                 sh::op0(sh::EMIT),
                                                 sh::setemit(1, false, false),
                                                 sh::op0(sh::EMIT),
                                                 sh::setemit(2, true, false),
                                                 sh::op0(sh::EMIT),
                                                 sh::op0(sh::END)};
        // Fixed mode, two vertices per invocation into c10-c11: the invocations read the fed
        // 1 (first, b15 clear) and 4 (second, b15 set).
        setup_gs(g, code, 2 | 1u << 8 | 10u << 16, 1);
        g.draw_arrays(4);
        REQUIRE(g.out.vertices.size() == 6);
        CHECK(g.pos(0)[0] == 1);
        CHECK(g.pos(3)[0] == 4);
        // Point mode twice: c10 is the uniform again (7), and b15 clear for the first
        // invocation of each draw.
        g.st.regs[GPUREG_GSH_MISC0] = 0;
        for (int draw = 0; draw < 2; ++draw) {
            CAPTURE(draw);
            g.out.clear();
            g.draw_arrays(1);
            REQUIRE(g.out.vertices.size() == 3);
            CHECK(g.pos(0) == Vec4{7, 7, 7, 7});
        }
    }
}

TEST_CASE("vertex shader state carries from one draw's last vertex into the next draw, batched "
          "or interpreted") {
    // Draw 1 (40 vertices, several batches; an array draw and an indexed one, which the batched
    // engine ends apart) writes r5 = v0; draw 2's program reads r5 without writing it, so every
    // vertex of it sees draw 1's last vertex: the batched unit must hand the reference the last
    // batch's writes by the end of the draw (ShaderBatchRunner::settle). Draw 2 has three
    // vertices, which run one at a time on the reference interpreter itself (a batched draw's
    // first run() would settle them anyway).
    for (CpuShaderEngine engine : {CpuShaderEngine::Batched, CpuShaderEngine::Interpreter}) {
        for (bool indexed : {false, true}) {
            Geo g;
            g.gp.set_cpu_shader_engine(engine);
            g.formats({{3, 4}, {3, 4}});
            g.buffer(0, 0, {0, 1}, 32);
            std::vector<float> data;
            std::vector<std::uint16_t> indices;
            for (unsigned k = 0; k < 40; ++k) {
                data.insert(data.end(), {static_cast<float>(k) / 64, 0, 0, 1, 0, 0, 0, 1});
                indices.push_back(static_cast<std::uint16_t>(k));
            }
            g.put(0, data);
            g.put(0x800, indices);
            const std::uint32_t d = 0;
            g.vs({sh::f1(sh::MOV, sh::r(5), sh::v(0), 0, d),
                  sh::f1(sh::MOV, sh::o(0), sh::v(0), 0, d),
                  sh::f1(sh::MOV, sh::o(1), sh::v(1), 0, d), sh::op0(sh::END)});
            g.vs({sh::f1(sh::MOV, sh::o(0), sh::v(0), 0, d),
                  sh::f1(sh::MOV, sh::o(1), sh::r(5), 0, d), sh::op0(sh::END)},
                 10);
            g.st.regs[GPUREG_VSH_ENTRYPOINT] = 0x7FFF0000;
            if (indexed)
                g.draw_elements(40, 0x800, true);
            else
                g.draw_arrays(40);
            g.st.regs[GPUREG_VSH_ENTRYPOINT] = 0x7FFF0000 | 10;
            g.draw_arrays(3);
            CAPTURE(static_cast<int>(engine));
            CAPTURE(indexed);
            REQUIRE(g.out.vertices.size() == 43);
            for (std::size_t i = 40; i < 43; ++i)
                CHECK(g.color(i)[0] == 39.0f / 64); // colours saturate to [0, 1]
        }
    }
}

TEST_CASE("geometry pipeline: programs bound again are not decoded again (a game's frame binds two "
          "or three, each bind uploading its code)") {
    // Program A passes the colour on (o1 = v1), program B writes the position there (o1 = v0):
    // bound in turn, six draws, every one of them shaded by its own program. Each bind writes
    // the code words again (ShaderSetup::program_version moves on), as citro3d does.
    Geo g;
    g.formats({{3, 4}, {3, 4}});
    g.buffer(0, 0, {0, 1}, 32);
    g.put(0, std::vector<float>{0.25f, 0, 0, 1, 0.5f, 0.75f, 1, 1});
    const std::uint32_t d = 0;
    const std::vector<std::uint32_t> a = {sh::f1(sh::MOV, sh::o(0), sh::v(0), 0, d),
                                          sh::f1(sh::MOV, sh::o(1), sh::v(1), 0, d),
                                          sh::op0(sh::END)};
    const std::vector<std::uint32_t> b = {sh::f1(sh::MOV, sh::o(0), sh::v(0), 0, d),
                                          sh::f1(sh::MOV, sh::o(1), sh::v(0), 0, d),
                                          sh::op0(sh::END)};
    const std::uint64_t before = g.gp.stats().shader_decodes;
    for (int k = 0; k < 6; ++k) {
        CAPTURE(k);
        g.vs(k % 2 ? b : a);
        g.out.vertices.clear();
        g.draw_arrays(1);
        REQUIRE(g.out.vertices.size() == 1);
        CHECK(g.color(0)[0] == (k % 2 ? 0.25f : 0.5f));
        CHECK(g.color(0)[1] == (k % 2 ? 0.0f : 0.75f));
    }
    // A, then B: each decoded once (nothing drew before, so A too).
    CHECK(g.gp.stats().shader_decodes - before == 2);
    // The same words written again: nothing decoded.
    const std::uint64_t after = g.gp.stats().shader_decodes;
    g.vs(b);
    g.draw_arrays(1);
    g.vs(b);
    g.draw_arrays(1);
    CHECK(g.gp.stats().shader_decodes == after);
}
