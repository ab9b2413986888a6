#include "pica/shader/batch_program.h"

namespace picavk::pica {

namespace {

// Which components of each source an instruction uses, as a mask over the result components
// before swizzling (bit c: the source's swizzled component c is read).
struct SourceUse {
    std::uint8_t comps[3] = {0, 0, 0};
};

SourceUse source_use(const ShaderInstruction& in) {
    SourceUse u;
    const std::uint8_t m = in.mask;
    switch (in.op) {
    case ShaderOp::Add:
    case ShaderOp::Mul:
    case ShaderOp::Sge:
    case ShaderOp::Slt:
    case ShaderOp::Max:
    case ShaderOp::Min:
        u.comps[0] = u.comps[1] = m;
        break;
    case ShaderOp::Mov:
    case ShaderOp::Flr:
        u.comps[0] = m;
        break;
    case ShaderOp::Mad:
        u.comps[0] = u.comps[1] = u.comps[2] = m;
        break;
    case ShaderOp::Dp3:
        if (m) u.comps[0] = u.comps[1] = 0x7;
        break;
    case ShaderOp::Dp4:
        if (m) u.comps[0] = u.comps[1] = 0xF;
        break;
    case ShaderOp::Dph:
        if (m) u.comps[0] = 0x7, u.comps[1] = 0xF;
        break;
    case ShaderOp::Dst: // (1, a.y * b.y, a.z, b.w)
        u.comps[0] = static_cast<std::uint8_t>(m & 0x6);
        u.comps[1] = static_cast<std::uint8_t>(m & 0xA);
        break;
    case ShaderOp::Ex2:
    case ShaderOp::Lg2:
    case ShaderOp::Rcp:
    case ShaderOp::Rsq:
        if (m) u.comps[0] = 0x1;
        break;
    case ShaderOp::Litp: // the flags read x and w whatever the mask
        u.comps[0] = static_cast<std::uint8_t>(0x9 | (m & 0x2));
        break;
    case ShaderOp::Mova:
        u.comps[0] = static_cast<std::uint8_t>(m & 0x3);
        break;
    case ShaderOp::Cmp:
        u.comps[0] = u.comps[1] = 0x3;
        break;
    default:
        break;
    }
    return u;
}

std::uint8_t condition_reads(const ShaderInstruction& in) {
    switch (in.condop) {
    case 2:
        return kStateCmpX;
    case 3:
        return kStateCmpY;
    default:
        return kStateCmpX | kStateCmpY;
    }
}

BatchInstruction convert(const ShaderInstruction& in) {
    BatchInstruction b;
    b.in = in;
    const SourceUse use = source_use(in);
    for (unsigned n = 0; n < 3; ++n) {
        if (!use.comps[n]) continue;
        for (unsigned c = 0; c < 4; ++c)
            if ((use.comps[n] >> c) & 1)
                b.comps[n] |= static_cast<std::uint8_t>(1u << in.swizzle[n][c]);
        const std::uint8_t reg = in.src[n];
        if (n == in.rel_src && in.idx != 0 && reg >= kRegUniform) {
            b.relative = static_cast<std::uint8_t>(n);
            b.reads_state |= in.idx == 1 ? kStateA0x : in.idx == 2 ? kStateA0y : kStateAl;
            continue;
        }
        if (reg >= kRegUniform) continue;
        std::uint64_t bits = 0;
        for (unsigned c = 0; c < 4; ++c)
            if ((use.comps[n] >> c) & 1) bits |= 1ull << (4 * (reg & 15) + in.swizzle[n][c]);
        (reg < kRegTemp ? b.reads_v : b.reads_r) |= bits;
    }
    if (writes_destination(in.op)) {
        const std::uint64_t bits = std::uint64_t{in.mask} << (4 * (in.dst & 15));
        (in.dst < 16 ? b.writes_o : b.writes_r) |= bits;
    }
    switch (in.op) {
    case ShaderOp::Mova:
        if (in.mask & 1) b.writes_state |= kStateA0x;
        if (in.mask & 2) b.writes_state |= kStateA0y;
        break;
    case ShaderOp::Cmp:
    case ShaderOp::Litp:
        b.writes_state |= kStateCmpX | kStateCmpY;
        break;
    case ShaderOp::Loop:
        b.writes_state |= kStateAl;
        break;
    // SETEMIT's state is written and read only in a geometry shader (elsewhere both fault):
    // the batch unit tracks it where it runs them.
    case ShaderOp::BreakC:
    case ShaderOp::CallC:
    case ShaderOp::IfC:
    case ShaderOp::JmpC:
        b.reads_state |= condition_reads(in);
        break;
    default:
        break;
    }
    return b;
}

} // namespace

std::shared_ptr<const BatchProgram> make_batch_program(const ShaderProgram& program) {
    auto out = std::make_shared<BatchProgram>();
    out->code.reserve(program.code.size());
    for (const ShaderInstruction& in : program.code) {
        const BatchInstruction& b = out->code.emplace_back(convert(in));
        out->reads_v |= b.reads_v;
        out->reads_r |= b.reads_r;
        out->may_write_r |= b.writes_r;
        out->may_write_o |= b.writes_o;
        out->may_write_state |= b.writes_state;
        if (in.op == ShaderOp::SetEmit) out->may_write_state |= kStateEmit;
        if (in.op == ShaderOp::IfC || in.op == ShaderOp::JmpC || in.op == ShaderOp::CallC ||
            in.op == ShaderOp::BreakC)
            out->flow_reads_flags = true;
    }
    make_threaded_program(program, out->threaded);
    out->hash = program.hash;
    return out;
}

std::shared_ptr<const BatchProgram> BatchProgramCache::get(const ShaderProgram& program) {
    ++clock_;
    if (auto it = entries_.find(program.hash); it != entries_.end()) {
        it->second.used = clock_;
        return it->second.program;
    }
    if (entries_.size() >= capacity_) {
        auto oldest = entries_.begin();
        for (auto it = entries_.begin(); it != entries_.end(); ++it)
            if (it->second.used < oldest->second.used) oldest = it;
        entries_.erase(oldest);
    }
    ++conversions_;
    Entry& e = entries_[program.hash];
    e.program = make_batch_program(program);
    e.used = clock_;
    return e.program;
}

} // namespace picavk::pica
