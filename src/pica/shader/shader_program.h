#pragma once

// A PICA shader program (code words + operand descriptors) decoded once into a form the
// interpreter can run without re-extracting bit fields per vertex. Encodings: 3dbrew "GPU/Shader
// Instruction Set" (docs/research/shader_isa.md section 1-2).

#include <array>
#include <cstdint>
#include <vector>

namespace picavk::pica {

struct ShaderSetup;

enum class ShaderOp : std::uint8_t {
    Add,
    Dp3,
    Dp4,
    Dph,
    Dst,
    Ex2,
    Lg2,
    Litp,
    Mul,
    Sge,
    Slt,
    Flr,
    Max,
    Min,
    Rcp,
    Rsq,
    Mova,
    Mov,
    Break,
    Nop,
    End,
    BreakC,
    Call,
    CallC,
    CallU,
    IfU,
    IfC,
    Loop,
    Emit,
    SetEmit,
    JmpC,
    JmpU,
    Cmp,
    Mad,
    Unknown,
};

// Whether the instruction writes its destination register (o or r) through its mask: the
// arithmetic that has a result, not MOVA, CMP, flow control or NOP.
bool writes_destination(ShaderOp op);

// Register numbering shared by the decoder and the interpreter's register file:
// 0-15 v (inputs), 16-31 r (temporaries), 32-127 c (float uniforms), 128 = (1,1,1,1), the value
// of a relatively addressed uniform read outside c0-c95.
inline constexpr std::uint8_t kRegTemp = 16;
inline constexpr std::uint8_t kRegUniform = 32;
inline constexpr std::uint8_t kRegOnes = 128;
inline constexpr std::uint32_t kRegFileSize = 129;

struct ShaderInstruction {
    ShaderOp op = ShaderOp::Nop;
    // Arithmetic
    std::uint8_t dst = 0;        // 0-15 o, 16-31 r
    std::uint8_t mask = 0;       // bit 0 = x ... bit 3 = w (reordered from the descriptor)
    std::uint8_t rel_src = 0xFF; // which source (0-2) has the 7-bit field and so IDX applies to it
    std::uint8_t idx = 0;        // 0 none, 1 a0.x, 2 a0.y, 3 aL
    std::array<std::uint8_t, 3> src{};
    std::array<std::array<std::uint8_t, 4>, 3> swizzle{};
    std::uint8_t negate = 0; // bit n: negate source n
    // Flow control and comparisons
    std::uint8_t cmp_op[2] = {0, 0};
    std::uint8_t condop = 0, refx = 0, refy = 0;
    std::uint8_t id = 0; // bool or int uniform id
    std::uint16_t target = 0, num = 0;
    // SETEMIT
    std::uint8_t vertex_id = 0;
    bool prim_emit = false, winding = false;
};

struct ShaderProgram {
    std::vector<ShaderInstruction> code; // one per code word (4096)
    std::uint64_t version = ~0ull;       // ShaderSetup::program_version it was decoded from
    std::uint64_t hash = 0;              // hash_shader_code of the setup it was decoded from
};

// XXH3 of a unit's code words and operand descriptors: names a program in the keys of the GPU
// vertex path (shadergen::VertexProgramKey::program).
std::uint64_t hash_shader_code(const ShaderSetup& setup);

// Decodes every code word of `setup`. Unknown opcodes decode to ShaderOp::Unknown.
void decode_shader_program(const ShaderSetup& setup, ShaderProgram& out);
ShaderInstruction decode_instruction(std::uint32_t word, const std::uint32_t* opdescs);

} // namespace picavk::pica
