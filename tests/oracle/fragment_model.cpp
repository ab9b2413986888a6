#include "fragment_model.h"
#include "gas_model.h"

#include "pica/regs/reg_ids.h"

#include <algorithm>
#include <cmath>

namespace picavk::test::oracle {

using namespace pica;

namespace {

constexpr std::uint32_t kStages[6] = {GPUREG_TEXENV0_SOURCE, GPUREG_TEXENV1_SOURCE,
                                      GPUREG_TEXENV2_SOURCE, GPUREG_TEXENV3_SOURCE,
                                      GPUREG_TEXENV4_SOURCE, GPUREG_TEXENV5_SOURCE};

Color unpack(std::uint32_t v) {
    return {int(v & 0xFF), int(v >> 8 & 0xFF), int(v >> 16 & 0xFF), int(v >> 24 & 0xFF)};
}

// One 8-bit value: channel c of the source colour, or its complement.
int pick(const Color& s, int channel, bool invert) {
    return invert ? 255 - s[static_cast<unsigned>(channel)] : s[static_cast<unsigned>(channel)];
}

// RGB operand (spec 002): 0 rgb, 1 1-rgb, 2 aaa, 3 1-aaa, 4 rrr, 5 1-rrr, 8 ggg, 9 1-ggg,
// 12 bbb, 13 1-bbb; undocumented values read rgb (as the generator does).
std::array<int, 3> rgb_operand(const Color& s, unsigned op) {
    switch (op) {
    case 1:
        return {255 - s[0], 255 - s[1], 255 - s[2]};
    case 2:
    case 3: {
        const int v = pick(s, 3, op & 1);
        return {v, v, v};
    }
    case 4:
    case 5: {
        const int v = pick(s, 0, op & 1);
        return {v, v, v};
    }
    case 8:
    case 9: {
        const int v = pick(s, 1, op & 1);
        return {v, v, v};
    }
    case 12:
    case 13: {
        const int v = pick(s, 2, op & 1);
        return {v, v, v};
    }
    default:
        return {s[0], s[1], s[2]};
    }
}

// Alpha operand: 0 a, 1 1-a, 2 r, 3 1-r, 4 g, 5 1-g, 6 b, 7 1-b.
int alpha_operand(const Color& s, unsigned op) {
    static constexpr int kChannel[4] = {3, 0, 1, 2};
    return pick(s, kChannel[(op & 7) >> 1], op & 1);
}

int combine(unsigned mode, int a, int b, int c) {
    switch (mode) {
    case 0:
        return a;
    case 1:
        return a * b / 255;
    case 2:
        return std::min(a + b, 255);
    case 3:
        return std::clamp(a + b - 128, 0, 255);
    case 4:
        return (a * c + b * (255 - c)) / 255;
    case 5:
        return std::max(a - b, 0);
    case 8:
        return std::min((a * b + c * 255) / 255, 255);
    case 9:
        return std::min(a + b, 255) * c / 255;
    default:
        return a; // 6/7 handled by the caller for RGB; as alpha modes and 10-15: replace
    }
}

bool compare(unsigned func, int a, int ref) {
    switch (func) {
    case 0:
        return false;
    case 1:
        return true;
    case 2:
        return a == ref;
    case 3:
        return a != ref;
    case 4:
        return a < ref;
    case 5:
        return a <= ref;
    case 6:
        return a > ref;
    default:
        return a >= ref;
    }
}

} // namespace

int dot3(const Color& a, const Color& b) {
    // Hardware model (docs/research/fragment_pipeline.md 1): a channel is positive from 128;
    // its magnitude in 1/255 steps is 2x - 255 (positive) or 254 - 2x (negative). Each term is
    // the rounded product of magnitudes; differing signs give the ones' complement (-m - 1).
    int sum = 0;
    for (unsigned i = 0; i < 3; ++i) {
        const bool pa = a[i] >= 128, pb = b[i] >= 128;
        const int ma = pa ? 2 * a[i] - 255 : 254 - 2 * a[i];
        const int mb = pb ? 2 * b[i] - 255 : 254 - 2 * b[i];
        const int m = (ma * mb + 127) / 255;
        sum += pa == pb ? m : -m - 1;
    }
    return std::clamp(sum, 0, 255);
}

Color lighting_to_8bit(const std::array<float, 4>& c) {
    Color out{};
    for (unsigned k = 0; k < 4; ++k)
        out[k] = static_cast<int>(std::lround(std::clamp(c[k], 0.0f, 1.0f) * 255.0f));
    return out;
}

FragmentResult shade(const Regs& regs, const LutState& luts, const FragmentInputs& in) {
    const std::uint32_t texunit = regs[GPUREG_TEXUNIT_CONFIG];
    Color tex[3];
    for (unsigned i = 0; i < 3; ++i)
        tex[i] = (texunit >> i) & 1 ? in.textures[i] : Color{};
    // Texture 3, the procedural texture unit (proctex_model.h), on the texcoord it selects.
    const std::array<float, 2>& ptc = in.texcoords[proctex_coordinate_source(regs)];
    const Color tex3 = proctex_color(regs, luts, ProcTexInputs{ptc[0], ptc[1], in.proctex_rho});
    Color frag_primary{}, frag_secondary{};
    if (lighting_enabled(regs)) {
        LightingInputs li;
        li.normquat = in.normquat;
        li.view = in.view;
        for (unsigned i = 0; i < 3; ++i)
            li.textures[i] = tex[i];
        li.textures[3] = tex3;
        const LightingResult lit = light_fragment(regs, luts, li);
        frag_primary = lighting_to_8bit(lit.primary);
        frag_secondary = lighting_to_8bit(lit.secondary);
    }

    Color previous{}, buffer{};
    Color next = unpack(regs[GPUREG_TEXENV_BUFFER_COLOR]);
    const std::uint32_t update = regs[GPUREG_TEXENV_UPDATE_BUFFER];
    for (unsigned stage = 0; stage < 6; ++stage) {
        const std::uint32_t base = kStages[stage];
        const std::uint32_t src = regs[base], ops = regs[base + 1], comb = regs[base + 2];
        const Color konst = unpack(regs[base + 3]);
        const std::uint32_t scale = regs[base + 4];
        auto source = [&](unsigned id, unsigned field_shift) -> Color {
            if (stage == 0 && id == 0xF) {
                // Stage 0: Previous reads the stage's third source; Previous there reads 0.
                const unsigned third = (src >> (field_shift + 8)) & 0xF;
                if (third == 0xF) return Color{};
                id = third;
            }
            switch (id) {
            case 0x0:
                return in.primary;
            case 0x1:
                return frag_primary;
            case 0x2:
                return frag_secondary;
            case 0x3:
                return tex[0];
            case 0x4:
                return tex[1];
            case 0x5:
                return tex[2];
            case 0x6:
                return tex3;
            case 0xD:
                return buffer;
            case 0xE:
                return konst;
            case 0xF:
                return previous;
            default:
                return Color{}; // proctex (6), undocumented
            }
        };
        std::array<int, 3> rgb_args[3];
        int alpha_args[3];
        for (unsigned a = 0; a < 3; ++a) {
            rgb_args[a] = rgb_operand(source((src >> (4 * a)) & 0xF, 0), (ops >> (4 * a)) & 0xF);
            alpha_args[a] =
                alpha_operand(source((src >> (16 + 4 * a)) & 0xF, 16), (ops >> (12 + 4 * a)) & 0xF);
        }
        const unsigned rgb_mode = comb & 0xF, alpha_mode = (comb >> 16) & 0xF;
        Color out{};
        if (rgb_mode == 6 || rgb_mode == 7) {
            const int d = dot3({rgb_args[0][0], rgb_args[0][1], rgb_args[0][2], 0},
                               {rgb_args[1][0], rgb_args[1][1], rgb_args[1][2], 0});
            out = {d, d, d, 0};
        } else {
            for (unsigned c = 0; c < 3; ++c)
                out[c] = combine(rgb_mode, rgb_args[0][c], rgb_args[1][c], rgb_args[2][c]);
        }
        // Dot3 RGBA writes its result to alpha as well; the alpha combiner is not used.
        out[3] = rgb_mode == 7 ? out[0]
                               : combine(alpha_mode, alpha_args[0], alpha_args[1], alpha_args[2]);
        static constexpr int kScale[4] = {1, 2, 4, 1};
        for (unsigned c = 0; c < 3; ++c)
            out[c] = std::min(out[c] * kScale[scale & 3], 255);
        out[3] = std::min(out[3] * kScale[(scale >> 16) & 3], 255);
        previous = out;
        // The combiner buffer lags a stage: stage i reads what stage i-2 wrote.
        buffer = next;
        if (stage < 4) {
            if ((update >> (8 + stage)) & 1) next = {out[0], out[1], out[2], next[3]};
            if ((update >> (12 + stage)) & 1) next[3] = out[3];
        }
    }

    FragmentResult r;
    const std::uint32_t alpha_test = regs[GPUREG_FRAGOP_ALPHA_TEST];
    if ((alpha_test & 1) &&
        !compare(alpha_test >> 4 & 7, previous[3], int(alpha_test >> 8 & 0xFF))) {
        r.discarded = true;
        return r;
    }
    if ((update & 7) == 5) {
        // Fog: LUT over depth (1 - depth with Z flip), value + difference * fraction, RGB only.
        const float d = std::clamp(in.depth, 0.0f, 1.0f);
        const float index = ((update >> 16) & 1 ? 1.0f - d : d) * 128.0f;
        const float i = std::clamp(std::floor(index), 0.0f, 127.0f);
        const std::uint32_t e = luts.fog[static_cast<unsigned>(i)];
        const float value = static_cast<float>(e >> 13 & 0x7FF) / 2048.0f;
        const auto diff13 = static_cast<std::int32_t>(e << 19) >> 19;
        const float factor =
            std::clamp(value + static_cast<float>(diff13) / 2048.0f * (index - i), 0.0f, 1.0f);
        const Color fog = unpack(regs[GPUREG_FOG_COLOR]);
        for (unsigned c = 0; c < 3; ++c) {
            const float v = factor * static_cast<float>(previous[c]) +
                            (1.0f - factor) * static_cast<float>(fog[c]);
            previous[c] = static_cast<int>(std::lround(v));
        }
    }
    // Gas shading in the fog slot (fog mode 7 outside the accumulation pass; gas_model.h).
    if (gas_shading_applies(regs)) {
        GasLut lut{};
        std::copy(luts.gas.begin(), luts.gas.end(), lut.begin());
        previous = gas_shade(regs, lut, previous);
    }
    r.color = previous;
    return r;
}

} // namespace picavk::test::oracle
