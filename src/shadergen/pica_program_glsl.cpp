#include "shadergen/pica_program_glsl.h"

#include "pica/shader/shader_interpreter.h"

#include <algorithm>
#include <array>
#include <set>
#include <vector>

namespace picavk::shadergen {

namespace {

using pica::ShaderInstruction;
using pica::ShaderOp;

constexpr std::uint32_t kEnd = 4096; // the PC past code memory (RanOffEnd)

// Helpers every translation starts with. Constants are written as bit patterns (macros: GLSL
// does not fold uintBitsToFloat into a const) so no decimal rounding is involved: 2^-62 (smallest
// float24 normal), 2^62, 2^64 (float24 overflow), +inf, a quiet NaN.
constexpr const char* kHelpers = R"(#define PICA_MIN uintBitsToFloat(0x20800000u)
#define PICA_2P62 uintBitsToFloat(0x5E800000u)
#define PICA_MAX uintBitsToFloat(0x5F800000u)
#define PICA_INF uintBitsToFloat(0x7F800000u)
#define PICA_NAN uintBitsToFloat(0x7FC00000u)
vec4 pica_r[16];
ivec2 pica_a0 = ivec2(0);
int pica_al = 0;
bvec2 pica_cmp = bvec2(false);
uint pica_fault = 0u;
uint pica_steps = 0u;
// NaN and inf tests on the bits: never folded away by an optimiser that assumes finite math.
bool pica_isnan(float x) {
    return (floatBitsToUint(x) & 0x7FFFFFFFu) > 0x7F800000u;
}
bool pica_isinf(float x) {
    return (floatBitsToUint(x) & 0x7FFFFFFFu) == 0x7F800000u;
}
// Comparisons with a NaN are false (== too; != true), decided on the bits rather than left to
// how the host orders them.
bool pica_lt(float a, float b) { return !pica_isnan(a) && !pica_isnan(b) && a < b; }
bool pica_le(float a, float b) { return !pica_isnan(a) && !pica_isnan(b) && a <= b; }
bool pica_gt(float a, float b) { return !pica_isnan(a) && !pica_isnan(b) && a > b; }
bool pica_ge(float a, float b) { return !pica_isnan(a) && !pica_isnan(b) && a >= b; }
bool pica_eq(float a, float b) { return !pica_isnan(a) && !pica_isnan(b) && a == b; }
bool pica_ne(float a, float b) { return !pica_eq(a, b); }
// float24's range: subnormals (and -0) flush to +0, 2^64 and above become infinities. On the
// magnitude's bits, as unsigned ranges: (NaNs lie above infinity's bits and pass.)
float pica_f24(float x) {
    uint u = floatBitsToUint(x) & 0x7FFFFFFFu;
    if (u < 0x20800000u) return 0.0;
    if (u - 0x5F800000u <= 0x20000000u)
        return uintBitsToFloat((floatBitsToUint(x) & 0x80000000u) | 0x7F800000u);
    return x;
}
vec4 pica_f24(vec4 v) {
    return vec4(pica_f24(v.x), pica_f24(v.y), pica_f24(v.z), pica_f24(v.w));
}
// inf * 0 = 0, NaN * anything = NaN: a NaN product of two numbers can only be inf * 0 (the
// interpreter's mul24), so the product's bits say it rather than tests for infinities and zeros.
// The operands are tested too: a compiler that assumes no NaN folds x * 0 to 0 where it knows
// an operand is 0 (lavapipe does, without SignedZeroInfNanPreserve). The product `precise`
// (never fused into an add).
float pica_mul(float a, float b) {
    precise float r = a * b;
    return pica_isnan(a) ? a : pica_isnan(b) ? b : pica_isnan(r) ? 0.0 : r;
}
vec4 pica_mul(vec4 a, vec4 b) {
    return vec4(pica_mul(a.x, b.x), pica_mul(a.y, b.y), pica_mul(a.z, b.z), pica_mul(a.w, b.w));
}
// MAX and MIN: s1 > s2 ? s1 : s2 (a NaN on either side gives s2); SGE and SLT: 1.0 or 0.0.
vec4 pica_max(vec4 a, vec4 b) {
    return vec4(pica_gt(a.x, b.x) ? a.x : b.x, pica_gt(a.y, b.y) ? a.y : b.y,
                pica_gt(a.z, b.z) ? a.z : b.z, pica_gt(a.w, b.w) ? a.w : b.w);
}
vec4 pica_min(vec4 a, vec4 b) {
    return vec4(pica_lt(a.x, b.x) ? a.x : b.x, pica_lt(a.y, b.y) ? a.y : b.y,
                pica_lt(a.z, b.z) ? a.z : b.z, pica_lt(a.w, b.w) ? a.w : b.w);
}
vec4 pica_sge(vec4 a, vec4 b) {
    return vec4(pica_ge(a.x, b.x), pica_ge(a.y, b.y), pica_ge(a.z, b.z), pica_ge(a.w, b.w));
}
vec4 pica_slt(vec4 a, vec4 b) {
    return vec4(pica_lt(a.x, b.x), pica_lt(a.y, b.y), pica_lt(a.z, b.z), pica_lt(a.w, b.w));
}
float pica_dot(vec4 a, vec4 b, bool four) {
    precise float s = pica_mul(a.x, b.x) + pica_mul(a.y, b.y);
    s = s + pica_mul(a.z, b.z);
    if (four) s = s + pica_mul(a.w, b.w);
    return pica_f24(s);
}
void pica_set_fault(uint f) {
    if (pica_fault == 0u) pica_fault = f;
}
// MOVA: truncation toward zero; NaN gives 0, the int range saturates.
int pica_address(float x) {
    if (pica_isnan(x)) return 0;
    if (x >= 2147483648.0) return 0x7FFFFFFF;
    if (x <= -2147483648.0) return int(0x80000000u);
    return int(x);
}
// A relatively addressed uniform: offsets outside [-128, 127] count as 0, the index wraps at
// 128 and c96-c127 read (1, 1, 1, 1).
uint pica_crel_index(int base, int offset) {
    if (offset < -128 || offset > 127) offset = 0;
    return uint(base + offset) & 0x7Fu;
}
vec4 pica_crel(int base, int offset) {
    uint index = pica_crel_index(base, offset);
    return index > 95u ? vec4(1.0) : pica_c[index];
}
// The same from the uniforms flushed to float24 (pica_cf), for the operands that are flushed.
vec4 pica_crelf(int base, int offset) {
    uint index = pica_crel_index(base, offset);
    return index > 95u ? vec4(1.0) : pica_cf[index];
}
bool pica_bool(uint id) {
    return ((pica_bools >> id) & 1u) != 0u;
}
// The special values are decided here, the rest by the host's functions.
float pica_rcp(float x) {
    if (pica_isnan(x)) return x;
    if (x == 0.0) return PICA_INF;
    if (abs(x) > PICA_2P62) return 0.0;
    return pica_f24(1.0 / x);
}
float pica_rsq(float x) {
    if (pica_isnan(x) || x < 0.0) return PICA_NAN;
    if (x == 0.0) return PICA_INF;
    if (pica_isinf(x)) return 0.0;
    return pica_f24(1.0 / sqrt(x));
}
float pica_ex2(float x) {
    if (pica_isnan(x)) return x;
    if (x >= 64.0) return PICA_INF;
    if (x < -62.0) return 0.0;
    return pica_f24(exp2(x));
}
float pica_lg2(float x) {
    if (pica_isnan(x) || x < 0.0) return PICA_NAN;
    if (x == 0.0) return -PICA_INF;
    if (pica_isinf(x)) return PICA_INF;
    return pica_f24(log2(x));
}
)";

const char* const kComponents = "xyzw";

bool is_flow(ShaderOp op) {
    switch (op) {
    case ShaderOp::Break:
    case ShaderOp::BreakC:
    case ShaderOp::End:
    case ShaderOp::Call:
    case ShaderOp::CallC:
    case ShaderOp::CallU:
    case ShaderOp::IfU:
    case ShaderOp::IfC:
    case ShaderOp::JmpC:
    case ShaderOp::JmpU:
    case ShaderOp::Loop:
        return true;
    default:
        return false;
    }
}

// The control flow the program can take: every PC it can reach from the entry, the PCs after
// which a LOOP, IF or CALL scope can close, and the PCs a block must start at.
struct FlowGraph {
    std::set<std::uint32_t> reached, loop_ends, if_ends, call_ends, leaders;
    bool has_loops = false, has_ifs = false, has_calls = false;

    bool closes_after(std::uint32_t pc) const {
        const std::uint32_t after = pc + 1;
        return loop_ends.count(after) || if_ends.count(after) || call_ends.count(after);
    }

    FlowGraph(const pica::ShaderProgram& p, std::uint32_t entry) {
        std::vector<std::uint32_t> work{entry};
        auto add = [&](std::uint32_t pc) {
            if (pc < kEnd && !reached.count(pc)) work.push_back(pc);
        };
        leaders.insert(entry);
        while (!work.empty()) {
            const std::uint32_t pc = work.back();
            work.pop_back();
            if (!reached.insert(pc).second) continue;
            const ShaderInstruction& in = p.code[pc];
            const std::uint32_t target = in.target, num = in.num;
            switch (in.op) {
            case ShaderOp::End:
                break;
            case ShaderOp::Break:
            case ShaderOp::BreakC:
                if (in.op == ShaderOp::BreakC) add(pc + 1);
                break;
            case ShaderOp::Call:
            case ShaderOp::CallC:
            case ShaderOp::CallU:
                has_calls = true;
                call_ends.insert(target + num);
                leaders.insert(target);
                add(target);
                add(pc + 1); // the return, and the fall-through of a call not taken
                break;
            case ShaderOp::IfU:
            case ShaderOp::IfC:
                has_ifs = true;
                if_ends.insert(target);
                leaders.insert(target);
                leaders.insert(target + num);
                add(target);
                add(target + num);
                add(pc + 1);
                break;
            case ShaderOp::JmpC:
            case ShaderOp::JmpU:
                leaders.insert(target);
                add(target);
                add(pc + 1);
                break;
            case ShaderOp::Loop:
                has_loops = true;
                loop_ends.insert(target + 1);
                leaders.insert(target + 1);
                add(target + 1);
                add(pc + 1);
                break;
            default:
                add(pc + 1);
                break;
            }
            if (is_flow(in.op)) leaders.insert(pc + 1);
        }
        // A BREAK goes on at a loop's next PC, reached already from its LOOP.
        for (std::uint32_t pc : reached)
            if (closes_after(pc)) leaders.insert(pc + 1);
    }
};

class Translator {
  public:
    Translator(const pica::ShaderProgram& p, std::uint32_t entry, std::uint32_t budget)
        : p_(p), entry_(entry), budget_(budget), g_(p, entry) {
        find_clean_temporaries();
    }

    PicaProgramGlsl run() {
        PicaProgramGlsl out;
        out.instructions = static_cast<std::uint32_t>(g_.reached.size());
        std::string o = kHelpers;
        o += stacks();
        o += "void pica_main() {\n";
        // Blocks: from each reached leader to the first PC that ends one.
        std::vector<std::pair<std::uint32_t, std::uint32_t>> blocks;
        for (std::uint32_t start : g_.leaders) {
            if (start >= kEnd || !g_.reached.count(start)) continue;
            std::uint32_t end = start;
            while (!ends_block(end))
                ++end;
            blocks.emplace_back(start, end);
        }
        out.blocks = static_cast<std::uint32_t>(blocks.size());
        const bool straight = blocks.size() == 1 && blocks[0].first == entry_ &&
                              p_.code[blocks[0].second].op == ShaderOp::End;
        if (straight) {
            o += block_body(blocks[0].first, blocks[0].second, "    ");
        } else {
            o += "    uint pc = " + std::to_string(entry_) +
                 "u;\n    for (;;) {\n        switch (pc) {\n";
            for (const auto& [start, end] : blocks) {
                o += "        case " + std::to_string(start) + "u: {\n";
                o += block_body(start, end, "            ");
                o += "            break;\n        }\n";
            }
            o += "        default:\n            pica_set_fault(2u); // RanOffEnd\n"
                 "            return;\n        }\n    }\n";
        }
        o += "}\n";
        out.code = std::move(o);
        return out;
    }

  private:
    // Which temporaries' components hold float24-clean values (ShaderInterpreter::f24_clean:
    // NaN, +-0, +-inf or a magnitude in [2^-62, 2^64), values the flush changes at most in a
    // zero's sign), so that ADD, MUL, DP3/DP4/DPH and MAD read them unflushed (operand(): their
    // results are then the same, as the interpreter's threaded run finds too). clean_ holds at
    // every PC: a component is clean there when every write to it the program can make is - a
    // flushed result, SGE/SLT's 0 or 1, DST's, or MOV, MIN, MAX or LITP of clean source
    // components. Temporaries start at 0; inputs and uniforms are taken as unclean. A block
    // starts from clean_ and follows its own writes (block_body): after a flushed result the
    // component is clean until its next write, however the program writes it elsewhere.
    // On RADV's estimate for normal_mapping's pre-pass, the operands' flushes were a third of
    // the program's latency (docs/research/compute_raster.md).
    using Clean = std::array<std::array<bool, 4>, 16>; // r0-r15, x-w
    void find_clean_temporaries() {
        for (auto& r : clean_)
            r.fill(true);
        for (bool changed = true; changed;) {
            changed = false;
            for (std::uint32_t pc : g_.reached) {
                const ShaderInstruction& in = p_.code[pc];
                if (in.dst < pica::kRegTemp || !pica::writes_destination(in.op)) continue;
                for (unsigned c = 0; c < 4; ++c) {
                    bool& clean = clean_[in.dst - pica::kRegTemp][c];
                    if (((in.mask >> c) & 1) && clean && !result_clean(in, c, clean_)) {
                        clean = false;
                        changed = true;
                    }
                }
            }
        }
    }

    // Whether component c of the value `in` writes is clean, where the temporaries' are
    // `clean` (find_clean_temporaries).
    static bool result_clean(const ShaderInstruction& in, unsigned c, const Clean& clean) {
        switch (in.op) {
        case ShaderOp::Mov:
            return source_clean(in, 0, c, clean);
        case ShaderOp::Max:
        case ShaderOp::Min:
            return source_clean(in, 0, c, clean) && source_clean(in, 1, c, clean);
        case ShaderOp::Litp: // (s.x or 0, s.y clamped to +-127.99609375, 0, s.w or 0)
            return c == 2 || source_clean(in, 0, c, clean);
        default:
            return true; // flushed results, 0 or 1, DST's flushed operands and 1
        }
    }

    // Whether component c of source n (as swizzled) is a clean temporary.
    static bool source_clean(const ShaderInstruction& in, unsigned n, unsigned c,
                             const Clean& clean) {
        const std::uint32_t r = in.src[n];
        if (r < pica::kRegTemp || r >= pica::kRegUniform) return false; // an input or uniform
        return clean[r - pica::kRegTemp][in.swizzle[n][c] & 3];
    }

    // The components of source n an ADD, MUL, DP3/DP4/DPH or MAD reads.
    static unsigned components_read(const ShaderInstruction& in, unsigned n) {
        switch (in.op) {
        case ShaderOp::Dp3:
            return 0x7;
        case ShaderOp::Dp4:
            return 0xF;
        case ShaderOp::Dph:
            return n == 0 ? 0x7 : 0xF;
        default:
            return in.mask & 0xF; // component-wise: those it writes
        }
    }

    // The last PC of a block: flow control, a scope that can close after it, the end of code
    // memory, or the next PC starts another block.
    bool ends_block(std::uint32_t pc) const {
        return pc + 1 >= kEnd || is_flow(p_.code[pc].op) || g_.closes_after(pc) ||
               g_.leaders.count(pc + 1);
    }

    std::string stacks() const {
        std::string o;
        // Each stack overflows like a ring buffer: a push onto a full one drops the oldest.
        auto stack = [&](const char* name, unsigned depth, const char* fields, const char* params,
                         const char* stores) {
            const std::string n = name, d = std::to_string(depth);
            o += fields;
            o += "uint pica_n" + n + " = 0u;\n";
            o += "void pica_push_" + n + "(" + params + ") {\n";
            o += "    if (pica_n" + n + " == " + d + "u) {\n";
            o += "        for (uint k = 1u; k < " + d + "u; ++k) pica_" + n + "[k - 1u] = pica_" +
                 n + "[k];\n        pica_n" + n + " = " + std::to_string(depth - 1) + "u;\n    }\n";
            o += "    pica_" + n + "[pica_n" + n + "] = " + stores + ";\n";
            o += "    ++pica_n" + n + ";\n}\n";
        };
        if (g_.has_calls)
            stack("call", pica::ShaderInterpreter::kCallDepth,
                  "struct PicaCall { uint end; uint next; };\nPicaCall pica_call[4];\n",
                  "uint end, uint next", "PicaCall(end, next)");
        if (g_.has_ifs)
            stack("if", pica::ShaderInterpreter::kIfDepth,
                  "struct PicaIf { uint end; uint next; };\nPicaIf pica_if[8];\n",
                  "uint end, uint next", "PicaIf(end, next)");
        if (g_.has_loops)
            stack("loop", pica::ShaderInterpreter::kLoopDepth,
                  "struct PicaLoop { uint end; uint next; uint start; uint remain; int step; };\n"
                  "PicaLoop pica_loop[4];\n",
                  "uint end, uint next, uint start, uint remain, int step",
                  "PicaLoop(end, next, start, remain, step)");
        if (g_.loop_ends.empty() && g_.if_ends.empty() && g_.call_ends.empty()) return o;
        // After an instruction at which a scope can close: LOOP > IF > CALL > the instruction's
        // own jump > PC + 1; up to three CALL returns in one step take effect, a fourth is lost.
        o += "uint pica_close(uint after, int jump) {\n    int next = -1;\n";
        if (g_.has_loops)
            o += "    if (pica_nloop > 0u && pica_loop[pica_nloop - 1u].end == after) {\n"
                 "        uint t = pica_nloop - 1u;\n"
                 "        pica_al += pica_loop[t].step;\n"
                 "        if (pica_loop[t].remain > 0u) {\n"
                 "            --pica_loop[t].remain;\n"
                 "            next = int(pica_loop[t].start);\n"
                 "        } else {\n"
                 "            next = int(pica_loop[t].next);\n"
                 "            --pica_nloop;\n"
                 "        }\n    }\n";
        if (g_.has_ifs)
            o += "    if (pica_nif > 0u && pica_if[pica_nif - 1u].end == after) {\n"
                 "        if (next < 0) next = int(pica_if[pica_nif - 1u].next);\n"
                 "        --pica_nif;\n    }\n";
        if (g_.has_calls)
            o += "    int ret = -1;\n"
                 "    for (uint pops = 0u; pica_ncall > 0u && pica_call[pica_ncall - 1u].end == "
                 "after; ++pops) {\n"
                 "        if (pops < 3u) ret = int(pica_call[pica_ncall - 1u].next);\n"
                 "        --pica_ncall;\n    }\n"
                 "    if (next < 0) next = ret;\n";
        o += "    if (next < 0) next = jump;\n    return next < 0 ? after : uint(next);\n}\n";
        return o;
    }

    // Source n as swizzled and negated; `flushed_uniforms`: a uniform read from pica_cf, the
    // uniforms flushed to float24 on the host (for operands that would be flushed anyway).
    std::string source(const ShaderInstruction& in, unsigned n,
                       bool flushed_uniforms = false) const {
        std::uint32_t r = in.src[n];
        std::string reg;
        const char* const uniforms = flushed_uniforms ? "pica_cf[" : "pica_c[";
        if (n == in.rel_src && in.idx != 0 && r >= pica::kRegUniform) {
            static const char* const kOffsets[] = {"", "pica_a0.x", "pica_a0.y", "pica_al"};
            reg = std::string(flushed_uniforms ? "pica_crelf(" : "pica_crel(") +
                  std::to_string(r - pica::kRegUniform) + ", " + kOffsets[in.idx] + ")";
        } else if (r < pica::kRegTemp) {
            reg = "pica_v[" + std::to_string(r) + "]";
        } else if (r < pica::kRegUniform) {
            reg = "pica_r[" + std::to_string(r - pica::kRegTemp) + "]";
        } else {
            reg = uniforms + std::to_string(r - pica::kRegUniform) + "]";
        }
        std::string sw = ".";
        for (unsigned c = 0; c < 4; ++c)
            sw += kComponents[in.swizzle[n][c] & 3];
        std::string s = reg + (sw == ".xyzw" ? "" : sw);
        return ((in.negate >> n) & 1) ? "(-" + s + ")" : s;
    }

    static std::string write(const ShaderInstruction& in, const std::string& value) {
        if ((in.mask & 0xF) == 0) return "";
        const std::string dst = in.dst < 16 ? "pica_o[" + std::to_string(in.dst) + "]"
                                            : "pica_r[" + std::to_string(in.dst - 16) + "]";
        if ((in.mask & 0xF) == 0xF) return dst + " = " + value + ";";
        std::string sw;
        for (unsigned c = 0; c < 4; ++c)
            if ((in.mask >> c) & 1) sw += kComponents[c];
        return dst + "." + sw + " = (" + value + ")." + sw + ";";
    }

    static std::string condition(const ShaderInstruction& in) {
        const std::string x = std::string(in.refx ? "" : "!") + "pica_cmp.x";
        const std::string y = std::string(in.refy ? "" : "!") + "pica_cmp.y";
        switch (in.condop) {
        case 0:
            return "(" + x + " || " + y + ")";
        case 1:
            return "(" + x + " && " + y + ")";
        case 2:
            return x;
        default:
            return y;
        }
    }

    static std::string compare(std::uint8_t op, const std::string& a, const std::string& b) {
        static const char* const kOps[] = {"pica_eq", "pica_ne", "pica_lt",
                                           "pica_le", "pica_gt", "pica_ge"};
        if (op > 5) return "true"; // 6 and 7 always hold (3dbrew)
        return std::string(kOps[op]) + "(" + a + ", " + b + ")";
    }

    // One arithmetic instruction; flow control is left to the block's end.
    // `clean`: the temporaries' components clean before the instruction (block_body).
    std::string arithmetic(const ShaderInstruction& in, const Clean& clean) const {
        auto flushed = [&](unsigned n) { return "pica_f24(" + source(in, n) + ")"; };
        // ADD, MUL, DP3/DP4/DPH and MAD read clean temporaries as they are
        // (find_clean_temporaries), and uniforms flushed on the host (pica_cf: a negated one is
        // then -flush(c) where the reference has flush(-c), which differ only in a zero's
        // sign).
        auto operand = [&](unsigned n) {
            if (in.src[n] >= pica::kRegUniform) return source(in, n, true);
            const unsigned read = components_read(in, n);
            for (unsigned c = 0; c < 4; ++c)
                if (((read >> c) & 1) && !source_clean(in, n, c, clean)) return flushed(n);
            return source(in, n);
        };
        switch (in.op) {
        case ShaderOp::Add:
            return write(in, "pica_f24(" + operand(0) + " + " + operand(1) + ")");
        case ShaderOp::Mul:
            return write(in, "pica_f24(pica_mul(" + operand(0) + ", " + operand(1) + "))");
        case ShaderOp::Dp3:
        case ShaderOp::Dp4:
            return write(in, "vec4(pica_dot(" + operand(0) + ", " + operand(1) + ", " +
                                 (in.op == ShaderOp::Dp4 ? "true" : "false") + "))");
        case ShaderOp::Dph:
            return write(in, "vec4(pica_dot(vec4(" + operand(0) + ".xyz, 1.0), " + operand(1) +
                                 ", true))");
        case ShaderOp::Dst:
            return "{ vec4 a = " + flushed(0) + ", b = " + flushed(1) + "; " +
                   write(in, "vec4(1.0, pica_f24(pica_mul(a.y, b.y)), a.z, b.w)") + " }";
        case ShaderOp::Ex2:
        case ShaderOp::Lg2:
        case ShaderOp::Rcp:
        case ShaderOp::Rsq: {
            static const char* const kFn[] = {"pica_ex2", "pica_lg2", "pica_rcp", "pica_rsq"};
            const unsigned f = in.op == ShaderOp::Ex2   ? 0
                               : in.op == ShaderOp::Lg2 ? 1
                               : in.op == ShaderOp::Rcp ? 2
                                                        : 3;
            return write(in,
                         "vec4(" + std::string(kFn[f]) + "(pica_f24(" + source(in, 0) + ".x)))");
        }
        case ShaderOp::Litp:
            return "{ vec4 s = " + source(in, 0) + "; " +
                   write(in, "vec4(pica_gt(s.x, 0.0) ? s.x : 0.0, pica_lt(s.y, -127.99609375) ? "
                             "-127.99609375 : (pica_gt(s.y, 127.99609375) ? 127.99609375 : s.y), "
                             "0.0, pica_gt(s.w, 0.0) ? s.w : 0.0)") +
                   " pica_cmp = bvec2(pica_ge(s.x, 0.0), pica_ge(s.w, 0.0)); }";
        case ShaderOp::Sge:
            return write(in, "pica_sge(" + source(in, 0) + ", " + source(in, 1) + ")");
        case ShaderOp::Slt:
            return write(in, "pica_slt(" + source(in, 0) + ", " + source(in, 1) + ")");
        case ShaderOp::Flr:
            return write(in, "pica_f24(floor(" + flushed(0) + "))");
        case ShaderOp::Max:
        case ShaderOp::Min:
            // s1 > s2 ? s1 : s2: a NaN on either side gives s2. No flushing.
            return write(in, std::string(in.op == ShaderOp::Max ? "pica_max(" : "pica_min(") +
                                 source(in, 0) + ", " + source(in, 1) + ")");
        case ShaderOp::Mova: {
            std::string o = "{ vec4 a = " + source(in, 0) + ";";
            if (in.mask & 1) o += " pica_a0.x = pica_address(a.x);";
            if (in.mask & 2) o += " pica_a0.y = pica_address(a.y);";
            return o + " }";
        }
        case ShaderOp::Mov:
            return write(in, source(in, 0));
        case ShaderOp::Cmp:
            return "{ vec4 a = " + source(in, 0) + ", b = " + source(in, 1) +
                   "; pica_cmp = bvec2(" + compare(in.cmp_op[0], "a.x", "b.x") + ", " +
                   compare(in.cmp_op[1], "a.y", "b.y") + "); }";
        case ShaderOp::Mad:
            // Not fused: the product is brought to float24 before the add.
            return write(in, "pica_f24(pica_f24(pica_mul(" + operand(0) + ", " + operand(1) +
                                 ")) + " + operand(2) + ")");
        case ShaderOp::Emit:
        case ShaderOp::SetEmit:
            return "pica_set_fault(5u); // EMIT in a vertex shader";
        case ShaderOp::Unknown:
            return "pica_set_fault(4u); // unknown opcode, run as NOP";
        default:
            return ""; // NOP
        }
    }

    // Where control goes after the block's last instruction at `pc`, as statements setting
    // `pc` (the dispatch loop's) or returning.
    std::string transition(std::uint32_t pc, const std::string& ind) const {
        const ShaderInstruction& in = p_.code[pc];
        const std::string after = std::to_string(pc + 1) + "u";
        const std::string target = std::to_string(in.target);
        std::string o;
        std::string jump = "-1"; // the instruction's own jump, an int expression
        switch (in.op) {
        case ShaderOp::End:
            return ind + "return;\n";
        case ShaderOp::Break:
        case ShaderOp::BreakC: {
            std::string body;
            if (!g_.has_loops) {
                body = ind + "    pica_set_fault(3u); // BREAK outside a loop\n" + ind +
                       "    return;\n";
            } else {
                body = ind + "    if (pica_nloop == 0u) { pica_set_fault(3u); return; }\n" + ind +
                       "    pc = pica_loop[pica_nloop - 1u].next;\n" + ind + "    --pica_nloop;\n" +
                       ind + "    break;\n";
            }
            if (in.op == ShaderOp::Break) return ind + "{\n" + body + ind + "}\n";
            o += ind + "if (" + condition(in) + ") {\n" + body + ind + "}\n";
            break; // not taken: on to PC + 1 (with the scope checks)
        }
        case ShaderOp::Call:
        case ShaderOp::CallC:
        case ShaderOp::CallU: {
            const std::string push =
                "pica_push_call(" + std::to_string(in.target + in.num) + "u, " + after + ")";
            if (in.op == ShaderOp::Call) {
                o += ind + push + ";\n";
                jump = target;
            } else {
                const std::string cond = in.op == ShaderOp::CallC
                                             ? condition(in)
                                             : "pica_bool(" + std::to_string(in.id) + "u)";
                o += ind + "bool taken = " + cond + ";\n" + ind + "if (taken) " + push + ";\n";
                jump = "(taken ? " + target + " : -1)";
            }
            break;
        }
        case ShaderOp::IfU:
        case ShaderOp::IfC: {
            const std::string cond = in.op == ShaderOp::IfC
                                         ? condition(in)
                                         : "pica_bool(" + std::to_string(in.id) + "u)";
            o += ind + "bool taken = " + cond + ";\n" + ind + "if (taken) pica_push_if(" + target +
                 "u, " + std::to_string(in.target + in.num) + "u);\n";
            jump = "(taken ? -1 : " + target + ")";
            break;
        }
        case ShaderOp::JmpC:
            jump = "(" + condition(in) + " ? " + target + " : -1)";
            break;
        case ShaderOp::JmpU:
            jump = "(pica_bool(" + std::to_string(in.id) +
                   "u) == " + ((in.num & 1) ? "false" : "true") + " ? " + target + " : -1)";
            break;
        case ShaderOp::Loop: {
            // aL = i.y; the body runs i.x + 1 times; aL += i.z after each pass.
            const std::string i = "pica_ints[" + std::to_string(in.id) + "]";
            o += ind + "pica_al = int(" + i + ".y);\n";
            o += ind + "pica_push_loop(" + std::to_string(in.target + 1) + "u, " +
                 std::to_string(in.target + 1) + "u, " + after + ", " + i + ".x, int(" + i +
                 ".z));\n";
            break;
        }
        default:
            break;
        }
        if (g_.closes_after(pc))
            o += ind + "pc = pica_close(" + after + ", " + jump + ");\n";
        else if (jump == "-1")
            o += ind + "pc = " + after + ";\n";
        else
            o += ind + "{ int j = " + jump + "; pc = j < 0 ? " + after + " : uint(j); }\n";
        return o;
    }

    std::string block_body(std::uint32_t start, std::uint32_t end, const std::string& ind) const {
        std::string o;
        const std::uint32_t length = end - start + 1;
        o += ind + "pica_steps += " + std::to_string(length) + "u;\n";
        o += ind + "if (pica_steps > " + std::to_string(budget_) +
             "u) { pica_set_fault(1u); return; } // BudgetExceeded\n";
        Clean clean = clean_; // what holds at any PC, then the block's own writes
        for (std::uint32_t pc = start; pc <= end; ++pc) {
            const ShaderInstruction& in = p_.code[pc];
            const std::string s = arithmetic(in, clean);
            if (!s.empty()) o += ind + s + " // " + std::to_string(pc) + "\n";
            if (in.dst >= pica::kRegTemp && pica::writes_destination(in.op)) {
                const Clean before = clean;
                for (unsigned c = 0; c < 4; ++c)
                    if ((in.mask >> c) & 1)
                        clean[in.dst - pica::kRegTemp][c] = result_clean(in, c, before);
            }
        }
        o += transition(end, ind);
        return o;
    }

    const pica::ShaderProgram& p_;
    std::uint32_t entry_, budget_;
    FlowGraph g_;
    Clean clean_{}; // at every PC (find_clean_temporaries)
};

} // namespace

PicaProgramGlsl translate_pica_program(const pica::ShaderProgram& program, std::uint32_t entry,
                                       std::uint32_t budget, bool preserve_nan) {
    PicaProgramGlsl out;
    if (program.code.size() != kEnd) {
        out.error = "the program is not decoded (" + std::to_string(program.code.size()) +
                    " instructions, not 4096)";
        return out;
    }
    if (entry >= kEnd) {
        out.error = "entry point " + std::to_string(entry) + " is outside code memory";
        return out;
    }
    out = Translator(program, entry, budget).run();
    if (preserve_nan)
        // SPV_KHR_float_controls: capability SignedZeroInfNanPreserve (4466), execution mode
        // SignedZeroInfNanPreserve (4461) for 32-bit floats.
        out.header = "#extension GL_EXT_spirv_intrinsics : require\n"
                     "spirv_execution_mode(extensions = [\"SPV_KHR_float_controls\"], "
                     "capabilities = [4466], 4461, 32);\n";
    return out;
}

} // namespace picavk::shadergen
