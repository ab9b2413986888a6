// The compute rasteriser (shadergen/compute_raster.h) against the graphics pipeline it stands in
// for: the same scenes drawn both ways on one device, which must agree - coverage exactly (the
// same sub-pixel grid and top-left rule), shading and blending to the stated tolerance. On
// lavapipe both run: PICAVK_DEVICE_ASSUME=few-raster-units turns the compute rasteriser on,
// PICAVK_DEVICE_DISABLE=compute-raster off again. The harness sends every draw to the GPU vertex
// path, so the compute rasteriser's vertices come from its vertex pre-pass, uncut
// (shadergen/vertex_prepass.h); the tests of what the CPU cuts first shade them on the CPU
// (CpuVertices).
#include "render_harness.h"
#include "scoped_env.h"
#include "shadergen/compute_raster.h"

#include <picavk/vulkan.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <random>
#include <string>

using namespace picavk;
using namespace picavk::pica;
using test::RenderHarness;
using test::ScopedEnv;

namespace {

struct Drawn {
    std::vector<std::uint8_t> rgba;
    std::vector<std::uint8_t> depth; // the depth buffer's bytes in guest memory
    RendererCounters counters;
    bool compute_raster = false;
    // llvmpipe, whose conventions the compute rasteriser copies (snapping, planes, clipping):
    // there the tests hold it to what it matches exactly, elsewhere to what Vulkan allows.
    bool llvmpipe = false;
};

using Scene = std::function<void(RenderHarness&)>;

// What PICAVK_DEVICE_DISABLE holds for the compute rasteriser's draws (empty: nothing), for the
// tests of one of its other ways (Uncut).
const char* compute_disable = "";
// Where the draws' vertices are shaded (for the tests of CPU-shaded vertices, CpuVertices).
VertexShaders vertices_from = VertexShaders::Gpu;
struct CpuVertices {
    CpuVertices() { vertices_from = VertexShaders::Cpu; }
    ~CpuVertices() { vertices_from = VertexShaders::Gpu; }
    CpuVertices(const CpuVertices&) = delete;
    CpuVertices& operator=(const CpuVertices&) = delete;
};
// CPU-shaded triangles reaching behind the eye or far out go to the shader uncut (as the
// pre-pass's always do).
struct Uncut {
    Uncut() { compute_disable = "raster-cpu-clip"; }
    ~Uncut() { compute_disable = ""; }
    Uncut(const Uncut&) = delete;
    Uncut& operator=(const Uncut&) = delete;
    CpuVertices cpu;
};

// Another of the device's ways turned off for the compute rasteriser's draws (logic ops, r16ui
// storage views), for the tests of what it leaves to the graphics pipeline.
struct AlsoDisabled {
    explicit AlsoDisabled(const char* what) { compute_disable = what; }
    ~AlsoDisabled() { compute_disable = ""; }
    AlsoDisabled(const AlsoDisabled&) = delete;
    AlsoDisabled& operator=(const AlsoDisabled&) = delete;
};

// The scene drawn on a device with few raster units assumed, by the compute rasteriser or (with
// it disabled) by the graphics pipeline; the colour and depth buffers as guest memory holds them.
Drawn draw(bool compute, std::uint32_t scale, const Scene& scene,
           DepthFormat depth = DepthFormat::D24S8, ColorFormat color = ColorFormat::RGBA8) {
    ScopedEnv assume("PICAVK_DEVICE_ASSUME", "few-raster-units");
    ScopedEnv disable("PICAVK_DEVICE_DISABLE", compute ? compute_disable : "compute-raster");
    RenderHarness h(scale, color, depth);
    h.session().set_vertex_shaders(vertices_from, 1);
    scene(h);
    Drawn d;
    d.rgba = h.color_rgba();
    d.depth.resize(RenderHarness::kW * RenderHarness::kH * bytes_per_pixel(depth));
    h.session().read_memory(RenderHarness::kDepth, d.depth);
    d.counters = h.session().renderer_counters();
    d.compute_raster = h.session().compute_raster();
    d.llvmpipe = h.session().device_name().find("llvmpipe") != std::string::npos;
    CHECK(h.validation_messages() == 0);
    CHECK(h.warnings.empty());
    return d;
}

// Both ways; the pixels that differ by more than `tolerance` in some channel, and the largest
// difference.
struct Compared {
    Drawn compute, graphics;
    std::size_t differing = 0, unequal = 0; // beyond the tolerance; at all
    int largest = 0;
};
// `alpha_tolerance`: alpha's own, where a step of it is larger (RGB5A1's one bit); -1: the same.
Compared compare(std::uint32_t scale, const Scene& scene, int tolerance,
                 DepthFormat depth = DepthFormat::D24S8, ColorFormat color = ColorFormat::RGBA8,
                 int alpha_tolerance = -1) {
    Compared c{draw(true, scale, scene, depth, color), draw(false, scale, scene, depth, color)};
    REQUIRE(c.compute.compute_raster);
    REQUIRE(!c.graphics.compute_raster);
    CHECK(c.compute.counters.compute_raster_draws > 0);
    CHECK(c.graphics.counters.compute_raster_draws == 0);
    // Where vertices come from the GPU vertex path, the pre-pass shaded every compute draw's.
    if (vertices_from == VertexShaders::Gpu)
        CHECK(c.compute.counters.compute_raster_gpu_vertex_draws ==
              c.compute.counters.compute_raster_draws);
    else
        CHECK(c.compute.counters.compute_raster_gpu_vertex_draws == 0);
    REQUIRE(c.compute.rgba.size() == c.graphics.rgba.size());
    for (std::size_t i = 0; i < c.compute.rgba.size(); i += 4) {
        int worst = 0;
        bool beyond = false;
        for (std::size_t k = 0; k < 4; ++k) {
            const int d = std::abs(int{c.compute.rgba[i + k]} - c.graphics.rgba[i + k]);
            worst = std::max(worst, d);
            beyond = beyond || d > (k == 3 && alpha_tolerance >= 0 ? alpha_tolerance : tolerance);
        }
        c.largest = std::max(c.largest, worst);
        c.unequal += worst != 0;
        if (beyond && ++c.differing <= 4) {
            MESSAGE("pixel " << i / 4 % RenderHarness::kW << ", " << i / 4 / RenderHarness::kW
                             << " (memory order): compute " << int{c.compute.rgba[i]} << " "
                             << int{c.compute.rgba[i + 1]} << " " << int{c.compute.rgba[i + 2]}
                             << " " << int{c.compute.rgba[i + 3]} << ", graphics "
                             << int{c.graphics.rgba[i]} << " " << int{c.graphics.rgba[i + 1]} << " "
                             << int{c.graphics.rgba[i + 2]} << " " << int{c.graphics.rgba[i + 3]});
        }
    }
    return c;
}

// One vertex in the harness's layout: clip position (x, y in NDC times w), colour.
std::array<float, 24> vertex(float x, float y, float z, float w, const std::array<float, 4>& c,
                             float u = 0, float v = 0) {
    return {x * w, y * w, z * w, w, c[0], c[1], c[2], c[3], u, v, u, v,
            u,     v,     1,     1, 0,    0,    0,    1,    0, 0, 1, 0};
}

// `count` random triangles, each one flat colour, some reaching past the viewport, both
// windings. `on_grid`: vertices on a grid of a quarter pixel with w = 1, so that pixel centres
// fall exactly on edges and corners, where the top-left rule decides. Otherwise anywhere, with
// w between 0.5 and 2.
void random_triangles(RenderHarness& h, std::uint32_t seed, unsigned count, bool on_grid) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> pos(-1.25f, 1.25f), w(0.5f, 2.0f);
    std::uniform_int_distribution<int> grid(-40 * 4, 40 * 4), byte(0, 255);
    h.clear({0, 0, 0, 255});
    for (unsigned t = 0; t < count; ++t) {
        auto unit = [&] { return static_cast<float>(byte(rng)) / 255.0f; };
        const std::array<float, 4> colour = {unit(), unit(), unit(), 1.0f};
        for (int k = 0; k < 3; ++k) {
            // A quarter pixel is 1/64 of NDC on the 32-pixel target.
            const float x = on_grid ? static_cast<float>(grid(rng)) / 64.0f : pos(rng);
            const float y = on_grid ? static_cast<float>(grid(rng)) / 64.0f : pos(rng);
            h.vertex(vertex(x, y, -0.5f, on_grid ? 1.0f : w(rng), colour));
        }
    }
    h.draw();
}

} // namespace

TEST_CASE("compute raster: random triangles cover the pixels the graphics pipeline covers "
          "(exactly on the top-left rule's ties, every cull mode, scale 1 and 3)") {
    for (std::uint32_t scale : {1u, 3u}) {
        for (std::uint32_t cull : {0u, 1u, 2u}) {
            CAPTURE(scale);
            CAPTURE(cull);
            // Vertices on a quarter-pixel grid: positions exact on the host's sub-pixel grid,
            // pixel centres exactly on edges: the same pixels, exactly.
            const Compared exact = compare(
                scale,
                [&](RenderHarness& h) {
                    h.b().write(GPUREG_FACECULLING_CONFIG, cull);
                    random_triangles(h, 17 + cull, 200, true);
                },
                0);
            CHECK(exact.differing == 0);
            CHECK(exact.compute.counters.compute_raster_dispatches == 1);
            // Anywhere, any w: where a pixel centre lies within a sub-pixel step of an edge,
            // which side it falls on depends on the precision of the viewport transform and
            // the snapping, which Vulkan leaves to the implementation (lavapipe: 1 pixel of
            // 1024 under 200 triangles). At most 4 pixels of the 1024.
            const Compared any = compare(
                scale,
                [&](RenderHarness& h) {
                    h.b().write(GPUREG_FACECULLING_CONFIG, cull);
                    random_triangles(h, 29 + cull, 200, false);
                },
                0);
            CHECK(any.differing <= 4);
        }
    }
}

TEST_CASE("compute raster: the measuring probes leave out what they say (PICAVK_RASTER_PROBE)") {
    // 200 flat-coloured triangles over black, drawn as they are (the primary colour): without
    // the fragment code (fragment-flat) the same picture; with coverage alone, a colour made of
    // the weights in exactly the pixels the triangles cover; with the set-up alone, every pixel
    // of a tile some triangle touches changed; with nothing done (empty), black.
    const Scene scene = [](RenderHarness& h) { random_triangles(h, 17, 200, true); };
    const Drawn drawn = draw(true, 1, scene);
    REQUIRE(drawn.compute_raster);
    const auto probed = [&](const char* probe) {
        const ScopedEnv env("PICAVK_RASTER_PROBE", probe);
        return draw(true, 1, scene);
    };
    const auto black = [](const std::vector<std::uint8_t>& rgba, std::size_t i) {
        return rgba[i] == 0 && rgba[i + 1] == 0 && rgba[i + 2] == 0 && rgba[i + 3] == 255;
    };
    const Drawn flat = probed("fragment-flat");
    CHECK(flat.counters.compute_raster_draws == drawn.counters.compute_raster_draws);
    CHECK(flat.rgba == drawn.rgba);
    const Drawn coverage = probed("coverage");
    const Drawn setup = probed("setup");
    const Drawn empty = probed("empty");
    std::size_t covered = 0, mismatched = 0, unchanged = 0, not_set_up = 0;
    for (std::size_t i = 0; i < drawn.rgba.size(); i += 4) {
        covered += !black(drawn.rgba, i);
        mismatched += black(drawn.rgba, i) != black(coverage.rgba, i);
        unchanged += black(empty.rgba, i);
        not_set_up += !black(drawn.rgba, i) && black(setup.rgba, i);
    }
    CHECK(not_set_up == 0);
    CHECK(setup.rgba != coverage.rgba);
    CHECK(covered > 512);
    CHECK(coverage.rgba != drawn.rgba);
    CHECK(mismatched == 0);
    CHECK(unchanged == drawn.rgba.size() / 4);
    CHECK(empty.counters.compute_raster_draws == drawn.counters.compute_raster_draws);
}

TEST_CASE("compute raster: binned draws - small triangles scattered over many bins, many chunks "
          "- cover exactly what the graphics pipeline covers, in primitive order") {
    // 600 small triangles (10 chunks) on the quarter-pixel grid, each within a few pixels of a
    // random centre, overlapping in places: at scale 8 the 256x256 target has 64 bins of 32
    // pixels (4 guest pixels), so most chunks mark nothing in most bins and are skipped, and a
    // triangle on a bin's edge must be marked in both. Overlaps are drawn in primitive order:
    // each triangle's own colour replaces what is under it. At scale 2 (4 bins) a bin meets
    // about 150, so a tile takes them in several rounds of 64; 4200 of them (66 chunks) make it
    // read the chunks' marks in two windows of 64 chunks. (Inset there: of so many triangles
    // reaching past the viewport, one has a pixel centre exactly on an edge that lavapipe clips
    // at the viewport, where the clipped vertex's rounding moves the edge off the centre.)
    // The colour read back holds one host pixel per guest pixel (at scale 2, the odd ones): with
    // the dispatch starting at host pixel 0, the last pixel of each bin (31, 63) is compared;
    // `inset` keeps every vertex 1.25 guest pixels from the target's edges, so the dispatch
    // starts at pixel 1 and the first pixel of each bin (1, 33) is compared instead.
    const auto scattered = [](bool inset, unsigned triangles) {
        return [inset, triangles](RenderHarness& h) {
            std::mt19937 rng(41);
            // Quarter pixels from the centre (NDC q / 64); offsets up to 3 pixels.
            const int reach = inset ? 59 - 12 : 36 * 4;
            std::uniform_int_distribution<int> centre(-reach, reach), offset(-3 * 4, 3 * 4),
                byte(0, 255);
            h.clear({0, 0, 0, 255});
            if (inset) // the vertices' bounds: 1.25 pixels in from each edge
                for (const float s : {-59.0f, 59.0f}) {
                    const std::array<float, 4> grey = {0.5f, 0.5f, 0.5f, 1.0f};
                    h.vertex(vertex(s / 64.0f, s / 64.0f, -0.5f, 1.0f, grey));
                    h.vertex(vertex((s - 2.0f) / 64.0f, s / 64.0f, -0.5f, 1.0f, grey));
                    h.vertex(vertex(s / 64.0f, (s - 2.0f) / 64.0f, -0.5f, 1.0f, grey));
                }
            for (unsigned t = 0; t < triangles; ++t) {
                auto unit = [&] { return static_cast<float>(byte(rng)) / 255.0f; };
                const std::array<float, 4> colour = {unit(), unit(), unit(), 1.0f};
                const int cx = centre(rng), cy = centre(rng);
                for (int k = 0; k < 3; ++k)
                    h.vertex(vertex(static_cast<float>(cx + offset(rng)) / 64.0f,
                                    static_cast<float>(cy + offset(rng)) / 64.0f, -0.5f, 1.0f,
                                    colour));
            }
            h.draw();
        };
    };
    struct Case {
        std::uint32_t scale;
        bool inset;
        unsigned triangles;
    };
    for (const Case& k :
         {Case{2, false, 600}, Case{2, true, 600}, Case{8, false, 600}, Case{2, true, 4200}}) {
        CAPTURE(k.scale);
        CAPTURE(k.inset);
        CAPTURE(k.triangles);
        const Compared c = compare(k.scale, scattered(k.inset, k.triangles), 0);
        CHECK(c.differing == 0);
        CHECK(c.compute.counters.compute_raster_binned == 1);
        CHECK(c.compute.counters.compute_raster_dispatches == 1);
        // Triangles in every 8x8-pixel region of the target: the draw reaches every bin.
        bool drawn[4][4] = {};
        for (std::size_t i = 0; i < c.compute.rgba.size(); i += 4)
            if (c.compute.rgba[i] | c.compute.rgba[i + 1] | c.compute.rgba[i + 2])
                drawn[i / 4 / RenderHarness::kW / 8][i / 4 % RenderHarness::kW / 8] = true;
        for (const auto& row : drawn)
            for (const bool d : row)
                CHECK(d);
    }
}

namespace {
// 100 triangles, each flat-coloured, each with one or two vertices behind the eye (w < 0)
// and the others in front of it (w from 0.5 to 2), in both windings. Depth as two
// perspective projections give it, by turns: one with its near plane at w = 0.1 (host z =
// w - 0.1: points behind the eye lie beyond z = 0), and one like citro3d's, reversed and
// infinite (host z = 0.1: they lie beyond z = w). The vertex() helper takes the PICA's NDC
// z, the host's negated.
void crossing_the_eye(RenderHarness& h) {
    std::mt19937 rng(23);
    std::uniform_real_distribution<float> pos(-1.0f, 1.0f), front(0.5f, 2.0f), behind(-2.0f, -0.2f);
    std::uniform_int_distribution<int> byte(0, 255), count(1, 2);
    h.clear({0, 0, 0, 255});
    for (int t = 0; t < 100; ++t) {
        auto unit = [&] { return static_cast<float>(byte(rng)) / 255.0f; };
        const std::array<float, 4> colour = {unit(), unit(), unit(), 1.0f};
        const int behind_count = count(rng);
        for (int k = 0; k < 3; ++k) {
            const float w = k < behind_count ? behind(rng) : front(rng);
            const float z = t % 2 ? -0.1f / w : -1.0f + 0.1f / w;
            h.vertex(vertex(pos(rng), pos(rng), z, w, colour));
        }
    }
    h.draw();
}

// 60 flat-coloured triangles, each with a vertex up to 3000 NDC units out (96000 pixels at
// scale 1 on the 32-pixel target: beyond the 2^14-pixel guard band), the others inside.
void far_past_the_viewport(RenderHarness& h) {
    std::mt19937 rng(31);
    std::uniform_real_distribution<float> pos(-1.0f, 1.0f), out(-3000.0f, 3000.0f), w(0.5f, 2.0f);
    std::uniform_int_distribution<int> byte(0, 255);
    h.clear({0, 0, 0, 255});
    for (int t = 0; t < 60; ++t) {
        auto unit = [&] { return static_cast<float>(byte(rng)) / 255.0f; };
        const std::array<float, 4> colour = {unit(), unit(), unit(), 1.0f};
        for (int k = 0; k < 3; ++k) {
            const bool far_out = k == t % 3;
            h.vertex(vertex(far_out ? out(rng) : pos(rng), far_out ? out(rng) : pos(rng), -0.5f,
                            w(rng), colour));
        }
    }
    h.draw();
}
} // namespace

TEST_CASE("compute raster: triangles reaching behind the eye are cut at the depth range's planes "
          "as the graphics pipeline cuts them (one or two vertices behind, either plane, scale 1 "
          "and 3)") {
    const CpuVertices cpu; // (the pre-pass's are never cut: the uncut tests below)
    const Scene crossing = crossing_the_eye;
    for (std::uint32_t scale : {1u, 3u}) {
        CAPTURE(scale);
        // The same pixels exactly (lavapipe): the cut vertices' rounding does not reach a
        // pixel centre here.
        const Compared c = compare(scale, crossing, 0);
        CHECK(c.differing == 0);
        CHECK(c.compute.counters.compute_raster_draws == 1);
        CHECK(c.compute.counters.compute_raster_cut == 1);
        std::size_t drawn = 0;
        for (std::size_t i = 0; i < c.compute.rgba.size(); i += 4)
            drawn += (c.compute.rgba[i] | c.compute.rgba[i + 1] | c.compute.rgba[i + 2]) != 0;
        MESSAGE("scale " << scale << ": " << drawn << " pixels of 1024 drawn");
        CHECK(drawn > 512);
    }
}

TEST_CASE("compute raster: triangles reaching far past the viewport are cut at the guard band, "
          "drawing what the graphics pipeline draws (scale 1 and 8)") {
    const CpuVertices cpu;
    const Scene far = far_past_the_viewport;
    for (std::uint32_t scale : {1u, 8u}) {
        CAPTURE(scale);
        const Compared c = compare(scale, far, 0);
        // Off the sub-pixel grid, the cut edges' rounding is the implementation's (lavapipe:
        // no pixel differs); at most 4 of 1024, as for triangles anywhere.
        MESSAGE("scale " << scale << ": " << c.unequal << " pixels of 1024 differ");
        CHECK(c.differing <= 4);
        CHECK(c.compute.counters.compute_raster_draws == 1);
        CHECK(c.compute.counters.compute_raster_cut == 1);
    }
}

TEST_CASE("compute raster: NaN and infinity are told by their bits, and window positions are "
          "precise, in the raster and binning shaders") {
    // Without SignedZeroInfNanPreserve a compiler may assume no float is NaN or infinite and fold
    // isnan, isinf and the comparisons only NaN fails; llvmpipe keeps them, so the NaN vertex
    // tests pass here either way. And a shared vertex must snap to the same position at every
    // call site (no multiply-add fused at some only).
    const std::string raster = shadergen::generate_compute_raster_glsl({}, {}, true);
    const std::string bin = shadergen::generate_compute_bin_glsl();
    for (const std::string* glsl : {&raster, &bin}) {
        CHECK(glsl->find("isnan(") == std::string::npos);
        CHECK(glsl->find("isinf(") == std::string::npos);
        CHECK(glsl->find("pica_nan(c0)") != std::string::npos);
        CHECK(glsl->find("precise vec2 win") != std::string::npos);
    }
}

TEST_CASE("compute raster: the hiding search goes only into shaders whose colour output can "
          "leave nothing of the pixel, with the condition on the fragment's colour") {
    // Factors (spec 004 BLEND_FUNC): 0 zero, 1 one, 4 destination colour, 6 source alpha, 7 one
    // minus source alpha; equations 0 add, 1 subtract, 3 min.
    const auto out = [](std::uint8_t blend, std::uint8_t eq, std::uint8_t src, std::uint8_t dst,
                        std::uint8_t dst_alpha, std::uint8_t mask = 0xF, std::uint8_t logic = 3,
                        std::uint8_t target = 0) {
        shadergen::ColorOutput o;
        o.blend_enable = blend;
        o.eq_rgb = o.eq_alpha = eq;
        o.src_rgb = o.src_alpha = src;
        o.dst_rgb = dst;
        o.dst_alpha = dst_alpha;
        o.write_mask = mask;
        o.logic_op = logic;
        o.target = target;
        return o;
    };
    // The condition generated, or "-" where there is no search.
    const auto hiding = [](const shadergen::ColorOutput& o, const shadergen::FragmentConfig& c = {},
                           bool on = true) {
        const std::string glsl = shadergen::generate_compute_raster_glsl(
            c, o, true, false, shadergen::RasterProbe::None, true, true, on);
        const std::size_t at = glsl.find("bool pica_hides(ivec4 src) {\n    return ");
        if (at == std::string::npos) {
            CHECK(glsl.find("#define PICA_HIDING") == std::string::npos);
            return std::string("-");
        }
        const std::size_t from = at + std::strlen("bool pica_hides(ivec4 src) {\n    return ");
        return glsl.substr(from, glsl.find(';', from) - from);
    };
    CHECK(hiding(out(0, 0, 1, 0, 0)) == "true");         // logic op COPY
    CHECK(hiding(out(0, 0, 1, 0, 0, 0xF, 0)) == "true"); // CLEAR
    CHECK(hiding(out(0, 0, 1, 0, 0, 0xF, 5)) == "true"); // COPY_INVERTED
    CHECK(hiding(out(0, 0, 1, 0, 0, 0xF, 1)) == "-");    // AND reads the pixel
    CHECK(hiding(out(1, 0, 1, 0, 0)) == "true");         // one, zero
    CHECK(hiding(out(1, 0, 6, 7, 7)) == "src.a == 255"); // citro2d's blending
    CHECK(hiding(out(1, 1, 6, 7, 7)) == "src.a == 255"); // subtract
    CHECK(hiding(out(1, 0, 1, 6, 0)) == "src.a == 0");   // destination x source alpha
    CHECK(hiding(out(1, 0, 1, 6, 7)) == "(src.a == 0) && (src.a == 255)"); // never, written out
    CHECK(hiding(out(1, 0, 6, 7, 7, 0xF, 3, 2)) == "src.a == 255");        // an RGB5A1 target
    CHECK(hiding(out(1, 0, 6, 7, 7, 0x7)) == "-");                         // alpha not written
    CHECK(hiding(out(1, 0, 6, 1, 1)) == "-");                              // additive
    CHECK(hiding(out(1, 3, 6, 7, 7)) == "-");                              // min reads the pixel
    CHECK(hiding(out(1, 0, 4, 0, 0)) == "-");            // source x destination colour
    CHECK(hiding(out(1, 0, 6, 7, 7), {}, false) == "-"); // raster-hiding off
    shadergen::FragmentConfig lit;
    lit.lighting.enabled = 1;
    lit.lighting.light_count = 1;
    CHECK(hiding(out(1, 0, 6, 7, 7), lit) == "-"); // lit configurations: none
}

TEST_CASE("compute raster: a mesh of triangles sharing edges leaves no gap and no pixel twice") {
    // A 9x9-vertex grid, jittered off the pixel grid, each triangle adding 1/8 of white: a pixel
    // two triangles both covered, or none, would read 64 or 0 instead of 32.
    const Scene mesh = [](RenderHarness& h) {
        h.clear({0, 0, 0, 0});
        h.b().write(GPUREG_BLEND_FUNC, 0x01010000u | (1u << 16) | (1u << 20) | (1u << 24) |
                                           (1u << 28)); // add, one, one
        std::mt19937 rng(5);
        std::uniform_real_distribution<float> jitter(-0.02f, 0.02f);
        float px[9][9], py[9][9];
        for (int i = 0; i < 9; ++i)
            for (int j = 0; j < 9; ++j) {
                const bool border = i == 0 || j == 0 || i == 8 || j == 8;
                px[i][j] = -1.0f + 0.25f * static_cast<float>(i) + (border ? 0 : jitter(rng));
                py[i][j] = -1.0f + 0.25f * static_cast<float>(j) + (border ? 0 : jitter(rng));
            }
        const std::array<float, 4> eighth = {32 / 255.0f, 32 / 255.0f, 32 / 255.0f, 32 / 255.0f};
        for (int i = 0; i < 8; ++i)
            for (int j = 0; j < 8; ++j) {
                for (auto [a, b] : {std::pair{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}})
                    h.vertex(vertex(px[i + a][j + b], py[i + a][j + b], -0.5f, 1.0f, eighth));
            }
        h.draw();
    };
    // 128 triangles: two chunks, binned (at scale 8, 8x8 bins of 32 pixels).
    for (std::uint32_t scale : {1u, 3u, 8u}) {
        CAPTURE(scale);
        const Compared c = compare(scale, mesh, 0);
        CHECK(c.differing == 0);
        CHECK(c.compute.counters.compute_raster_binned == 1);
        for (std::size_t i = 0; i < c.compute.rgba.size(); ++i)
            if (c.compute.rgba[i] != 32) {
                CAPTURE(i);
                CHECK(int{c.compute.rgba[i]} == 32);
                break;
            }
    }
}

// 48 overlapping quads, each with its own w (perspective-correct texture coordinates), a
// linearly filtered 16x16 texture times the vertex colour; with `blend`, blended over each other
// with source alpha, else each replacing what is under it.
void sprites(RenderHarness& h, bool blend) {
    h.clear({40, 80, 120, 255});
    std::vector<std::uint8_t> texels(16 * 16 * 4);
    for (std::size_t i = 0; i < texels.size(); ++i)
        texels[i] = static_cast<std::uint8_t>((i * 37 + (i >> 4) * 11) & 0xFF);
    h.texture(0, 16, 16, texels, (1u << 1) | (1u << 2)); // linear both ways
    h.b().write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
    h.b().write(GPUREG_TEXENV0_SOURCE, 0x00030003u);   // texture 0, primary colour
    h.b().write(GPUREG_TEXENV0_COMBINER, 0x00010001u); // modulate
    // Add, source alpha, one minus source alpha (colour and alpha).
    if (blend) h.b().write(GPUREG_BLEND_FUNC, (6u << 16) | (7u << 20) | (6u << 24) | (7u << 28));
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> pos(-1.2f, 0.9f), size(0.2f, 0.9f), w(0.6f, 1.8f),
        unit(0.0f, 1.0f);
    for (int q = 0; q < 48; ++q) {
        const float x0 = pos(rng), y0 = pos(rng), s = size(rng), ww = w(rng);
        const std::array<float, 4> c = {unit(rng), unit(rng), unit(rng), unit(rng)};
        // Corners with their own w each (a quad tilted in depth): x, y, u, v, w.
        const float corners[4][5] = {{x0, y0, 0, 0, ww},
                                     {x0 + s, y0, 1, 0, ww * 1.5f},
                                     {x0 + s, y0 + s, 1, 1, ww * 1.5f},
                                     {x0, y0 + s, 0, 1, ww}};
        for (int k : {0, 1, 2, 0, 2, 3})
            h.vertex(vertex(corners[k][0], corners[k][1], -0.5f, corners[k][4], c, corners[k][2],
                            corners[k][3]));
    }
    h.draw();
}

// The target cleared, then a floor receding into the distance (w from 1 at the bottom edge to 8
// at the top), its texture once across and 4 times along it.
void receding_floor(RenderHarness& h) {
    h.clear({0, 0, 0, 255});
    const std::array<float, 4> white = {1, 1, 1, 1};
    const float corners[4][5] = {
        {-1, -1, 0, 0, 1}, {1, -1, 1, 0, 1}, {1, 1, 1, 4, 8}, {-1, 1, 0, 4, 8}};
    for (int k : {0, 1, 2, 0, 2, 3})
        h.vertex(vertex(corners[k][0], corners[k][1], -0.5f, corners[k][4], white, corners[k][2],
                        corners[k][3]));
    h.draw();
}

// A floor receding into the distance (w from 1 at the bottom edge to 8 at the top), textured
// with a 128x128 mipmapped texture (levels down to 8x8, the smallest a PICA texture has) once
// across and 4 times along it: at scale 1, level 2 at the bottom and the last, 4, at the top.
// Each level its own colour, in a checkerboard of it and its half.
void mip_floor(RenderHarness& h, std::uint32_t param) {
    std::vector<std::uint8_t> tiled;
    const std::uint8_t colours[5][3] = {
        {255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {255, 255, 0}, {0, 255, 255}};
    for (std::uint32_t level = 0, size = 128; level < 5; ++level, size /= 2) {
        std::vector<std::uint8_t> rgba(std::size_t{size} * size * 4), out(rgba.size());
        for (std::uint32_t i = 0; i < size * size; ++i) {
            const bool half = (i % size + i / size) % 2 != 0;
            for (int k = 0; k < 3; ++k)
                rgba[i * 4 + k] = static_cast<std::uint8_t>(colours[level][k] >> (half ? 1 : 0));
            rgba[i * 4 + 3] = 255;
        }
        encode_texture(rgba, out, size, size, TextureFormat::RGBA8);
        tiled.insert(tiled.end(), out.begin(), out.end());
    }
    h.session().write_memory(0x18100000, tiled);
    h.b().write(GPUREG_TEXUNIT0_DIM, (128u << 16) | 128u);
    h.b().write(GPUREG_TEXUNIT0_PARAM, param | (2u << 8) | (2u << 12)); // repeat both ways
    h.b().write(GPUREG_TEXUNIT0_ADDR1, 0x18100000u >> 3);
    h.b().write(GPUREG_TEXUNIT0_TYPE, 0);
    h.b().write(GPUREG_TEXUNIT0_LOD, 4u << 16); // levels 0-4
    h.b().write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
    h.b().write(GPUREG_TEXENV0_SOURCE, 0x00030003u);
    h.b().write(GPUREG_TEXENV0_COMBINER, 0);
    receding_floor(h);
}

// A 16x16 texture of one level (TEXUNIT0_LOD 0) on the receding floor: magnified at the bottom
// (a texel over two pixels and more), minified towards the top, so that where the filters
// differ (`param`), the level of detail picks the one each pixel gets.
void one_level_floor(RenderHarness& h, std::uint32_t param) {
    std::vector<std::uint8_t> rgba(16 * 16 * 4), tiled(rgba.size());
    for (std::size_t i = 0; i < rgba.size(); ++i)
        rgba[i] = static_cast<std::uint8_t>(i % 4 == 3 ? 255 : (i * 53 + (i >> 6) * 29) & 0xFF);
    encode_texture(rgba, tiled, 16, 16, TextureFormat::RGBA8);
    h.session().write_memory(0x18100000, tiled);
    h.b().write(GPUREG_TEXUNIT0_DIM, (16u << 16) | 16u);
    h.b().write(GPUREG_TEXUNIT0_PARAM, param | (2u << 8) | (2u << 12)); // repeat both ways
    h.b().write(GPUREG_TEXUNIT0_ADDR1, 0x18100000u >> 3);
    h.b().write(GPUREG_TEXUNIT0_TYPE, 0);
    h.b().write(GPUREG_TEXUNIT0_LOD, 0);
    h.b().write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
    h.b().write(GPUREG_TEXENV0_SOURCE, 0x00030003u);
    h.b().write(GPUREG_TEXENV0_COMBINER, 0);
    receding_floor(h);
}

TEST_CASE("compute raster: mipmapped textures pick the levels and filters the graphics pipeline "
          "picks (nearest and linear, within and between levels, scale 1 and 3)") {
    struct Filter {
        std::uint32_t param;
        const char* name;
    };
    for (const Filter f : {Filter{0, "nearest, nearest level"},
                           Filter{(1u << 1) | (1u << 2) | (1u << 24), "linear, between levels"},
                           Filter{(1u << 2), "linear minifying, nearest magnifying and level"}}) {
        for (std::uint32_t scale : {1u, 3u}) {
            CAPTURE(f.name);
            CAPTURE(scale);
            // Nearest texels of the nearest level: exact. Linear filtering within a level: the
            // texels' weights may round differently (lavapipe: by 1 in 300 pixels of 1024).
            const Compared c = compare(
                scale, [&](RenderHarness& h) { mip_floor(h, f.param); }, 1);
            MESSAGE(std::string(f.name)
                    << ", scale " << scale << ": " << c.unequal << " pixels of 1024 differ, by "
                    << c.largest << " at most");
            CHECK(c.differing == 0);
            if (f.param == 0) CHECK(c.unequal == 0);
            // The levels drawn with nearest levels (each its own colour, at full or half
            // intensity): several, the last among them.
            unsigned pixels[5] = {};
            const std::uint8_t hues[5][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 0}, {0, 1, 1}};
            for (std::size_t i = 0; i < c.compute.rgba.size(); i += 4)
                for (unsigned l = 0; l < 5; ++l) {
                    bool match = true;
                    for (int k = 0; k < 3; ++k)
                        match = match && (hues[l][k] ? c.compute.rgba[i + k] >= 120
                                                     : c.compute.rgba[i + k] == 0);
                    pixels[l] += match;
                }
            MESSAGE("pixels of levels 0-4: " << pixels[0] << " " << pixels[1] << " " << pixels[2]
                                             << " " << pixels[3] << " " << pixels[4]);
            if (f.param == 0) {
                unsigned levels = 0;
                for (const unsigned n : pixels)
                    levels += n >= 50;
                CHECK(levels >= 3);
                CHECK(pixels[4] >= 50);
            }
        }
    }
}

TEST_CASE("compute raster: a texture of one level picks the filter the graphics pipeline picks, "
          "magnified and minified, and reads the same texels where one filter serves both "
          "(scale 1 and 3)") {
    // Where the filters differ, the level of detail still decides (the gradients are taken);
    // where they are the same, the shader reads level 0 without them (lod_free), and must read
    // what the gradients would have given. (llvmpipe decides between the filters by the level
    // of detail after the sampler's clamp to [0, maxLod] - here always magnified -, as Vulkan
    // describes it; a device that decides before the clamp minifies the top of the floor, where
    // only the gradients can pick the filter.)
    struct Filter {
        std::uint32_t param;
        const char* name;
    };
    for (const Filter f :
         {Filter{1u << 2, "linear minifying, nearest magnifying"},
          Filter{1u << 1, "nearest minifying, linear magnifying"},
          Filter{(1u << 1) | (1u << 2), "linear both ways"}, Filter{0, "nearest both ways"}}) {
        for (const char* disabled : {"", "raster-lod-free"}) {
            for (std::uint32_t scale : {1u, 3u}) {
                CAPTURE(f.name);
                CAPTURE(std::string(disabled));
                CAPTURE(scale);
                const AlsoDisabled also(disabled);
                // Linear filtering's weights may round differently by 1 (as in the mipmap test).
                const Compared c = compare(
                    scale, [&](RenderHarness& h) { one_level_floor(h, f.param); }, 1);
                CHECK(c.differing == 0);
                if (f.param == 0) CHECK(c.unequal == 0);
            }
        }
    }
}

TEST_CASE("compute raster: textured sprites in perspective shade as the graphics pipeline shades "
          "them, and blend to within the blending's rounding (scale 1 and 3)") {
    // And the colour the sprites blend with read at each pixel's first fragment, as before it
    // was read ahead of the set-up (PICAVK_DEVICE_DISABLE=raster-early-loads).
    for (const char* weights : {"", "raster-early-loads"})
        for (std::uint32_t scale : {1u, 3u}) {
            CAPTURE(std::string(weights));
            CAPTURE(scale);
            const AlsoDisabled also(weights);
            // Attributes interpolated from the positions before snapping, as llvmpipe does: the
            // same texture coordinates, the same filtered texels, the same colours on lavapipe.
            // (From the snapped positions a quarter of the pixels differed by 1-2: lavapipe's 8-bit
            // filter weights move with a 1/512-pixel shift of a 10-pixel quad's corner.) Another
            // GPU interpolates and weighs texels its own way: on an H200 a quarter of the pixels
            // differ, by 1 (263 of 1024 at scale 1, 106 at scale 3).
            const Compared shaded = compare(
                scale, [](RenderHarness& h) { sprites(h, false); }, 1);
            CHECK(shaded.differing == 0);
            if (shaded.compute.llvmpipe) CHECK(shaded.unequal == 0);
            // Blending: lavapipe blends 8-bit values in fixed point and rounds each product, the
            // compute rasteriser in floats with one rounding (Vulkan allows both); a pixel under
            // several translucent sprites gathers a step from some of them. Measured: 780 pixels of
            // 1024 differ, by 3 at most. The PICA's own blend rounding is unmeasured.
            const Compared blended = compare(
                scale, [](RenderHarness& h) { sprites(h, true); }, 3);
            CHECK(blended.differing == 0);
            MESSAGE("scale " << scale << ": unblended " << shaded.unequal
                             << " pixels of 1024 differ, by " << shaded.largest
                             << " at most; blended " << blended.unequal << ", by "
                             << blended.largest);
        }
}

TEST_CASE("compute raster: draws it does not cover go through the graphics pipeline") {
    auto count = [](const Scene& scene) {
        return draw(true, 1, scene).counters.compute_raster_draws;
    };
    const std::array<float, 4> red = {1, 0, 0, 1};
    auto triangle = [&](RenderHarness& h, float w) {
        h.vertex(vertex(-0.5f, -0.5f, -0.5f, w, red));
        h.vertex(vertex(0.5f, -0.5f, -0.5f, w, red));
        h.vertex(vertex(0.0f, 0.5f, -0.5f, w, red));
    };
    // Covered: a flat triangle.
    CHECK(count([&](RenderHarness& h) {
              triangle(h, 1.0f);
              h.draw();
          }) == 1);
    // Covered too: the depth test (GREATER), depth writes, the stencil test, a logic op.
    CHECK(count([&](RenderHarness& h) {
              h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00 | 1u | (6u << 4));
              triangle(h, 1.0f);
              h.draw();
          }) == 1);
    CHECK(count([&](RenderHarness& h) {
              h.b().write(GPUREG_DEPTH_COLOR_MASK, 0x1F00);
              triangle(h, 1.0f);
              h.draw();
          }) == 1);
    CHECK(count([&](RenderHarness& h) {
              h.b().write(GPUREG_STENCIL_TEST, 1u | (1u << 4)); // always
              triangle(h, 1.0f);
              h.draw();
          }) == 1);
    // Colour writes off: a stencil mask's draw (always passing, replacing the stencil).
    CHECK(count([&](RenderHarness& h) {
              h.b().write(GPUREG_DEPTH_COLOR_MASK, 0u);
              h.b().write(GPUREG_STENCIL_TEST, 1u | (1u << 4) | (0xFFu << 8) | (7u << 16));
              h.b().write(GPUREG_STENCIL_OP, 2u << 8);
              triangle(h, 1.0f);
              h.draw();
          }) == 1);
    CHECK(count([&](RenderHarness& h) {
              h.b().write(GPUREG_COLOR_OPERATION, 0x00E40000u); // logic op mode
              h.b().write(GPUREG_LOGIC_OP, 11);                 // xor
              triangle(h, 1.0f);
              h.draw();
          }) == 1);
    // A vertex behind the eye and behind the near plane (as a perspective projection with its
    // near plane at w = 0.1 puts it: host z = w - 0.1): cut there (guard_band_clip.h), then drawn.
    CHECK(count([&](RenderHarness& h) {
              h.vertex(vertex(-0.5f, -0.5f, -0.9f, 1.0f, red));
              h.vertex(vertex(0.5f, -0.5f, -0.9f, 1.0f, red));
              h.vertex(vertex(0.0f, 0.5f, -1.1f, -1.0f, red));
              h.draw();
          }) == 1);
    // A vertex at the eye itself (w = 0, z = 0: on both planes, so no cut removes it) has no
    // window position: where the CPU shades it, the graphics pipeline draws it (the pre-pass's
    // go to the shader uncut, which draws them itself).
    const CpuVertices cpu;
    CHECK(count([&](RenderHarness& h) {
              h.vertex(vertex(-0.5f, -0.5f, -0.5f, 1.0f, red));
              h.vertex(vertex(0.5f, -0.5f, -0.5f, 1.0f, red));
              h.vertex(vertex(0.0f, 0.5f, 0.0f, 0.0f, red));
              h.draw();
          }) == 0);
    // Textures with mip levels, and ones that minify with another filter than they magnify:
    // sampled with their coordinates' gradients, they are covered (exactness: the mipmap test).
    const std::vector<std::uint8_t> texels(16 * 16 * 4 + 8 * 8 * 4, 0x80);
    for (std::uint32_t lod : {0u, 1u << 16}) {
        for (std::uint32_t param : {0u, (1u << 1), (1u << 2), (1u << 24)}) {
            CAPTURE(param);
            CAPTURE(lod);
            CHECK(count([&](RenderHarness& h) {
                      h.texture(0, 16, 16, texels, param);
                      h.b().write(GPUREG_TEXUNIT0_LOD, lod); // levels 0-1 where 1 << 16
                      h.b().write(GPUREG_TEXUNIT_CONFIG, 1u | (1u << 12));
                      h.b().write(GPUREG_TEXENV0_SOURCE, 0x00030003u);
                      triangle(h, 1.0f);
                      h.draw();
                  }) == 1);
        }
    }
}

TEST_CASE("compute raster: small draws, each dispatched over its own rectangle, draw what the "
          "graphics pipeline draws (scale 1 and 3)") {
    // 40 draws of one small triangle each, in their own submissions (no merging), near the
    // target's edges and corners and partly outside it: each dispatch covers only its
    // vertices' rectangle, which must not cut off a pixel the triangle covers.
    const Scene small = [](RenderHarness& h) {
        h.clear({0, 0, 0, 255});
        std::mt19937 rng(11);
        std::uniform_int_distribution<int> corner(-36 * 4, 36 * 4), size(1, 6 * 4), byte(0, 255);
        for (int t = 0; t < 40; ++t) {
            auto unit = [&] { return static_cast<float>(byte(rng)) / 255.0f; };
            const std::array<float, 4> colour = {unit(), unit(), unit(), 1.0f};
            const float x = static_cast<float>(corner(rng)) / 64.0f;
            const float y = static_cast<float>(corner(rng)) / 64.0f;
            const float sx = static_cast<float>(size(rng)) / 64.0f;
            const float sy = static_cast<float>(size(rng)) / 64.0f;
            h.vertex(vertex(x, y, -0.5f, 1.0f, colour));
            h.vertex(vertex(x + sx, y, -0.5f, 1.0f, colour));
            h.vertex(vertex(x, y + sy, -0.5f, 1.0f, colour));
            h.draw();
        }
    };
    for (std::uint32_t scale : {1u, 3u}) {
        CAPTURE(scale);
        const Compared c = compare(scale, small, 0);
        CHECK(c.differing == 0);
        CHECK(c.compute.counters.compute_raster_draws == 40);
    }
}

namespace {

// The depth buffers of two runs compared: the pixels whose depth differs by more than
// `tolerance` (in units of the format's last bit), at all, and by how much at most; D24S8's
// stencil byte must be equal.
struct DepthCompared {
    std::size_t differing = 0, unequal = 0;
    std::uint32_t largest = 0;
    bool stencil_equal = true;
};
DepthCompared compare_depth(const Drawn& a, const Drawn& b, DepthFormat format,
                            std::uint32_t tolerance = 0) {
    DepthCompared c;
    const std::uint32_t bpp = bytes_per_pixel(format);
    REQUIRE(a.depth.size() == b.depth.size());
    for (std::size_t i = 0; i < a.depth.size(); i += bpp) {
        std::uint32_t x = 0, y = 0;
        std::memcpy(&x, &a.depth[i], bpp);
        std::memcpy(&y, &b.depth[i], bpp);
        if (format == DepthFormat::D24S8) {
            c.stencil_equal = c.stencil_equal && (x >> 24) == (y >> 24);
            x &= 0xFFFFFF;
            y &= 0xFFFFFF;
        }
        const std::uint32_t d = x > y ? x - y : y - x;
        if (d > tolerance && ++c.differing <= 4)
            MESSAGE("depth at byte " << i << " of the tiled buffer: compute " << x << ", graphics "
                                     << y);
        c.unequal += d != 0;
        c.largest = std::max(c.largest, d);
    }
    return c;
}

// `draws` draws of `per_draw` random triangles (a quarter-pixel grid, w = 1, inside the
// viewport) crossing each other, over a depth buffer cleared to the middle of its range,
// depth-tested with `function`
// (DEPTH_COLOR_MASK bits 4-6) and written. `flat`: each triangle at one of 32 depths, so that
// every fragment's depth is exact and a depth test is never a tie; else each vertex at its own
// depth. `between(h, draw)` before each draw writes what that draw differs in.
void crossing_triangles(RenderHarness& h, DepthFormat format, std::uint32_t function,
                        unsigned draws, unsigned per_draw, bool flat,
                        const std::function<void(RenderHarness&, unsigned)>& between) {
    h.clear({0, 0, 0, 255}, format == DepthFormat::D16 ? 0x8000u : 0x55800000u);
    std::mt19937 rng(41 + function);
    // Inside the viewport: lavapipe clips a triangle reaching far past it (its guard band is
    // small), and the clipped edges' new vertices leave the sub-pixel grid, so a pixel centre on
    // such an edge falls on either side (Vulkan leaves clipping's precision to the
    // implementation; the compute rasteriser never clips in x and y).
    std::uniform_int_distribution<int> grid(-16 * 4, 16 * 4), byte(0, 255), level(0, 31);
    // Window depth = -z (the harness's depth map), over the whole range.
    std::uniform_real_distribution<float> z(-1.0f, 0.0f);
    for (unsigned n = 0; n < draws; ++n) {
        h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | 1u | (function << 4) | (1u << 12));
        between(h, n);
        for (unsigned t = 0; t < per_draw; ++t) {
            auto unit = [&] { return static_cast<float>(byte(rng)) / 255.0f; };
            const std::array<float, 4> colour = {unit(), unit(), unit(), 1.0f};
            const float depth = -(static_cast<float>(level(rng)) + 0.25f) / 32.0f;
            for (int k = 0; k < 3; ++k) {
                const float x = static_cast<float>(grid(rng)) / 64.0f;
                const float y = static_cast<float>(grid(rng)) / 64.0f;
                h.vertex(vertex(x, y, flat ? depth : z(rng), 1.0f, colour));
            }
        }
        h.draw();
    }
}

std::function<void(RenderHarness&, unsigned)> nothing_between() {
    return [](RenderHarness&, unsigned) {};
}

} // namespace

TEST_CASE("compute raster: depth tests and writes decide as the graphics pipeline's do (D24S8 "
          "and D16, every compare function, scale 1 and 3)") {
    for (DepthFormat format : {DepthFormat::D24S8, DepthFormat::D16}) {
        for (std::uint32_t function = 0; function < 8; ++function) {
            for (std::uint32_t scale : {1u, 3u}) {
                if (scale == 3 && function != 5 && function != 7) continue; // LEQUAL, GEQUAL
                CAPTURE(static_cast<int>(format));
                CAPTURE(function);
                CAPTURE(scale);
                // Triangles at distinct depths: every fragment's depth exact, no test a tie -
                // the same pixels pass, the same depths are written, exactly.
                const Compared c = compare(
                    scale,
                    [&](RenderHarness& h) {
                        crossing_triangles(h, format, function, 3, 40, true, nothing_between());
                    },
                    0, format);
                const DepthCompared d = compare_depth(c.compute, c.graphics, format);
                CHECK(c.differing == 0);
                CHECK(d.differing == 0);
                CHECK(d.stencil_equal);
                // Three draws, one dispatch each; the depth copied from the image once and back
                // once (for the test's read of guest memory).
                CHECK(c.compute.counters.compute_raster_dispatches == 3);
                CHECK(c.compute.counters.depth_word_loads == 1);
                CHECK(c.compute.counters.depth_word_stores == 1);
            }
        }
    }
}

TEST_CASE("compute raster: interpolated depth agrees with the graphics pipeline's to the "
          "interpolation's precision (D24S8 and D16, LEQUAL and GEQUAL)") {
    // Each vertex at its own depth: interpolation is done in floats both ways, in another order
    // (Vulkan leaves its precision to the implementation), so depths differ in their last bits,
    // and where two triangles meet within that precision either may win.
    // The planes from the binning pass's set-up records, and made in each tile where the draw
    // is not binned (PICAVK_DEVICE_DISABLE=raster-bins): the same planes, the same depths.
    std::map<std::pair<int, std::uint32_t>, Drawn> from_records;
    for (const char* weights : {"", "raster-bins"})
        for (DepthFormat format : {DepthFormat::D24S8, DepthFormat::D16}) {
            for (std::uint32_t function : {5u, 7u}) {
                CAPTURE(std::string(weights));
                CAPTURE(static_cast<int>(format));
                CAPTURE(function);
                const AlsoDisabled also(weights);
                const Compared c = compare(
                    1,
                    [&](RenderHarness& h) {
                        crossing_triangles(h, format, function, 3, 40, false, nothing_between());
                    },
                    0, format);
                // Measured on lavapipe: no colour differs; D24S8 depth in 253 and 376 pixels of
                // 1024, by 8 steps of 2^-24 at most (the edge functions' way: 266 and 360, by 7),
                // D16 in 1 and 2 (1 and 3), by 1 step of 2^-16. Allowed:
                // 2^-20 of the range (16 and 1 steps); a pixel where a tie went the other way
                // differs in colour too, and at most 1% of them may.
                const DepthCompared d = compare_depth(c.compute, c.graphics, format,
                                                      format == DepthFormat::D16 ? 1 : 16);
                MESSAGE("colour: " << c.unequal << " pixels of 1024 differ; depth: " << d.unequal
                                   << " differ, by " << d.largest << " at most");
                CHECK(c.unequal <= 10);
                CHECK(d.differing <= c.unequal);
                CHECK(d.stencil_equal);
                const std::pair<int, std::uint32_t> key{static_cast<int>(format), function};
                if (std::string(weights).empty()) {
                    CHECK(c.compute.counters.compute_raster_binned > 0);
                    from_records[key] = c.compute;
                } else {
                    REQUIRE(from_records.count(key) == 1);
                    CHECK(c.compute.counters.compute_raster_binned == 0);
                    CHECK(c.compute.depth == from_records[key].depth);
                    CHECK(c.compute.rgba == from_records[key].rgba);
                }
            }
        }
}

namespace {
// A triangle with a vertex at the eye (w = 0: no window position, nothing drawn), which the
// compute rasteriser leaves to the graphics pipeline where the CPU shaded it.
void at_the_eye(RenderHarness& h) {
    const std::array<float, 4> black = {0, 0, 0, 1};
    h.vertex(vertex(-0.5f, -0.5f, -0.5f, 1.0f, black));
    h.vertex(vertex(0.5f, -0.5f, -0.5f, 1.0f, black));
    h.vertex(vertex(0.0f, 0.5f, 0.0f, 0.0f, black));
}
} // namespace

TEST_CASE("compute raster: draws through the graphics pipeline between compute draws see and "
          "keep the compute draws' depth (copied back and forth)") {
    // Draws 1 and 3 each hold a triangle with a vertex at the eye (w = 0: no window position,
    // nothing drawn), which the compute rasteriser leaves to the graphics pipeline where the
    // CPU shaded it: the depth goes from the words to the image before each, and back after.
    const CpuVertices cpu;
    for (std::uint32_t scale : {1u, 3u}) {
        CAPTURE(scale);
        const Compared c = compare(
            scale,
            [&](RenderHarness& h) {
                crossing_triangles(h, DepthFormat::D24S8, 5, 4, 40, true,
                                   [](RenderHarness& each, unsigned n) {
                                       if (n % 2 == 1) at_the_eye(each);
                                   });
            },
            0);
        const DepthCompared d = compare_depth(c.compute, c.graphics, DepthFormat::D24S8);
        CHECK(c.differing == 0);
        CHECK(d.differing == 0);
        CHECK(d.stencil_equal);
        CHECK(c.compute.counters.compute_raster_draws == 2);
        CHECK(c.compute.counters.depth_word_loads == 2);
        CHECK(c.compute.counters.depth_word_stores == 2);
    }
}

TEST_CASE("compute raster: the draws it leaves to the graphics pipeline are counted by reason") {
    using Fallbacks = RendererCounters::ComputeRasterFallbacks;
    const std::array<float, 4> red = {1, 0, 0, 1};
    auto triangle = [&](RenderHarness& h) {
        h.vertex(vertex(-0.5f, -0.5f, -0.5f, 1.0f, red));
        h.vertex(vertex(0.5f, -0.5f, -0.5f, 1.0f, red));
        h.vertex(vertex(0.0f, 0.5f, -0.5f, 1.0f, red));
        h.draw();
    };
    // One draw, through the graphics pipeline, for the one reason named.
    auto left_for = [&](std::uint64_t Fallbacks::*reason, const Scene& scene,
                        ColorFormat color = ColorFormat::RGBA8) {
        const Drawn d = draw(true, 1, scene, DepthFormat::D24S8, color);
        CHECK(d.counters.draws == 1);
        CHECK(d.counters.compute_raster_draws == 0);
        CHECK(d.counters.compute_raster_fallbacks.*reason == 1);
        CHECK(d.counters.compute_raster_fallbacks.total() == 1);
    };
    // Drawn by it: nothing counted.
    {
        const Drawn d = draw(true, 1, triangle);
        CHECK(d.counters.compute_raster_draws == 1);
        CHECK(d.counters.compute_raster_fallbacks.total() == 0);
    }
    SUBCASE("fragment state it does not cover") {
        // Shadow-buffer writes (COLOR_OPERATION mode 3) and gas accumulation (mode 1).
        left_for(&Fallbacks::shadow_write, [&](RenderHarness& h) {
            h.b().write(GPUREG_COLOR_OPERATION, 0x00E40003u);
            h.b().write(GPUREG_FRAGOP_SHADOW, 0x80003C00u);
            triangle(h);
        });
        left_for(&Fallbacks::gas_write, [&](RenderHarness& h) {
            h.b().write(GPUREG_COLOR_OPERATION, 0x00E40001u);
            triangle(h);
        });
        // The procedural texture (read by stage 0 as texture 3) with a filter between LUT
        // levels (PROCTEX4 5: linear between the levels, linear within them); filter 1 is covered.
        for (std::uint32_t filter : {1u, 5u}) {
            CAPTURE(filter);
            auto proctex = [&](RenderHarness& h) {
                h.b().write(GPUREG_TEXUNIT_CONFIG, 1u << 10);
                h.b().write(GPUREG_TEXUNIT3_PROCTEX4, filter | (0x60u << 3) | (128u << 11));
                h.b().write(GPUREG_TEXENV0_SOURCE, 0x00060006u);
                triangle(h);
            };
            if (filter == 1)
                CHECK(draw(true, 1, proctex).counters.compute_raster_draws == 1);
            else
                left_for(&Fallbacks::proctex_filter, proctex);
        }
        // A logic op on a device without logicOp (done in the fragment shader).
        const AlsoDisabled no_logic_op("logic-op");
        left_for(&Fallbacks::logic_op, [&](RenderHarness& h) {
            h.b().write(GPUREG_COLOR_OPERATION, 0x00E40000u);
            h.b().write(GPUREG_LOGIC_OP, 11);
            triangle(h);
        });
    }
    SUBCASE("a 16-bit target on a device without r16ui storage views") {
        CHECK(draw(true, 1, triangle, DepthFormat::D24S8, ColorFormat::RGB565)
                  .counters.compute_raster_draws == 1);
        const AlsoDisabled no_r16ui("storage-extended-formats");
        left_for(&Fallbacks::target_format, triangle, ColorFormat::RGB565);
        // Unless the draw writes no colour: its target needs no storage view.
        const Drawn off = draw(
            true, 1,
            [&](RenderHarness& h) {
                h.b().write(GPUREG_DEPTH_COLOR_MASK, 0x1000u | 1u | (1u << 4)); // always, write
                triangle(h);
            },
            DepthFormat::D24S8, ColorFormat::RGB565);
        CHECK(off.counters.compute_raster_draws == 1);
        CHECK(off.counters.compute_raster_fallbacks.total() == 0);
    }
    SUBCASE("a target that cannot be given storage usage") {
        // RGB8 lives in an RGBA8 image, storage-capable from creation where fills and transfers
        // are compute passes; without them it has no storage usage, and none is given on
        // demand (SurfaceCache::storage_format: RGBA8 and 16-bit targets only).
        CHECK(draw(true, 1, triangle, DepthFormat::D24S8, ColorFormat::RGB8)
                  .counters.compute_raster_draws == 1);
        const AlsoDisabled no_compute_passes("compute-passes");
        left_for(&Fallbacks::color_storage, triangle, ColorFormat::RGB8);
    }
    SUBCASE("depth and stencil tests on a D24S8 buffer in a float image (no D24S8 on the device)") {
        // AMD's GPUs: a D32F_S8 image, with no depth words or stencil bytes for the shader.
        auto depth_tested = [&](RenderHarness& h) {
            h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | 1u | (5u << 4)); // <=
            triangle(h);
        };
        auto stencil_tested = [&](RenderHarness& h) {
            h.b().write(GPUREG_STENCIL_TEST, 1u | (1u << 4) | (0xFFu << 8) | (0xFFu << 24));
            triangle(h);
        };
        CHECK(draw(true, 1, depth_tested).counters.compute_raster_draws == 1);
        CHECK(draw(true, 1, stencil_tested).counters.compute_raster_draws == 1);
        const AlsoDisabled no_d24s8("d24s8");
        left_for(&Fallbacks::depth_buffer, depth_tested);
        left_for(&Fallbacks::stencil_buffer, stencil_tested);
        // With the test and depth writes off the buffer is neither read nor written: the shader
        // draws it (its key rounds the depth to the 24-bit grid, FragmentConfig::depth_grid24,
        // and compiles).
        CHECK(draw(true, 1, triangle).counters.compute_raster_draws == 1);
        // D16 stays a D16 image: its depth test is the shader's still.
        CHECK(draw(true, 1, depth_tested, DepthFormat::D16).counters.compute_raster_draws == 1);
    }
    SUBCASE("a vertex at the eye, shaded on the CPU") {
        // No window position, and no cut to the guard band removes it (the pre-pass's go to the
        // shader uncut, which draws them itself).
        const CpuVertices cpu;
        left_for(&Fallbacks::guard_band, [&](RenderHarness& h) {
            h.vertex(vertex(-0.5f, -0.5f, -0.5f, 1.0f, red));
            h.vertex(vertex(0.5f, -0.5f, -0.5f, 1.0f, red));
            h.vertex(vertex(0.0f, 0.5f, 0.0f, 0.0f, red));
            h.draw();
        });
    }
}

TEST_CASE("compute raster: a draw over its work budget goes through the graphics pipeline") {
    // Scale 8 (256x256 host pixels, 33x33 tiles as the budget counts them) and 4000 triangles.
    // Each spanning the whole target, they cost 4.4 million set-ups binned or not (every bin
    // marks every triangle), past lavapipe's budget of 2^22 (set on every device); within a
    // corner of 2x2 guest pixels, 36 thousand at most.
    const ScopedEnv budget("PICAVK_COMPUTE_RASTER_BUDGET", "4194304");
    CpuVertices cpu;
    auto run = [](bool spread) {
        return draw(true, 8, [&](RenderHarness& h) {
            const std::array<float, 4> red = {1, 0, 0, 1};
            const float extent = spread ? 2.0f : 2.0f / 16.0f; // NDC: the target, or 2 pixels
            for (int t = 0; t < 4000; ++t) {
                const float x = -1.0f + extent * static_cast<float>(t % 50) / 50.0f;
                const float y = -1.0f + extent * static_cast<float>(t / 50) / 80.0f;
                const float size = spread ? 2.0f : extent / 80.0f; // spread: past the target
                h.vertex(vertex(x, y, -0.5f, 1.0f, red));
                h.vertex(vertex(x + size, y, -0.5f, 1.0f, red));
                h.vertex(vertex(x, y + size, -0.5f, 1.0f, red));
            }
            h.draw();
        });
    };
    // The corner fits the budget, the whole target does not.
    const Drawn corner = run(false);
    CHECK(corner.counters.compute_raster_draws == 1);
    CHECK(corner.counters.compute_raster_over_budget == 0);
    const Drawn spread = run(true);
    CHECK(spread.counters.compute_raster_draws == 0);
    CHECK(spread.counters.compute_raster_over_budget == 1);
}

TEST_CASE("compute raster: a draw whose vertices the GPU shades is budgeted by a guess until the "
          "binning pass has measured it, then by what it cost") {
    // Scale 8 again. The CPU does not know where the pre-pass puts the vertices, so a draw's
    // first budget guesses that its triangles reach a sixteenth of the tiles each: 5000
    // triangles fit (a third of lavapipe's 2^22). The binning pass counts the bins each draw's
    // triangles mark, read back once the frame completes, and the draw is budgeted by that the
    // next time it comes from the same vertices.
    // - Small triangles in a corner: one bin each, 80 thousand set-ups. Measured, they stay.
    // - Slivers from corner to corner: every one of the 64 bins each, 5.1 million set-ups,
    //   past the budget. Measured, the next frames draw them with the graphics pipeline, until
    //   the 64th refusal lets them run once more to be measured again.
    // - Both, merged into one host draw (draws 0 and 1): each measured by its own draw number,
    //   so that only the slivers leave.
    auto triangles = [](RenderHarness& h, bool spread) {
        const std::array<float, 4> red = {1, 0, 0, 1};
        for (int t = 0; t < 5000; ++t) {
            const float f = static_cast<float>(t) / 5000.0f;
            if (spread) { // along the diagonal, one to two guest pixels wide at its top
                h.vertex(vertex(-1.0f, -1.0f, -0.5f, 1.0f, red));
                h.vertex(vertex(1.0f, 1.0f, -0.5f, 1.0f, red));
                h.vertex(vertex(1.0f - (1.0f + f) / 16.0f, 1.0f, -0.5f, 1.0f, red));
            } else { // a guest pixel each, within 2x2 of them (a bin is 4x4)
                const float x = -1.0f + f / 16.0f, y = -1.0f + f / 16.0f;
                h.vertex(vertex(x, y, -0.5f, 1.0f, red));
                h.vertex(vertex(x + 1.0f / 16.0f, y, -0.5f, 1.0f, red));
                h.vertex(vertex(x, y + 1.0f / 16.0f, -0.5f, 1.0f, red));
            }
        }
    };
    enum class Case { Corner, Spread, Merged };
    ScopedEnv assume("PICAVK_DEVICE_ASSUME", "few-raster-units");
    const ScopedEnv budget("PICAVK_COMPUTE_RASTER_BUDGET", "4194304"); // lavapipe's, everywhere
    for (const Case k : {Case::Corner, Case::Spread, Case::Merged}) {
        CAPTURE(static_cast<int>(k));
        const std::uint32_t draws = k == Case::Merged ? 2 : 1;
        RenderHarness h(8);
        h.session().set_vertex_shaders(VertexShaders::Gpu, 1);
        REQUIRE(h.session().compute_raster());
        h.clear(test::Rgba{0, 0, 0, 0xFF});
        h.session().set_gpu_profile(true);
        h.session().end_frame(); // (profiled from the next command buffer)
        if (k != Case::Spread) triangles(h, false);
        if (k != Case::Corner) triangles(h, true);
        h.draw_parts(draws, [](unsigned) {});
        const std::vector<std::uint8_t> first = h.color_rgba(); // (the frame completes)
        RendererCounters c = h.session().renderer_counters();
        CHECK(c.compute_raster_gpu_vertex_draws == draws);
        CHECK(c.compute_raster_dispatches == 1);
        CHECK(c.compute_raster_over_budget == 0);
        CHECK(c.compute_raster_measured == 0);
        // Its bin counts were copied for the host, and the command buffer that copied them ended
        // with the barrier that makes them visible to it.
        CHECK(c.host_read_barriers == 1);
        // The raster pass ran the tiles of the bins marked: the corner's one (2x2 tiles of 16x16
        // pixels), or all. (The budget counts tiles of 8x8 whatever the tiles drawn.)
        const std::uint64_t corner_groups = 4, all_groups = 16 * 16;
        CHECK(c.compute_raster_binned_groups == (k == Case::Corner ? corner_groups : all_groups));
        if (k == Case::Corner) {
            // Its profile: the 4 tiles of 16x16 RGBA8 pixels it ran, read and written (not the
            // viewport's 256x256).
            const GpuProfile p = h.session().gpu_profile();
            std::uint64_t read = 0, written = 0;
            for (const GpuPassProfile& e : p.passes)
                if (e.pass == "compute raster") read += e.bytes_read, written += e.bytes_written;
            CHECK(read == corner_groups * 1024);
            CHECK(written == corner_groups * 1024);
        }
        h.draw_again();
        c = h.session().renderer_counters();
        CHECK(c.compute_raster_measured == draws);
        // The corner's draw again by the compute rasteriser (the merged one's too: its 4 tiles),
        // the slivers by the graphics pipeline, their vertex path kept.
        const std::uint32_t corner_draws = k == Case::Spread ? 0 : 1;
        CHECK(c.compute_raster_gpu_vertex_draws == draws + corner_draws);
        CHECK(c.compute_raster_over_budget == draws - corner_draws);
        CHECK(c.gpu_vertex_draws == 2 * draws);
        // Either way the same pixels.
        CHECK(h.color_rgba() == first);
        // (Read back now that the frame has completed.)
        if (k == Case::Merged)
            CHECK(h.session().renderer_counters().compute_raster_binned_groups ==
                  all_groups + corner_groups);
        std::size_t drawn = 0; // guest pixels
        for (std::size_t i = 0; i < first.size(); i += 4)
            drawn += first[i] != 0;
        CHECK(drawn >= (k == Case::Corner ? 2u : 16u)); // (a sample per 8x8 host pixels)
        CHECK(h.validation_messages() == 0);
        CHECK(h.warnings.empty());
        if (k != Case::Spread) continue;
        // Refused 63 times more, then measured again.
        for (std::uint32_t n = 2; n <= 64; ++n)
            h.draw_again();
        c = h.session().renderer_counters();
        CHECK(c.compute_raster_over_budget == 63);
        CHECK(c.compute_raster_gpu_vertex_draws == 2);
        CHECK(h.color_rgba() == first);
        CHECK(h.validation_messages() == 0);
        CHECK(h.warnings.empty());
    }
}

TEST_CASE("compute raster: a binned draw whose triangles mark no bin runs no raster workgroup") {
    // Pre-pass triangles wholly right of the target: the binning pass marks nothing, and its
    // count of the raster pass's workgroups is zero (a pass sized from the empty header's bounds
    // would start past the bins).
    ScopedEnv assume("PICAVK_DEVICE_ASSUME", "few-raster-units");
    RenderHarness h(4);
    h.session().set_vertex_shaders(VertexShaders::Gpu, 1);
    REQUIRE(h.session().compute_raster());
    h.clear(test::Rgba{40, 40, 40, 0xFF});
    const std::vector<std::uint8_t> before = h.color_rgba();
    h.session().set_gpu_profile(true);
    h.session().end_frame(); // (profiled from the next command buffer)
    const std::array<float, 4> red = {1, 0, 0, 1};
    for (int t = 0; t < 100; ++t) {
        const float y = -1.0f + 0.02f * static_cast<float>(t);
        h.vertex(vertex(1.5f, y, -0.5f, 1.0f, red));
        h.vertex(vertex(3.0f, y, -0.5f, 1.0f, red));
        h.vertex(vertex(1.5f, y + 0.5f, -0.5f, 1.0f, red));
    }
    h.draw();
    CHECK(h.color_rgba() == before);
    const RendererCounters c = h.session().renderer_counters();
    CHECK(c.compute_raster_binned == 1);
    CHECK(c.compute_raster_gpu_vertex_draws == 1);
    CHECK(c.compute_raster_binned_groups == 0);
    // Its profile counts the tiles it ran, none (not the viewport's 128x128 host pixels).
    const GpuProfile p = h.session().gpu_profile();
    bool raster_pass = false;
    for (const GpuPassProfile& e : p.passes) {
        if (e.pass != "compute raster") continue;
        raster_pass = true;
        CHECK(e.count == 1);
        CHECK(e.bytes_read == 0);
        CHECK(e.bytes_written == 0);
    }
    CHECK(raster_pass);
    CHECK(h.validation_messages() == 0);
    CHECK(h.warnings.empty());
}

TEST_CASE("compute raster: draws with colour writes off or no colour buffer (a depth pre-pass) "
          "test and write depth by compute, and their passes move no colour bytes") {
    // Random triangles writing depth only (colour writes off, or no colour buffer at all: both
    // COLORBUFFER_READ and _WRITE 0), then the same triangles' colours drawn over them
    // with the EQUAL test and a stencil test (EQUAL to the cleared 0x55): each pixel takes the
    // nearest triangle's colour, as the graphics pipeline draws it. The first draw loads the
    // depth alone, the second the stencil bytes then.
    auto triangles = [](RenderHarness& h, bool colour) {
        std::mt19937 rng(23);
        std::uniform_int_distribution<int> grid(-16 * 4, 16 * 4), byte(0, 255), level(0, 31);
        for (unsigned t = 0; t < 40; ++t) {
            auto unit = [&] { return static_cast<float>(byte(rng)) / 255.0f; };
            const std::array<float, 4> c = {unit(), unit(), unit(), 1.0f};
            const float depth = -(static_cast<float>(level(rng)) + 0.25f) / 32.0f;
            for (int k = 0; k < 3; ++k)
                h.vertex(vertex(static_cast<float>(grid(rng)) / 64.0f,
                                static_cast<float>(grid(rng)) / 64.0f, depth, 1.0f,
                                colour ? c : std::array<float, 4>{1, 1, 1, 1}));
        }
        h.draw();
    };
    for (const bool no_buffer : {false, true})
        for (std::uint32_t scale : {1u, 3u}) {
            CAPTURE(scale);
            CAPTURE(no_buffer);
            const Compared c = compare(
                scale,
                [&](RenderHarness& h) {
                    h.clear({0, 0, 0, 255}, 0x55800000u);
                    h.b().write(GPUREG_DEPTH_COLOR_MASK, 1u | (5u << 4) | (1u << 12)); // LEQUAL
                    if (no_buffer) {
                        h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | 1u | (5u << 4) | (1u << 12));
                        h.b().write(GPUREG_COLORBUFFER_READ, 0);
                        h.b().write(GPUREG_COLORBUFFER_WRITE, 0);
                    }
                    triangles(h, false);
                    h.b().write(GPUREG_COLORBUFFER_READ, 0xF);
                    h.b().write(GPUREG_COLORBUFFER_WRITE, 0xF);
                    h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | 1u | (2u << 4)); // EQUAL
                    h.b().write(GPUREG_STENCIL_TEST,
                                1u | (2u << 4) | (0x55u << 16) | (0xFFu << 24));
                    triangles(h, true);
                },
                0);
            const DepthCompared d = compare_depth(c.compute, c.graphics, DepthFormat::D24S8);
            CHECK(c.differing == 0);
            CHECK(d.differing == 0);
            CHECK(c.compute.counters.compute_raster_draws == 2);
            CHECK(c.compute.counters.depth_word_loads == 2); // the depth, then the stencil
            CHECK(c.compute.counters.compute_raster_fallbacks.total() == 0);
            MESSAGE("scale " << scale << ": " << c.unequal << " pixels differ");
        }
    // The depth-only pass's profile: a whole-target quad's rectangle (32x32 D24S8 words) read
    // and written, and no colour; with the vertices from the pre-pass (binned: the tiles run, as
    // read back) and from the CPU (the rectangle); colour writes off, and no colour buffer.
    for (const bool no_buffer : {false, true})
        for (VertexShaders from : {VertexShaders::Gpu, VertexShaders::Cpu}) {
            CAPTURE(static_cast<int>(from));
            CAPTURE(no_buffer);
            ScopedEnv assume("PICAVK_DEVICE_ASSUME", "few-raster-units");
            RenderHarness h(1);
            h.session().set_vertex_shaders(from, 1);
            REQUIRE(h.session().compute_raster());
            h.clear({0, 0, 0, 255}, 0x55800000u);
            h.session().set_gpu_profile(true);
            h.session().end_frame(); // (profiled from the next command buffer)
            h.b().write(GPUREG_DEPTH_COLOR_MASK, 1u | (1u << 4) | (1u << 12)); // always, written
            if (no_buffer) {
                h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | 1u | (1u << 4) | (1u << 12));
                h.b().write(GPUREG_COLORBUFFER_READ, 0);
                h.b().write(GPUREG_COLORBUFFER_WRITE, 0);
            }
            const std::array<float, 4> white = {1, 1, 1, 1};
            const float corner[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
            for (int k : {0, 1, 2, 0, 2, 3})
                h.vertex(vertex(corner[k][0], corner[k][1], -0.25f, 1.0f, white));
            h.draw();
            (void)h.color_rgba();
            h.session().end_frame(); // (the profile collected)
            const RendererCounters c = h.session().renderer_counters();
            CHECK(c.compute_raster_draws == 1);
            CHECK(c.compute_raster_gpu_vertex_draws == (from == VertexShaders::Gpu ? 1u : 0u));
            bool raster_pass = false, load_pass = false;
            for (const GpuPassProfile& e : h.session().gpu_profile().passes) {
                // The depth loaded from the image without the stencil bytes (no stencil test).
                if (e.pass == "depth words: copy from the image" && e.count) {
                    load_pass = true;
                    CHECK(e.bytes_read == RenderHarness::kW * RenderHarness::kH * 4);
                }
                if (e.pass != "compute raster") continue;
                raster_pass = true;
                CHECK(e.count == 1);
                CHECK(e.bytes_read == RenderHarness::kW * RenderHarness::kH * 4);
                CHECK(e.bytes_written == RenderHarness::kW * RenderHarness::kH * 4);
            }
            CHECK(raster_pass);
            CHECK(load_pass);
            // Depth written (a quarter of the way in), colour not.
            CHECK((h.depth_word(5, 7) & 0xFFFFFFu) == 0x400000u);
            CHECK(h.pixel(5, 7) == test::Rgba{0, 0, 0, 255});
            CHECK(h.validation_messages() == 0);
            CHECK(h.warnings.empty());
        }
}

TEST_CASE("compute raster: every binned draw of a submission is read back and profiled, past "
          "the first 256 slots and 255 timed passes") {
    // 300 pre-pass draws in one submission, each its own host draw (their write masks
    // alternate), each a triangle in one bin: every one's 4 workgroups (2x2 tiles of 16x16
    // pixels) are read back (a
    // second page of slots), so each is measured; and the profile times all 900 passes (pre-pass,
    // binning and raster each), past the 255 a submission once had.
    ScopedEnv assume("PICAVK_DEVICE_ASSUME", "few-raster-units");
    // (One submission for all the draws: not split where a GPU finishes the first ones early.)
    const ScopedEnv whole("PICAVK_DEVICE_DISABLE",
                          ScopedEnv::plus("PICAVK_DEVICE_DISABLE", "idle-submits").c_str());
    RenderHarness h(1);
    h.session().set_vertex_shaders(VertexShaders::Gpu, 1);
    REQUIRE(h.session().compute_raster());
    h.clear({0, 0, 0, 255});
    h.session().set_gpu_profile(true);
    h.session().end_frame(); // (profiled from the next command buffer)
    const RendererCounters before = h.session().renderer_counters();
    constexpr unsigned kDraws = 300;
    for (unsigned n = 0; n < kDraws; ++n) {
        const float x = -0.9f + 0.005f * static_cast<float>(n % 100);
        const std::array<float, 4> c = {static_cast<float>(n % 7) / 7.0f, 0.5f, 1.0f, 1.0f};
        h.vertex(vertex(x, -0.9f, -0.5f, 1.0f, c));
        h.vertex(vertex(x + 0.2f, -0.9f, -0.5f, 1.0f, c));
        h.vertex(vertex(x, -0.7f, -0.5f, 1.0f, c));
    }
    h.draw_parts(
        kDraws, [&](unsigned n) { h.b().write(GPUREG_DEPTH_COLOR_MASK, n % 2 ? 0xF00u : 0x700u); });
    (void)h.color_rgba();
    const RendererCounters c = h.session().renderer_counters();
    CHECK(c.compute_raster_gpu_vertex_draws - before.compute_raster_gpu_vertex_draws == kDraws);
    CHECK(c.compute_raster_dispatches - before.compute_raster_dispatches == kDraws);
    // One submission for the draws and the read of the colour buffer.
    CHECK(c.submissions - before.submissions == 1);
    // (compute_raster_binned_groups counts only the workgroups read back.)
    CHECK(c.compute_raster_binned_groups - before.compute_raster_binned_groups == kDraws * 4);
    h.session().end_frame(); // (the profile collected)
    const GpuProfile p = h.session().gpu_profile();
    CHECK(p.untimed_passes == 0);
    bool raster_pass = false;
    for (const GpuPassProfile& e : p.passes) {
        if (e.pass != "compute raster") continue;
        raster_pass = true;
        CHECK(e.count == kDraws);
        CHECK(e.bytes_read == std::uint64_t{kDraws} * 4 * 16 * 16 * 4); // 4 RGBA8 tiles each
    }
    CHECK(raster_pass);
    // The same draws 5 times over in one submission, 4500 passes: the first 4095 timed, the
    // rest counted as untimed.
    auto timed = [](const GpuProfile& q) {
        std::uint64_t n = 0;
        for (const GpuPassProfile& e : q.passes)
            n += e.count;
        return n;
    };
    const RendererCounters again = h.session().renderer_counters();
    for (int k = 0; k < 5; ++k)
        h.draw_again(
            [&](unsigned n) { h.b().write(GPUREG_DEPTH_COLOR_MASK, n % 2 ? 0xF00u : 0x700u); });
    (void)h.color_rgba();
    CHECK(h.session().renderer_counters().submissions - again.submissions == 1);
    h.session().end_frame();
    const GpuProfile q = h.session().gpu_profile();
    CHECK(timed(q) - timed(p) == GpuProfile::kTimedPasses);
    CHECK(q.untimed_passes >= 5 * kDraws * 3 - GpuProfile::kTimedPasses);
    CHECK(h.validation_messages() == 0);
    CHECK(h.warnings.empty());
}

TEST_CASE("compute raster: a draw's pre-pass and binning pass run beside the raster pass of the "
          "draw before: one barrier a draw, the same picture") {
    // 40 pre-pass draws, each its own host draw (their write masks alternate), each a
    // half-transparent triangle blended over the ones before (order-dependent: a raster pass
    // overtaking the one before would show), over several bins at scale 3.
    constexpr unsigned kDraws = 40;
    const Scene scene = [](RenderHarness& h) {
        h.clear({0, 0, 0, 255});
        // add; source alpha, one minus source alpha (rgb and alpha)
        h.b().write(GPUREG_BLEND_FUNC, (6u << 16) | (7u << 20) | (6u << 24) | (7u << 28));
        for (unsigned n = 0; n < kDraws; ++n) {
            const float x = -0.9f + 0.035f * static_cast<float>(n);
            const std::array<float, 4> c = {static_cast<float>(n % 5) / 4.0f,
                                            static_cast<float>(n % 3) / 2.0f,
                                            static_cast<float>(n % 7) / 6.0f, 0.5f};
            h.vertex(vertex(x, -0.9f, -0.5f, 1.0f, c));
            h.vertex(vertex(x + 0.6f, -0.8f, -0.5f, 1.0f, c));
            h.vertex(vertex(x + 0.2f, 0.9f, -0.5f, 1.0f, c));
        }
        h.draw_parts(kDraws, [&](unsigned n) {
            h.b().write(GPUREG_DEPTH_COLOR_MASK, n % 2 ? 0xF00u : 0x700u);
        });
    };
    // (Blending rounds a step apart from the graphics pipeline's here and there, as in the
    // other blended cases; the two compute ways must agree exactly.)
    const Compared c = compare(3, scene, 1);
    CHECK(c.differing == 0);
    const RendererCounters& overlapped = c.compute.counters;
    CHECK(overlapped.compute_raster_gpu_vertex_draws == kDraws);
    CHECK(overlapped.compute_raster_binned == kDraws);
    const AlsoDisabled apart("raster-overlap");
    const Drawn separate = draw(true, 3, scene);
    MESSAGE(kDraws << " binned pre-pass draws: " << overlapped.compute_raster_barriers
                   << " barriers, " << separate.counters.compute_raster_barriers
                   << " with each pass between barriers");
    CHECK(separate.rgba == c.compute.rgba);
    // One a draw (after its pre-pass: the pre-pass for its binning pass, the binning pass
    // before for the held raster pass), and two around the last raster pass; four a draw
    // each way.
    CHECK(overlapped.compute_raster_barriers <= kDraws + 2);
    CHECK(separate.counters.compute_raster_barriers >= 4 * kDraws);
}

TEST_CASE("compute raster: a pixel taking the top fragment that hides those under it, without "
          "them, gets the colour and depth that walking them all gives") {
    // 40 quads over one another in one draw (80 triangles: two rounds a tile), random places
    // and sizes at scale 3, each of one colour with alpha 255, 128 or 0 (the alpha test,
    // GREATER 0, discards the last). Each case once as drawn (hiding: shadergen's PICA_HIDING)
    // and once with every pixel walking every triangle (PICAVK_DEVICE_DISABLE=raster-hiding):
    // colour and depth equal byte for byte. Cases: blending source alpha / one minus it (a
    // fragment of alpha 255 hides) without a depth test, with citro2d's GEQUAL and writes at
    // one depth, with LEQUAL and writes at a depth per quad (a quad hides only past depths it
    // passes), at depths that slope across each quad (none hides where depth is written);
    // a logic op (COPY: every fragment hides); the source as it is (ONE, ZERO) under a LESS
    // test without writes; with a stencil test (no hiding); and into an RGB5A1 target.
    struct Case {
        const char* name;
        std::uint32_t color_op, blend, depth; // COLOR_OPERATION, BLEND_FUNC, DEPTH_COLOR_MASK
        int depths;                           // 0 one depth, 1 one per quad, 2 sloped
        bool stencil = false;
        ColorFormat color = ColorFormat::RGBA8;
    };
    const std::uint32_t alpha_blend = (6u << 16) | (7u << 20) | (6u << 24) | (7u << 28);
    const Case cases[] = {
        {"source alpha, no depth test", 0x00E40100u, alpha_blend, 0xF00u, 0},
        {"source alpha, GEQUAL with writes, one depth", 0x00E40100u, alpha_blend,
         0xF00u | 1u | 7u << 4 | 1u << 12, 0},
        {"source alpha, LEQUAL with writes, a depth per quad", 0x00E40100u, alpha_blend,
         0xF00u | 1u | 5u << 4 | 1u << 12, 1},
        {"source alpha, GEQUAL with writes, sloped", 0x00E40100u, alpha_blend,
         0xF00u | 1u | 7u << 4 | 1u << 12, 2},
        {"logic op COPY, no depth test", 0x00E40000u, alpha_blend, 0xF00u, 1},
        {"one, zero, LESS without writes", 0x00E40100u, 0x01010000u, 0xF00u | 1u | 4u << 4, 1},
        {"source alpha, stencil test", 0x00E40100u, alpha_blend, 0xF00u, 0, true},
        {"source alpha, no depth test, RGB5A1", 0x00E40100u, alpha_blend, 0xF00u, 0, false,
         ColorFormat::RGB5A1},
    };
    for (const Case& c : cases) {
        const std::string name = c.name;
        CAPTURE(name);
        const Scene scene = [&](RenderHarness& h) {
            std::mt19937 rng(7);
            std::uniform_real_distribution<float> at(-1.0f, 0.6f), size(0.3f, 1.0f),
                depth(-0.9f, -0.1f);
            std::uniform_int_distribution<int> byte(0, 255), kind(0, 5);
            h.clear({0, 0, 0, 255}, 0x800000u);
            h.b().write(GPUREG_COLOR_OPERATION, c.color_op);
            h.b().write(GPUREG_BLEND_FUNC, c.blend);
            h.b().write(GPUREG_LOGIC_OP, 3);
            h.b().write(GPUREG_FRAGOP_ALPHA_TEST, 1u | 6u << 4); // GREATER 0
            h.b().write(GPUREG_DEPTH_COLOR_MASK, c.depth);
            if (c.stencil) {
                h.b().write(GPUREG_STENCIL_TEST, 1u | 1u << 4 | 0xFFu << 8 | 0xFFu << 24);
                h.b().write(GPUREG_STENCIL_OP, 3u << 8); // pass: increment
            }
            for (unsigned q = 0; q < 40; ++q) {
                const float x = at(rng), y = at(rng), w = size(rng), ht = size(rng);
                const int k = kind(rng);
                const float alpha = k < 3 ? 1.0f : k < 5 ? 128.0f / 255.0f : 0.0f;
                const std::array<float, 4> colour = {static_cast<float>(byte(rng)) / 255.0f,
                                                     static_cast<float>(byte(rng)) / 255.0f,
                                                     static_cast<float>(byte(rng)) / 255.0f, alpha};
                const float z = c.depths == 0 ? -0.5f : depth(rng);
                const float slope = c.depths == 2 ? 0.3f : 0.0f;
                const auto v = [&](float px, float py, float dz) {
                    h.vertex(vertex(px, py, z + dz, 1.0f, colour));
                };
                v(x, y, 0), v(x + w, y, slope), v(x + w, y + ht, slope);
                v(x, y, 0), v(x + w, y + ht, slope), v(x, y + ht, 0);
            }
            h.draw();
        };
        const Drawn hidden = draw(true, 3, scene, DepthFormat::D24S8, c.color);
        REQUIRE(hidden.compute_raster);
        CHECK(hidden.counters.compute_raster_draws == 1);
        const AlsoDisabled walked_all("raster-hiding");
        const Drawn walked = draw(true, 3, scene, DepthFormat::D24S8, c.color);
        CHECK(hidden.rgba == walked.rgba);
        CHECK(hidden.depth == walked.depth);
    }
}

TEST_CASE("compute raster: memory fills left open go beside fills of other surfaces only, and a "
          "second fill of a target waits for the first") {
    // Between two draws: the colour buffer filled, then the depth buffer twice (two values).
    // The first depth fill goes beside the colour fill; the second writes what the first wrote,
    // so it must come after a barrier (else synchronization validation reports the two writes
    // of the depth words; it does not see two compute passes' writes of one storage image,
    // which a second colour fill would be).
    ScopedEnv assume("PICAVK_DEVICE_ASSUME", "few-raster-units");
    ScopedEnv disable("PICAVK_DEVICE_DISABLE", "");
    RenderHarness h(3, ColorFormat::RGBA8, DepthFormat::D24S8);
    const auto fill = [&](std::uint32_t start, std::uint32_t value) {
        const std::uint32_t base = 0x10400010u; // PSC0, 32-bit units
        h.session().write_gpu_register(base + 0x0, start >> 3);
        h.session().write_gpu_register(base + 0x4,
                                       (start + RenderHarness::kW * RenderHarness::kH * 4) >> 3);
        h.session().write_gpu_register(base + 0x8, value);
        h.session().write_gpu_register(base + 0xC, (2u << 8) | 1u);
    };
    h.clear({0, 0, 0, 255});
    h.quad(0, 0, 32, 32, -0.5f, {0, 0, 1, 1});
    h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | 1u | (1u << 4) | (1u << 12));
    h.draw();
    const RendererCounters before = h.session().renderer_counters();
    REQUIRE(before.compute_raster_draws == 1);
    fill(RenderHarness::kColor, 0xFF8040C0u); // RGBA8 in memory: A, B, G, R from the low byte
    fill(RenderHarness::kDepth, 0x00123456u);
    fill(RenderHarness::kDepth, 0x00654321u);
    h.quad(0, 0, 4, 4, -0.25f, {0, 1, 0, 1});
    h.draw();
    const RendererCounters after = h.session().renderer_counters();
    CHECK(after.fill_clears - before.fill_clears == 3);
    CHECK(after.passes_side_by_side - before.passes_side_by_side == 1); // the first depth fill
    const std::vector<std::uint8_t> rgba = h.color_rgba();
    std::size_t wrong = 0, depth_wrong = 0;
    for (std::uint32_t y = 0; y < RenderHarness::kH; ++y)
        for (std::uint32_t x = 0; x < RenderHarness::kW; ++x) {
            if (x < 4 && y < 4) continue; // the second draw's corner (y up)
            const std::uint8_t* p =
                &rgba[(std::size_t{RenderHarness::kH - 1 - y} * RenderHarness::kW + x) * 4];
            wrong += !(p[0] == 0xFF && p[1] == 0x80 && p[2] == 0x40 && p[3] == 0xC0);
            depth_wrong += h.depth_word(x, y) != 0x00654321u;
        }
    CHECK(wrong == 0);
    CHECK(depth_wrong == 0);
    CHECK(h.validation_messages() == 0);
    CHECK(h.warnings.empty());
}

namespace {
// `draws` draws of 30 crossing triangles each (flat depths, as crossing_triangles), each with
// its own stencil test: compare function n % 8, random operations, reference and masks (every
// eighth draw writes all bits, every other one compares all), and a LEQUAL depth test and
// write, or the test alone, or neither.
// 30 triangles on a quarter-pixel grid (w = 1), each flat in colour and depth (one of 32
// levels), so that both ways agree exactly; opaque, or each with an alpha of its own.
void flat_triangles(RenderHarness& h, std::mt19937& rng, bool random_alpha) {
    std::uniform_int_distribution<int> grid(-16 * 4, 16 * 4), byte(0, 255), level(0, 31);
    const auto unit = [&] { return static_cast<float>(byte(rng)) / 255.0f; };
    for (unsigned t = 0; t < 30; ++t) {
        const std::array<float, 4> colour = {unit(), unit(), unit(), random_alpha ? unit() : 1.0f};
        const float depth = -(static_cast<float>(level(rng)) + 0.25f) / 32.0f;
        for (int k = 0; k < 3; ++k)
            h.vertex(vertex(static_cast<float>(grid(rng)) / 64.0f,
                            static_cast<float>(grid(rng)) / 64.0f, depth, 1.0f, colour));
    }
}

void stencil_draws(RenderHarness& h, std::mt19937& rng, unsigned draws) {
    std::uniform_int_distribution<int> byte(0, 255), op(0, 7);
    for (unsigned n = 0; n < draws; ++n) {
        const auto b = [&] { return static_cast<std::uint32_t>(byte(rng)); };
        const std::uint32_t write = n % 8 == 0 ? 0xFFu : b(), compare_mask = n % 2 ? 0xFFu : b();
        h.b().write(GPUREG_STENCIL_TEST,
                    1u | (n % 8) << 4 | write << 8 | b() << 16 | compare_mask << 24);
        h.b().write(GPUREG_STENCIL_OP, static_cast<std::uint32_t>(op(rng)) |
                                           static_cast<std::uint32_t>(op(rng)) << 4 |
                                           static_cast<std::uint32_t>(op(rng)) << 8);
        // The depth test and write (LEQUAL) in most draws; none in every fourth from the
        // second (the stencil alone), the test without the write in every fourth from the third.
        const std::uint32_t depth_mask = n % 4 == 1   ? 0u
                                         : n % 4 == 2 ? 1u | (5u << 4)
                                                      : 1u | (5u << 4) | (1u << 12);
        // Colour writes off in every fifth draw from the fourth (a stencil mask's draw).
        h.b().write(GPUREG_DEPTH_COLOR_MASK, (n % 5 == 3 ? 0u : 0xF00u) | depth_mask);
        flat_triangles(h, rng, false);
        h.draw();
    }
}
} // namespace

TEST_CASE("compute raster: stencil tests and operations decide as the graphics pipeline's do "
          "(every function and operation, masks, a memory fill between, scale 1 and 3)") {
    for (std::uint32_t scale : {1u, 3u}) {
        CAPTURE(scale);
        const Compared c = compare(
            scale,
            [&](RenderHarness& h) {
                std::mt19937 rng(7);
                h.clear({0, 0, 0, 255}, 0x55800000u); // stencil 0x55, depth half way
                stencil_draws(h, rng, 16);
                // A memory fill of the depth buffer (stencil 0xFE, near the top of its
                // decrement-and-clamp and increment-and-wrap ranges): the words take it too.
                const std::uint32_t bytes = RenderHarness::kW * RenderHarness::kH * 4;
                h.session().write_gpu_register(0x10400010, RenderHarness::kDepth >> 3);
                h.session().write_gpu_register(0x10400014, (RenderHarness::kDepth + bytes) >> 3);
                h.session().write_gpu_register(0x10400018, 0xFEC00000u);
                h.session().write_gpu_register(0x1040001C, (2u << 8) | 1);
                stencil_draws(h, rng, 16);
            },
            0);
        const DepthCompared d = compare_depth(c.compute, c.graphics, DepthFormat::D24S8);
        MESSAGE("colour: " << c.unequal << " pixels differ");
        CHECK(c.differing == 0);
        CHECK(d.differing == 0);
        CHECK(d.stencil_equal);
        // Every draw a compute draw; the depth and stencil copied from the image once, filled
        // once, and copied back once (for the test's read of guest memory).
        CHECK(c.compute.counters.compute_raster_draws == 32);
        CHECK(c.compute.counters.depth_word_loads == 1);
        CHECK(c.compute.counters.depth_word_fills == 1);
        CHECK(c.compute.counters.depth_word_stores == 1);
    }
}

namespace {
// Draws like stencil_draws', with the alpha test on in two draws of three (GREATER than 0x80):
// each triangle flat in alpha (exact both ways), so that whole triangles are discarded over
// others, under random stencil operations - keep among them - and depth tests.
void alpha_tested_draws(RenderHarness& h, std::mt19937& rng, unsigned draws) {
    std::uniform_int_distribution<int> byte(0, 255), op(0, 7);
    for (unsigned n = 0; n < draws; ++n) {
        const auto b = [&] { return static_cast<std::uint32_t>(byte(rng)); };
        // Every fourth draw without the stencil test (the depth test alone).
        const std::uint32_t stencil_on = n % 4 == 3 ? 0u : 1u;
        h.b().write(GPUREG_STENCIL_TEST,
                    stencil_on | (n % 8) << 4 | 0xFFu << 8 | b() << 16 | 0xFFu << 24);
        // The ops keep the stencil in every third draw (its fragments rejected before the
        // fragment code runs), random in the others.
        const auto o = [&] { return n % 3 == 0 ? 0u : static_cast<std::uint32_t>(op(rng)); };
        h.b().write(GPUREG_STENCIL_OP, o() | o() << 4 | o() << 8);
        h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | 1u | (5u << 4) | (1u << 12)); // LEQUAL
        h.b().write(GPUREG_FRAGOP_ALPHA_TEST, n % 3 == 2 ? 0u : 1u | (6u << 4) | (0x80u << 8));
        flat_triangles(h, rng, true);
        h.draw();
    }
    h.b().write(GPUREG_FRAGOP_ALPHA_TEST, 0);
}
} // namespace

TEST_CASE("compute raster: fragments the alpha test discards leave stencil and depth as the "
          "graphics pipeline's do (scale 1 and 3)") {
    // The stencil and depth tests after the fragment code, as the PICA orders them: a discarded
    // fragment never takes a depth-fail or stencil-fail op. (And with the pixel's colour, depth
    // and stencil read at its first fragment, as before they were read ahead of the set-up:
    // raster-early-loads.)
    for (const char* late : {"", "raster-early-loads"}) {
        const std::string disabled = late;
        CAPTURE(disabled);
        const AlsoDisabled also(late);
        for (std::uint32_t scale : {1u, 3u}) {
            CAPTURE(scale);
            const Compared c = compare(
                scale,
                [&](RenderHarness& h) {
                    std::mt19937 rng(11);
                    h.clear({0, 0, 0, 255}, 0x55800000u); // stencil 0x55, depth half way
                    alpha_tested_draws(h, rng, 24);
                },
                0);
            const DepthCompared d = compare_depth(c.compute, c.graphics, DepthFormat::D24S8);
            CHECK(c.differing == 0);
            CHECK(d.differing == 0);
            CHECK(d.stencil_equal);
            CHECK(c.compute.counters.compute_raster_draws == 24);
        }
    }
}

namespace {
// A memory fill of the whole D24S8 depth buffer (depth 0x400000, stencil 0x3A); then, where
// `graphics_between`, a draw the compute rasteriser leaves to the graphics pipeline (a vertex
// at the eye: its render pass uses the image, and draws nothing).
void fill_depth(RenderHarness& h, bool graphics_between) {
    const std::uint32_t bytes = RenderHarness::kW * RenderHarness::kH * 4;
    h.session().write_gpu_register(0x10400010, RenderHarness::kDepth >> 3);
    h.session().write_gpu_register(0x10400014, (RenderHarness::kDepth + bytes) >> 3);
    h.session().write_gpu_register(0x10400018, 0x3A400000u);
    h.session().write_gpu_register(0x1040001C, (2u << 8) | 1);
    if (graphics_between) {
        at_the_eye(h);
        h.draw();
    }
}
} // namespace

TEST_CASE("compute raster: a memory fill of a depth buffer it holds goes into the words alone, "
          "and the image gets them back before a graphics draw (scale 1 and 3)") {
    // Compute draws test and write depth and stencil; a memory fill of the depth buffer; then
    // (the second time) a draw with a vertex at the eye, which the compute rasteriser leaves to
    // the graphics pipeline where the CPU shaded it (it draws nothing, but its render pass
    // uses the image); compute draws again. The fill leaves the image as it was: the words are
    // copied back before the graphics draw and loaded again after it, so the draws after it
    // see the fill only if it reached the image.
    const CpuVertices cpu;
    for (const bool graphics_between : {false, true}) {
        for (std::uint32_t scale : {1u, 3u}) {
            CAPTURE(graphics_between);
            CAPTURE(scale);
            const Compared c = compare(
                scale,
                [&](RenderHarness& h) {
                    std::mt19937 rng(9);
                    h.clear({0, 0, 0, 255}, 0x55800000u);
                    stencil_draws(h, rng, 8);
                    fill_depth(h, graphics_between);
                    stencil_draws(h, rng, 8);
                },
                0);
            const DepthCompared d = compare_depth(c.compute, c.graphics, DepthFormat::D24S8);
            CHECK(c.differing == 0);
            CHECK(d.differing == 0);
            CHECK(d.stencil_equal);
            CHECK(c.compute.counters.compute_raster_draws == 16);
            CHECK(c.compute.counters.depth_word_fills == 1);
            CHECK(c.compute.counters.depth_fills_in_words == 1);
            // Copied back for the graphics draw and for the test's read of guest memory.
            CHECK(c.compute.counters.depth_word_stores == (graphics_between ? 2u : 1u));
            CHECK(c.compute.counters.depth_word_loads == (graphics_between ? 2u : 1u));
            CHECK(c.graphics.counters.depth_fills_in_words == 0);
        }
    }
}

TEST_CASE("compute raster: a memory fill of a depth buffer without words waits for its next "
          "use, which its words or a render pass take (scale 1 and 3)") {
    // Only a graphics draw (a vertex at the eye, which the compute rasteriser leaves to the
    // graphics pipeline where the CPU shaded it) comes before the fill, so the buffer has no
    // words. Where the next use is a compute draw, the words take the fill and the image is
    // never cleared or read; where it is a second graphics draw, its render pass clears the
    // image, and the compute draws after it load the words from there.
    const CpuVertices cpu;
    for (const bool graphics_between : {false, true}) {
        for (std::uint32_t scale : {1u, 3u}) {
            CAPTURE(graphics_between);
            CAPTURE(scale);
            const Compared c = compare(
                scale,
                [&](RenderHarness& h) {
                    std::mt19937 rng(13);
                    h.clear({0, 0, 0, 255}, 0x11223344u);
                    at_the_eye(h);
                    h.draw();
                    fill_depth(h, graphics_between);
                    stencil_draws(h, rng, 8);
                },
                0);
            const DepthCompared d = compare_depth(c.compute, c.graphics, DepthFormat::D24S8);
            CHECK(c.differing == 0);
            CHECK(d.differing == 0);
            CHECK(d.stencil_equal);
            CHECK(c.compute.counters.compute_raster_draws == 8);
            CHECK(c.compute.counters.depth_word_fills == (graphics_between ? 0u : 1u));
            CHECK(c.compute.counters.depth_fills_in_words == (graphics_between ? 0u : 1u));
            CHECK(c.compute.counters.depth_word_loads == (graphics_between ? 1u : 0u));
            CHECK(c.compute.counters.depth_word_stores == 1); // for the test's read
        }
    }
}

namespace {
// Random triangles over random ones, each draw with its own logic op (all 16); the last also
// with a write mask (red and alpha only).
void logic_ops(RenderHarness& h) {
    random_triangles(h, 11, 60, false);
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> pos(-1.0f, 1.0f), unit(0.0f, 1.0f);
    for (std::uint32_t op = 0; op < 17; ++op) {
        h.b().write(GPUREG_COLOR_OPERATION, 0x00E40000u);
        h.b().write(GPUREG_LOGIC_OP, op & 15);
        if (op == 16) h.b().write(GPUREG_DEPTH_COLOR_MASK, 0x900u);
        for (int t = 0; t < 6; ++t) {
            const std::array<float, 4> colour = {unit(rng), unit(rng), unit(rng), unit(rng)};
            for (int k = 0; k < 3; ++k)
                h.vertex(vertex(pos(rng), pos(rng), -0.5f, 1.0f, colour));
        }
        h.draw();
    }
}
} // namespace

TEST_CASE("compute raster: logic ops combine the bits as the graphics pipeline's do (all 16, "
          "with a write mask)") {
    const Compared c = compare(1, logic_ops, 0);
    MESSAGE("colour: " << c.unequal << " pixels differ");
    CHECK(c.differing == 0);
    CHECK(c.compute.counters.compute_raster_draws == 18);
}

TEST_CASE("compute raster: RGB8 colour buffers (an RGBA8 host image, alpha never written) draw "
          "as the graphics pipeline draws them") {
    for (std::uint32_t scale : {1u, 3u}) {
        CAPTURE(scale);
        const Compared depth = compare(
            scale,
            [](RenderHarness& h) {
                crossing_triangles(h, DepthFormat::D24S8, 5, 3, 40, true, nothing_between());
            },
            0, DepthFormat::D24S8, ColorFormat::RGB8);
        CHECK(depth.differing == 0);
        CHECK(depth.compute.counters.compute_raster_draws == 3);
        // Blended sprites, with the tolerance of the RGBA8 case (the blending's rounding).
        const Compared blended = compare(
            scale, [](RenderHarness& h) { sprites(h, true); }, 3, DepthFormat::D24S8,
            ColorFormat::RGB8);
        CHECK(blended.differing == 0);
        CHECK(blended.compute.counters.compute_raster_draws > 0);
        MESSAGE("scale " << scale << ": depth scene " << depth.unequal << " pixels differ; blended "
                         << blended.unequal << ", by " << blended.largest);
    }
}

namespace {
// An RGBA8 picture as a 16-bit colour buffer holds it: each channel narrowed by the guest's
// codec (its low bits dropped, as PICA200 writes its 8-bit colours), read back widened.
std::vector<std::uint8_t> narrowed(const std::vector<std::uint8_t>& rgba, ColorFormat format) {
    const FramebufferSize size{RenderHarness::kW, RenderHarness::kH};
    std::vector<std::uint8_t> tiled(rgba.size()), out(rgba.size());
    REQUIRE(encode_color_buffer(rgba, tiled, size, format));
    REQUIRE(decode_color_buffer(tiled, out, size, format));
    return out;
}
// Pixels of `a` and `b` that differ by more than `tolerance` in some channel.
std::size_t beyond(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b,
                   int tolerance) {
    REQUIRE(a.size() == b.size());
    std::size_t n = 0;
    for (std::size_t i = 0; i < a.size(); i += 4) {
        int worst = 0;
        for (std::size_t k = 0; k < 4; ++k)
            worst = std::max(worst, std::abs(int{a[i + k]} - b[i + k]));
        n += worst > tolerance;
    }
    return n;
}
} // namespace

namespace {
// Whether the device keeps colour format `f` in its 16-bit twin and writes it through an r16ui
// view (vk choose_host_formats: a format it renders to and blends in; r16ui storage images).
bool r16ui_target(RenderHarness& h, ColorFormat f) {
    const VkPhysicalDevice device = vulkan_context(h.session()).physical_device;
    const VkFormat twin = f == ColorFormat::RGB565   ? VK_FORMAT_R5G6B5_UNORM_PACK16
                          : f == ColorFormat::RGB5A1 ? VK_FORMAT_R5G5B5A1_UNORM_PACK16
                                                     : VK_FORMAT_R4G4B4A4_UNORM_PACK16;
    VkFormatProperties p{}, r16{};
    vkGetPhysicalDeviceFormatProperties(device, twin, &p);
    vkGetPhysicalDeviceFormatProperties(device, VK_FORMAT_R16_UINT, &r16);
    VkPhysicalDeviceFeatures features{};
    vkGetPhysicalDeviceFeatures(device, &features);
    return (p.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT) &&
           (r16.optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT) &&
           features.shaderStorageImageExtendedFormats;
}
} // namespace

TEST_CASE("compute raster: 16-bit colour buffers (RGB565, RGB5A1, RGBA4) hold what PICA200 writes, "
          "in their 16-bit host images through r16ui views") {
    // A game's RGB5A1 or RGB565 buffers (Mario Kart 7 draws to RGB5A1) stay compute draws.
    // Where the device renders to the 16-bit twin (lavapipe: RGB565 and RGB5A1, not RGBA4), the
    // target is given storage usage by a promotion and written through an r16ui view; RGBA4 on
    // lavapipe lives in an RGBA8 image, written as RGBA8 words.
    // Unblended, a 16-bit buffer holds exactly the RGBA8 picture narrowed (the compute
    // rasteriser drops the low bits, as PICA200 does); the graphics pipeline's 16-bit
    // attachments may round instead (Vulkan allows either nearest value: one step; lavapipe
    // drops them too: exact). Blended, each layer's rounding may differ by a step and carry to
    // the next: two steps, and beyond one in at most 1% of the pixels. A step is 255 / 31 in
    // the decoded bytes of a 5-bit channel (9 after the codec's bit repetition), 17 of a 4-bit,
    // 255 of RGB5A1's one-bit alpha (an H200 put one blended alpha of 1024 on the other side of
    // its half-way mark: 0 where the compute rasteriser's gave 1).
    struct Case {
        ColorFormat format;
        int step, alpha_step;
    };
    for (const Case& f : {Case{ColorFormat::RGB565, 9, 9}, Case{ColorFormat::RGB5A1, 9, 255},
                          Case{ColorFormat::RGBA4, 17, 17}}) {
        CAPTURE(static_cast<int>(f.format));
        bool twin = false;
        {
            RenderHarness h(1, f.format);
            twin = r16ui_target(h, f.format);
            // On lavapipe the r16ui path is what RGB565 and RGB5A1 take.
            if (h.session().device_name().find("llvmpipe") != std::string::npos)
                CHECK(twin == (f.format != ColorFormat::RGBA4));
        }
        for (std::uint32_t scale : {1u, 3u}) {
            CAPTURE(scale);
            const Scene scene = [](RenderHarness& h) {
                crossing_triangles(h, DepthFormat::D24S8, 5, 3, 40, true, nothing_between());
            };
            const Compared depth = compare(scale, scene, f.step, DepthFormat::D24S8, f.format);
            CHECK(depth.differing == 0);
            CHECK(depth.compute.counters.compute_raster_draws == 3);
            const Drawn rgba8 = draw(false, scale, scene, DepthFormat::D24S8, ColorFormat::RGBA8);
            CHECK(beyond(depth.compute.rgba, narrowed(rgba8.rgba, f.format), 0) == 0);
            const Compared blended = compare(
                scale, [](RenderHarness& h) { sprites(h, true); }, 2 * f.step, DepthFormat::D24S8,
                f.format, f.alpha_step);
            CHECK(blended.differing == 0);
            CHECK(beyond(blended.compute.rgba, blended.graphics.rgba, f.step) <=
                  RenderHarness::kW * RenderHarness::kH / 100);
            CHECK(blended.compute.counters.compute_raster_draws > 0);
            // A 16-bit host image is given storage usage once; an RGBA8 one has it from creation.
            CHECK(depth.compute.counters.storage_promotions == (twin ? 1u : 0u));
            CHECK(blended.compute.counters.storage_promotions == (twin ? 1u : 0u));
            MESSAGE("format " << static_cast<int>(f.format) << ", scale " << scale
                              << std::string(twin ? ", 16-bit image" : ", RGBA8 image")
                              << ": depth scene " << depth.unequal << " pixels differ; blended "
                              << blended.unequal << ", by " << blended.largest);
        }
        // A depth pre-pass writes no colour: no storage usage given, the same depth.
        const Compared prepass = compare(
            1,
            [](RenderHarness& h) {
                h.b().write(GPUREG_DEPTH_COLOR_MASK, 1u | (5u << 4) | (1u << 12));
                random_triangles(h, 29, 40, true);
            },
            0, DepthFormat::D24S8, f.format);
        CHECK(prepass.differing == 0);
        CHECK(compare_depth(prepass.compute, prepass.graphics, DepthFormat::D24S8).differing == 0);
        CHECK(prepass.compute.counters.compute_raster_draws == 1);
        CHECK(prepass.compute.counters.storage_promotions == 0);
        const Compared logic = compare(1, logic_ops, 0, DepthFormat::D24S8, f.format);
        const Drawn rgba8 = draw(false, 1, logic_ops, DepthFormat::D24S8, ColorFormat::RGBA8);
        CHECK(beyond(logic.compute.rgba, narrowed(rgba8.rgba, f.format), 0) == 0);
        CHECK(logic.compute.counters.compute_raster_draws == 18);
        MESSAGE("logic ops: " << logic.unequal << " pixels differ from the graphics pipeline's");
    }
}

TEST_CASE("compute raster: triangles reaching behind the eye or far out, given to the shader "
          "uncut, are rasterised in homogeneous coordinates as the graphics pipeline clips them "
          "(to the clipping's precision)") {
    // The way GPU-shaded vertices will reach it (the CPU cannot cut what it never sees); here
    // CPU-shaded draws go that way under PICAVK_DEVICE_DISABLE=raster-cpu-clip.
    const Uncut uncut;
    // The eye-crossing triangles depth-tested (GEQUAL over a cleared buffer) and written: the
    // depth interpolated at each pixel from the clip-space weights.
    const Scene crossing_depth = [](RenderHarness& h) {
        h.b().write(GPUREG_DEPTH_COLOR_MASK, 0xF00u | 1u | (7u << 4) | (1u << 12));
        crossing_the_eye(h);
    };
    for (std::uint32_t scale : {1u, 3u, 8u}) {
        CAPTURE(scale);
        const Compared crossing = compare(scale, crossing_depth, 0);
        const Compared far = compare(scale, far_past_the_viewport, 0);
        const DepthCompared d =
            compare_depth(crossing.compute, crossing.graphics, DepthFormat::D24S8,
                          crossing.compute.llvmpipe ? 256u : 1u << 15);
        // Measured on lavapipe: no pixel differs in colour; depth in about 80% of the pixels, by
        // at most 248 steps of 2^-24 (lavapipe's depth comes from the cut
        // vertices' z / w, this from the uncut triangle's z / w plane: float rounding either
        // way, largest where w is small). On an H200 no pixel differs in colour either, and depth
        // by about 300 steps, at most 20,474 (scale 1), 8,021 (3) and 4,653 (8): its clipping
        // rounds more. Allowed: 4 pixels of 1024 (Vulkan leaves the precision of clipped edges
        // to the implementation), and depth within 2^-16 on llvmpipe and 2^-9 elsewhere where the
        // colour agrees.
        MESSAGE("scale " << scale << ": behind the eye " << crossing.unequal
                         << " pixels of 1024 differ (depth in " << d.unequal << ", by " << d.largest
                         << " at most), far out " << far.unequal);
        CHECK(crossing.differing <= 4);
        CHECK(far.differing <= 4);
        CHECK(d.differing <= crossing.differing);
        CHECK(crossing.compute.counters.compute_raster_draws == 1);
        CHECK(far.compute.counters.compute_raster_draws == 1);
        CHECK(crossing.compute.counters.compute_raster_cut == 0); // the shader had them whole
        CHECK(far.compute.counters.compute_raster_cut == 0);
    }
    // Culling (either winding kept): the determinant's sign is the clipped polygon's winding.
    for (std::uint32_t cull : {1u, 2u}) {
        CAPTURE(cull);
        const Compared culled = compare(
            1,
            [&](RenderHarness& h) {
                h.b().write(GPUREG_FACECULLING_CONFIG, cull);
                crossing_the_eye(h);
            },
            0);
        CHECK(culled.differing <= 4);
    }
}

TEST_CASE("compute raster: a mesh reaching behind the eye, given to the shader uncut, leaves no "
          "pixel twice and covers what the graphics pipeline covers") {
    // A ground plane as a perspective camera sees it (y = -1, depth d from -0.95 behind the eye
    // to 3.05 in front, the near plane at w = 0.1), an 8x8 grid of quads jittered off any
    // grid, each triangle adding 1/8 of white: where the plane is seen a pixel reads 32, above
    // its horizon 0; a pixel two triangles both covered would read 64.
    const Uncut uncut;
    const Scene ground = [](RenderHarness& h) {
        h.clear({0, 0, 0, 0});
        h.b().write(GPUREG_BLEND_FUNC, 0x01010000u | (1u << 16) | (1u << 20) | (1u << 24) |
                                           (1u << 28)); // add, one, one
        std::mt19937 rng(9);
        std::uniform_real_distribution<float> jitter(-0.1f, 0.1f);
        float u[9][9], d[9][9];
        for (int i = 0; i < 9; ++i)
            for (int j = 0; j < 9; ++j) {
                const bool border = i == 0 || j == 0 || i == 8 || j == 8;
                u[i][j] = -2.0f + 0.5f * static_cast<float>(i) + (border ? 0 : jitter(rng));
                d[i][j] = -0.95f + 0.5f * static_cast<float>(j) + (border ? 0 : jitter(rng));
            }
        const std::array<float, 4> eighth = {32 / 255.0f, 32 / 255.0f, 32 / 255.0f, 32 / 255.0f};
        for (int i = 0; i < 8; ++i)
            for (int j = 0; j < 8; ++j)
                for (auto [a, b] : {std::pair{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}}) {
                    const float w = d[i + a][j + b];
                    h.vertex(vertex(u[i + a][j + b] / w, -1.0f / w, -(w - 0.1f) / w, w, eighth));
                }
        h.draw();
    };
    // The same plane with its edges through pixel centres, where the tie rule decides: columns
    // of constant NDC x (vertical lines at x = 4k + 0.5 on the target) and rows at depths whose
    // horizon-ward lines fall on pixel centres too (y = 16 - 16 / d = m + 0.5). And a ceiling
    // (y = 1), the same upside down: there the row reaching behind the eye (set up the
    // homogeneous way) meets the next row on its bottom edge, which the top-left rule gives to
    // the other triangle, so that its exact edge's bias decides the tie (on the ground it owns
    // that edge, as a bias of 0 would too).
    const auto ties = [](float side) -> Scene {
        return [side](RenderHarness& h) {
            h.clear({0, 0, 0, 0});
            h.b().write(GPUREG_BLEND_FUNC, 0x01010000u | (1u << 16) | (1u << 20) | (1u << 24) |
                                               (1u << 28)); // add, one, one
            const float depth[6] = {-0.8f,        16.0f / 15.5f, 16.0f / 11.5f,
                                    16.0f / 7.5f, 16.0f / 3.5f,  16.0f / 0.5f};
            const std::array<float, 4> eighth = {32 / 255.0f, 32 / 255.0f, 32 / 255.0f,
                                                 32 / 255.0f};
            for (int i = 0; i < 8; ++i)
                for (int j = 0; j < 5; ++j)
                    for (auto [a, b] : {std::pair{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}}) {
                        const float w = depth[j + b];
                        const float x = (4.0f * static_cast<float>(i + a) + 0.5f) / 16.0f - 1.0f;
                        h.vertex(vertex(x, side / w, -(w - 0.1f) / w, w, eighth));
                    }
            h.draw();
        };
    };
    for (std::uint32_t scale : {1u, 3u, 8u}) {
        CAPTURE(scale);
        for (const float side : {-1.0f, 1.0f}) {
            CAPTURE(side);
            const Compared t = compare(scale, ties(side), 0);
            std::size_t tie_seen = 0, tie_twice = 0;
            for (std::size_t i = 0; i < t.compute.rgba.size(); i += 4) {
                tie_seen += t.compute.rgba[i] == 32;
                tie_twice += t.compute.rgba[i] > 32;
            }
            MESSAGE("scale " << scale << std::string(side < 0 ? ", ground" : ", ceiling")
                             << ", edges on pixel centres: " << tie_seen << " pixels show the "
                             << "plane, " << tie_twice << " twice; " << t.unequal << " differ");
            CHECK(tie_twice == 0);
            CHECK(t.differing <= 4);
        }
        const Compared c = compare(scale, ground, 0);
        std::size_t seen = 0, twice = 0;
        for (std::size_t i = 0; i < c.compute.rgba.size(); i += 4) {
            seen += c.compute.rgba[i] == 32;
            twice += c.compute.rgba[i] > 32;
        }
        MESSAGE("scale " << scale << ": " << seen << " pixels of 1024 show the plane, " << twice
                         << " twice; " << c.unequal << " differ from the graphics pipeline's");
        CHECK(twice == 0);
        CHECK(seen > 256);
        CHECK(c.differing <= 4);
        CHECK(c.compute.counters.compute_raster_draws == 1);
        CHECK(c.compute.counters.compute_raster_cut == 0);
        // The row reaching behind the eye marks only the bins where its part in front of the
        // near plane lies (the lower half, below the horizon), not every bin: the same picture
        // from fewer (triangle, bin) pairs.
        const char* uncut_disable = compute_disable;
        compute_disable = "raster-cpu-clip,raster-kept-bounds";
        const Drawn every_bin = draw(true, scale, ground);
        compute_disable = uncut_disable;
        MESSAGE("scale " << scale << ": " << c.compute.counters.compute_raster_bin_marks
                         << " bin marks, " << every_bin.counters.compute_raster_bin_marks
                         << " with every bin marked behind the eye");
        CHECK(every_bin.rgba == c.compute.rgba);
        CHECK(c.compute.counters.compute_raster_bin_marks > 0);
        CHECK(c.compute.counters.compute_raster_bin_marks <
              every_bin.counters.compute_raster_bin_marks);
        // Within those bins, a tile leaves out such a triangle where its edges do: with the
        // set-up probe a pixel shows the triangles its tile took (the rounds' marks), so fewer
        // pixels show any than where every tile takes it (raster-clipped-tiles).
        const auto marked_pixels = [&](const char* disable) {
            const ScopedEnv probe("PICAVK_RASTER_PROBE", "setup");
            compute_disable = disable;
            const Drawn d = draw(true, scale, ground);
            compute_disable = uncut_disable;
            std::size_t n = 0;
            for (std::size_t i = 0; i < d.rgba.size(); i += 4)
                n += (d.rgba[i] | d.rgba[i + 1] | d.rgba[i + 2] | d.rgba[i + 3]) != 0;
            return n;
        };
        const std::size_t tested = marked_pixels(uncut_disable),
                          untested = marked_pixels("raster-cpu-clip,raster-clipped-tiles");
        MESSAGE("scale " << scale << ": " << tested << " pixels' tiles took a triangle, "
                         << untested << " with every tile of its bins taking it");
        // (At scale 1 the target's four tiles each take some triangle either way.)
        CHECK(tested <= untested);
        if (scale > 1) CHECK(tested < untested);
        // Each tile reads the binning pass's homogeneous set-up of such a triangle (its record),
        // where it made it again from the vertices before (raster-clipped-records): the same
        // picture either way.
        compute_disable = "raster-cpu-clip,raster-clipped-records";
        const Drawn from_vertices = draw(true, scale, ground);
        compute_disable = uncut_disable;
        CHECK(from_vertices.rgba == c.compute.rgba);
        // Culled, the plane draws nothing and marks no bin: the binning pass sets up every
        // triangle, those behind the eye too, before it marks any bin for it. (Without the
        // records those behind the eye still marked theirs.) The other winding draws it all.
        std::size_t culled_marks = 0, drawn = 0;
        for (std::uint32_t cull : {1u, 2u}) {
            CAPTURE(cull);
            const Scene culled = [&](RenderHarness& h) {
                h.b().write(GPUREG_FACECULLING_CONFIG, cull);
                ground(h);
            };
            const Compared k = compare(scale, culled, 0);
            CHECK(k.differing <= 4);
            if (k.compute.rgba == c.compute.rgba) {
                ++drawn;
                continue;
            }
            CHECK(std::all_of(k.compute.rgba.begin(), k.compute.rgba.end(),
                              [](std::uint8_t v) { return v == 0; }));
            culled_marks = k.compute.counters.compute_raster_bin_marks;
            compute_disable = "raster-cpu-clip,raster-clipped-records";
            const Drawn unrecorded = draw(true, scale, culled);
            compute_disable = uncut_disable;
            MESSAGE("scale " << scale << ": culled, " << culled_marks << " bin marks, "
                             << unrecorded.counters.compute_raster_bin_marks
                             << " without the records");
            CHECK(unrecorded.rgba == k.compute.rgba);
            CHECK(culled_marks == 0);
            CHECK(unrecorded.counters.compute_raster_bin_marks > 0);
        }
        CHECK(drawn == 1);
    }
}
