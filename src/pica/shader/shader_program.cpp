#include "pica/shader/shader_program.h"

#include "pica/shader/shader_setup.h"

#include <xxhash.h>

namespace picavk::pica {

namespace {

constexpr std::uint32_t bits(std::uint32_t v, unsigned lo, unsigned n) {
    return (v >> lo) & ((1u << n) - 1);
}

// 7-bit source field: 0x00-0x0F v, 0x10-0x1F r, 0x20-0x7F c0-c95 - the register file numbering.
// 5-bit fields reach only v and r, with the same numbers.
constexpr std::uint8_t source(std::uint32_t field) {
    return static_cast<std::uint8_t>(field);
}

void set_descriptor(ShaderInstruction& in, std::uint32_t desc, unsigned sources) {
    // Mask bit 3 = x, bit 0 = w; stored here with bit 0 = x.
    in.mask = static_cast<std::uint8_t>(((desc >> 3) & 1) | ((desc >> 1) & 2) | ((desc << 1) & 4) |
                                        ((desc << 3) & 8));
    // Negate bits 4, 13, 22; selectors at 5, 14, 23 with component 0 in the top two bits.
    constexpr unsigned kNegate[3] = {4, 13, 22}, kSelector[3] = {5, 14, 23};
    for (unsigned s = 0; s < sources; ++s) {
        if ((desc >> kNegate[s]) & 1) in.negate |= static_cast<std::uint8_t>(1u << s);
        const std::uint32_t sel = bits(desc, kSelector[s], 8);
        for (unsigned c = 0; c < 4; ++c)
            in.swizzle[s][c] = static_cast<std::uint8_t>((sel >> (6 - 2 * c)) & 3);
    }
}

} // namespace

ShaderInstruction decode_instruction(std::uint32_t w, const std::uint32_t* opdescs) {
    ShaderInstruction in;
    const std::uint32_t op6 = w >> 26;
    // MAD/MADI own the top three bits, CMP the top five (their fields overlap the 6-bit opcode
    // window); check them before the full opcode (shader_isa.md 1.1).
    if ((w >> 29) == 7 || (w >> 29) == 6) {
        const bool inverted = (w >> 29) == 6; // MADI: the 7-bit field is SRC3
        in.op = ShaderOp::Mad;
        in.dst = static_cast<std::uint8_t>(bits(w, 24, 5));
        in.idx = static_cast<std::uint8_t>(bits(w, 22, 2));
        in.src[0] = source(bits(w, 17, 5));
        if (inverted) {
            in.src[1] = source(bits(w, 12, 5));
            in.src[2] = source(bits(w, 5, 7));
            in.rel_src = 2;
        } else {
            in.src[1] = source(bits(w, 10, 7));
            in.src[2] = source(bits(w, 5, 5));
            in.rel_src = 1;
        }
        set_descriptor(in, opdescs[bits(w, 0, 5)], 3);
        return in;
    }
    if ((w >> 27) == 0x17) {
        in.op = ShaderOp::Cmp;
        in.cmp_op[0] = static_cast<std::uint8_t>(bits(w, 24, 3));
        in.cmp_op[1] = static_cast<std::uint8_t>(bits(w, 21, 3));
        in.idx = static_cast<std::uint8_t>(bits(w, 19, 2));
        in.src[0] = source(bits(w, 12, 7));
        in.src[1] = source(bits(w, 7, 5));
        in.rel_src = 0;
        set_descriptor(in, opdescs[bits(w, 0, 7)], 2);
        return in;
    }
    // Format 1 (SRC1 7-bit) or 1i (SRC2 7-bit).
    const auto arith = [&](ShaderOp op, bool inverted) {
        in.op = op;
        in.dst = static_cast<std::uint8_t>(bits(w, 21, 5));
        in.idx = static_cast<std::uint8_t>(bits(w, 19, 2));
        if (inverted) {
            in.src[0] = source(bits(w, 14, 5));
            in.src[1] = source(bits(w, 7, 7));
            in.rel_src = 1;
        } else {
            in.src[0] = source(bits(w, 12, 7));
            in.src[1] = source(bits(w, 7, 5));
            in.rel_src = 0;
        }
        set_descriptor(in, opdescs[bits(w, 0, 7)], 2);
    };
    const auto flow = [&](ShaderOp op) {
        in.op = op;
        in.refx = static_cast<std::uint8_t>(bits(w, 25, 1));
        in.refy = static_cast<std::uint8_t>(bits(w, 24, 1));
        in.condop = static_cast<std::uint8_t>(bits(w, 22, 2));
        in.id = static_cast<std::uint8_t>(bits(w, 22, 4));
        in.target = static_cast<std::uint16_t>(bits(w, 10, 12));
        in.num = static_cast<std::uint16_t>(bits(w, 0, 8));
    };
    switch (op6) {
    case 0x00:
        arith(ShaderOp::Add, false);
        break;
    case 0x01:
        arith(ShaderOp::Dp3, false);
        break;
    case 0x02:
        arith(ShaderOp::Dp4, false);
        break;
    case 0x03:
        arith(ShaderOp::Dph, false);
        break;
    case 0x04:
        arith(ShaderOp::Dst, false);
        break;
    case 0x05:
        arith(ShaderOp::Ex2, false);
        break;
    case 0x06:
        arith(ShaderOp::Lg2, false);
        break;
    case 0x07:
        arith(ShaderOp::Litp, false);
        break;
    case 0x08:
        arith(ShaderOp::Mul, false);
        break;
    case 0x09:
        arith(ShaderOp::Sge, false);
        break;
    case 0x0A:
        arith(ShaderOp::Slt, false);
        break;
    case 0x0B:
        arith(ShaderOp::Flr, false);
        break;
    case 0x0C:
        arith(ShaderOp::Max, false);
        break;
    case 0x0D:
        arith(ShaderOp::Min, false);
        break;
    case 0x0E:
        arith(ShaderOp::Rcp, false);
        break;
    case 0x0F:
        arith(ShaderOp::Rsq, false);
        break;
    case 0x12:
        arith(ShaderOp::Mova, false);
        break;
    case 0x13:
        arith(ShaderOp::Mov, false);
        break;
    case 0x18:
        arith(ShaderOp::Dph, true);
        break;
    case 0x19:
        arith(ShaderOp::Dst, true);
        break;
    case 0x1A:
        arith(ShaderOp::Sge, true);
        break;
    case 0x1B:
        arith(ShaderOp::Slt, true);
        break;
    case 0x20:
        in.op = ShaderOp::Break;
        break;
    case 0x21:
        in.op = ShaderOp::Nop;
        break;
    case 0x22:
        in.op = ShaderOp::End;
        break;
    case 0x23:
        flow(ShaderOp::BreakC);
        break;
    case 0x24:
        flow(ShaderOp::Call);
        break;
    case 0x25:
        flow(ShaderOp::CallC);
        break;
    case 0x26:
        flow(ShaderOp::CallU);
        break;
    case 0x27:
        flow(ShaderOp::IfU);
        break;
    case 0x28:
        flow(ShaderOp::IfC);
        break;
    case 0x29:
        flow(ShaderOp::Loop);
        // i0-i3 only: bits 23-22 (3dbrew's 4-bit field, but only four int uniforms exist).
        in.id = static_cast<std::uint8_t>(bits(w, 22, 2));
        break;
    case 0x2A:
        in.op = ShaderOp::Emit;
        break;
    case 0x2B:
        in.op = ShaderOp::SetEmit;
        in.vertex_id = static_cast<std::uint8_t>(bits(w, 24, 2));
        in.prim_emit = bits(w, 23, 1);
        in.winding = bits(w, 22, 1);
        break;
    case 0x2C:
        flow(ShaderOp::JmpC);
        break;
    case 0x2D:
        flow(ShaderOp::JmpU);
        break;
    default:
        in.op = ShaderOp::Unknown;
        break;
    }
    return in;
}

void decode_shader_program(const ShaderSetup& setup, ShaderProgram& out) {
    out.code.resize(ShaderSetup::kCodeWords);
    for (std::uint32_t i = 0; i < ShaderSetup::kCodeWords; ++i)
        out.code[i] = decode_instruction(setup.code[i], setup.opdescs.data());
    out.version = setup.program_version;
    out.hash = hash_shader_code(setup);
}

std::uint64_t hash_shader_code(const ShaderSetup& setup) {
    const std::uint64_t code = XXH3_64bits(setup.code.data(), sizeof setup.code);
    return XXH3_64bits_withSeed(setup.opdescs.data(), sizeof setup.opdescs, code);
}

bool writes_destination(ShaderOp op) {
    switch (op) {
    case ShaderOp::Add:
    case ShaderOp::Dp3:
    case ShaderOp::Dp4:
    case ShaderOp::Dph:
    case ShaderOp::Dst:
    case ShaderOp::Ex2:
    case ShaderOp::Lg2:
    case ShaderOp::Litp:
    case ShaderOp::Mul:
    case ShaderOp::Sge:
    case ShaderOp::Slt:
    case ShaderOp::Flr:
    case ShaderOp::Max:
    case ShaderOp::Min:
    case ShaderOp::Rcp:
    case ShaderOp::Rsq:
    case ShaderOp::Mov:
    case ShaderOp::Mad:
        return true;
    default:
        return false;
    }
}

} // namespace picavk::pica
