#include "pica/texture/etc1.h"

namespace picavk::pica {

namespace {

// Intensity modifiers per table codeword: (small, large); the pixel's sign bit negates them.
// Khronos Data Format Specification, ETC1 "intensity modifier sets".
constexpr int kModifiers[8][2] = {{2, 8},   {5, 17},  {9, 29},   {13, 42},
                                  {18, 60}, {24, 80}, {33, 106}, {47, 183}};

constexpr std::uint8_t clamp_u8(int v) {
    return static_cast<std::uint8_t>(v < 0 ? 0 : (v > 255 ? 255 : v));
}

struct Base {
    int r, g, b;
};

} // namespace

void decode_etc1_block(std::uint64_t w, std::uint64_t alpha, Rgba8 out[16]) {
    const auto field = [w](unsigned shift, unsigned bits) {
        return static_cast<std::uint32_t>(w >> shift) & ((1u << bits) - 1);
    };
    Base base[2];
    if (field(33, 1)) {
        // Differential mode: 5-bit base plus a 3-bit signed delta for the second subblock. A sum
        // outside 0-31 is not a valid block; the 5-bit wrap matches the reference decoder.
        const auto sext3 = [](std::uint32_t v) { return static_cast<int>(v ^ 4u) - 4; };
        const std::uint32_t r = field(59, 5), g = field(51, 5), b = field(43, 5);
        base[0] = {expand5(r), expand5(g), expand5(b)};
        base[1] = {expand5((r + static_cast<std::uint32_t>(sext3(field(56, 3)))) & 31),
                   expand5((g + static_cast<std::uint32_t>(sext3(field(48, 3)))) & 31),
                   expand5((b + static_cast<std::uint32_t>(sext3(field(40, 3)))) & 31)};
    } else {
        base[0] = {expand4(field(60, 4)), expand4(field(52, 4)), expand4(field(44, 4))};
        base[1] = {expand4(field(56, 4)), expand4(field(48, 4)), expand4(field(40, 4))};
    }
    // The eight colours a block can produce (two subblocks x four modifiers), clamped once.
    Rgba8 palette[2][4];
    for (std::uint32_t sub = 0; sub < 2; ++sub) {
        const int* table = kModifiers[field(sub ? 34 : 37, 3)];
        for (std::uint32_t idx = 0; idx < 4; ++idx) {
            const int m = (idx & 2) ? -table[idx & 1] : table[idx & 1];
            const Base& c = base[sub];
            palette[sub][idx] = {clamp_u8(c.r + m), clamp_u8(c.g + m), clamp_u8(c.b + m), 0};
        }
    }
    const bool flip = field(32, 1);
    for (std::uint32_t x = 0; x < 4; ++x) {
        for (std::uint32_t y = 0; y < 4; ++y) {
            const std::uint32_t p = 4 * x + y;
            const std::uint32_t sub = flip ? (y >> 1) : (x >> 1);
            // Modifier index: bit p selects small/large, bit 16 + p negates.
            const std::uint32_t idx = static_cast<std::uint32_t>((w >> p) & 1) |
                                      static_cast<std::uint32_t>((w >> (16 + p)) & 1) << 1;
            Rgba8 c = palette[sub][idx];
            c.a = expand4(static_cast<std::uint32_t>(alpha >> (4 * p)) & 15);
            out[y * 4 + x] = c;
        }
    }
}

} // namespace picavk::pica
