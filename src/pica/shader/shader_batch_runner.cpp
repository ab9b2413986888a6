#include "pica/shader/shader_batch_runner.h"

#include <bit>

namespace picavk::pica {

namespace {

// Records a reference run's EMITs into a lane's list.
class EmitRecorder final : public ShaderEmitTarget {
  public:
    explicit EmitRecorder(std::vector<ShaderBatchRunner::Emit>& out) : out_(out) {}
    void emit(const std::array<Vec4, 16>& outputs, std::uint32_t vertex_id, bool prim_emit,
              bool winding) override {
        out_.push_back({outputs, vertex_id, prim_emit, winding});
    }

  private:
    std::vector<ShaderBatchRunner::Emit>& out_;
};

// Calls f(register, component) for each set bit of a 4-bits-per-register mask.
template <typename Fn>
void for_each_component(std::uint64_t bits, Fn&& f) {
    while (bits) {
        const unsigned b = static_cast<unsigned>(std::countr_zero(bits));
        f(b >> 2, b & 3);
        bits &= bits - 1;
    }
}

} // namespace

void ShaderBatchRunner::emit(unsigned lane, const float* outputs, std::uint32_t vertex_id,
                             bool prim_emit, bool winding) {
    Emit& e = emits_[lane].emplace_back();
    for (unsigned r = 0; r < 16; ++r)
        for (unsigned c = 0; c < 4; ++c)
            e.outputs[r][c] = outputs[(4 * r + c) * kShaderLanes + lane];
    e.vertex_id = vertex_id;
    e.prim_emit = prim_emit;
    e.winding = winding;
}

void ShaderBatchRunner::carry(ShaderInterpreter& s, const Batch& b, unsigned first, unsigned last) {
    if (first >= last) return;
    // Lanes that never split and end on the bank they started on (every vertex shader) wrote
    // the same components of the same banks.
    if (unit_.groups() == 1 && !(unit_.lane_end(first).bank_flips & 1)) {
        carry_uniform(s, b, last - 1);
        return;
    }
    // Each lane's starting bank, from the reference's and the EMITs before it.
    std::array<unsigned, kShaderLanes + 1> bank{};
    bank[first] = s.bank();
    std::uint64_t all_r = 0;
    std::uint8_t all_state = 0;
    for (unsigned l = first; l < last; ++l) {
        const ShaderLaneEnd& e = unit_.lane_end(l);
        bank[l + 1] = bank[l] ^ (e.bank_flips & 1);
        all_r |= e.written_r;
        all_state |= e.written_state;
    }
    std::array<std::uint64_t, 2> all_o{};
    for (unsigned l = first; l < last; ++l)
        for (unsigned x = 0; x < 2; ++x)
            all_o[bank[l] ^ x] |= unit_.lane_end(l).written_o[x];
    // Newest first: a component is taken from the last lane that wrote it.
    std::uint64_t have_r = 0;
    std::array<std::uint64_t, 2> have_o{};
    std::uint8_t have_state = 0;
    for (unsigned l = last; l-- > first;) {
        if (have_r == all_r && have_o == all_o && have_state == all_state) break;
        const ShaderLaneEnd& e = unit_.lane_end(l);
        for_each_component(e.written_r & ~have_r,
                           [&](unsigned r, unsigned c) { s.temp_ref(r)[c] = unit_.temp(l, r, c); });
        have_r |= e.written_r;
        for (unsigned x = 0; x < 2; ++x) {
            const unsigned actual = bank[l] ^ x;
            for_each_component(e.written_o[x] & ~have_o[actual], [&](unsigned r, unsigned c) {
                s.output_ref(actual, r)[c] = unit_.output(l, x, r, c);
            });
            have_o[actual] |= e.written_o[x];
        }
        const std::uint8_t state = e.written_state & ~have_state;
        if (state & kStateA0x) s.set_a0(0, unit_.a0(l, 0));
        if (state & kStateA0y) s.set_a0(1, unit_.a0(l, 1));
        if (state & kStateAl) s.set_al(e.al);
        if (state & kStateCmpX) s.set_cmp(0, unit_.cmp(l, 0));
        if (state & kStateCmpY) s.set_cmp(1, unit_.cmp(l, 1));
        if (state & kStateEmit) s.set_emit_state(e.emit_vertex, e.emit_prim, e.emit_winding);
        have_state |= e.written_state;
    }
    s.set_bank(bank[last]);
    // The inputs and per-lane uniforms the last of them was given.
    for (unsigned r = 0; r < 16; ++r)
        if ((b.fed >> r) & 1) s.input(r) = unit_.input(last - 1, r);
    for (unsigned i = b.uniforms_begin; i < b.uniforms_end; ++i)
        s.set_float_uniform(i, unit_.float_uniform(last - 1, i));
}

void ShaderBatchRunner::carry_uniform(ShaderInterpreter& s, const Batch& b, unsigned l) {
    carry_written(s, l);
    carry_given(s, b, l);
}

void ShaderBatchRunner::carry_written(ShaderInterpreter& s, unsigned l) {
    // Every lane wrote the same components: the last one's values are the ones left.
    const ShaderLaneEnd& e = unit_.lane_end(l);
    const unsigned start = s.bank();
    for_each_component(e.written_r,
                       [&](unsigned r, unsigned c) { s.temp_ref(r)[c] = unit_.temp(l, r, c); });
    for (unsigned x = 0; x < 2; ++x)
        for_each_component(e.written_o[x], [&](unsigned r, unsigned c) {
            s.output_ref(start ^ x, r)[c] = unit_.output(l, x, r, c);
        });
    const std::uint8_t state = e.written_state;
    if (state & kStateA0x) s.set_a0(0, unit_.a0(l, 0));
    if (state & kStateA0y) s.set_a0(1, unit_.a0(l, 1));
    if (state & kStateAl) s.set_al(e.al);
    if (state & kStateCmpX) s.set_cmp(0, unit_.cmp(l, 0));
    if (state & kStateCmpY) s.set_cmp(1, unit_.cmp(l, 1));
    if (state & kStateEmit) s.set_emit_state(e.emit_vertex, e.emit_prim, e.emit_winding);
}

void ShaderBatchRunner::carry_given(ShaderInterpreter& s, const Batch& b, unsigned l) {
    for (unsigned r = 0; r < 16; ++r)
        if ((b.fed >> r) & 1) s.input(r) = unit_.input(l, r);
    for (unsigned i = b.uniforms_begin; i < b.uniforms_end; ++i)
        s.set_float_uniform(i, unit_.float_uniform(l, i));
}

bool ShaderBatchRunner::rewrites_deferred(const BatchProgram& program, const Batch& b) const {
    // The same way through the program as the deferred lane's batch (no flag steers the flow;
    // the same entry, uniforms and budget), so the same components written; with the same
    // inputs fed and outputs used, the same carried state set aside (ShaderBatchUnit::run). A
    // batch of one runs on the reference instead, which must then hold the deferred state.
    const Deferred& d = deferred_;
    return &program == d.program && program.hash == d.hash && !program.flow_reads_flags &&
           b.count > 1 && !b.geometry && b.entry == d.entry && b.fed == d.fed &&
           b.consumed == d.consumed && unit_.flow_setup() == d.flow_setup;
}

void ShaderBatchRunner::settle(ShaderInterpreter& reference) {
    if (!deferred_.pending) return;
    deferred_.pending = false;
    carry_written(reference, deferred_.lane);
}

ShaderBatchCarried ShaderBatchRunner::carried_state(ShaderInterpreter& s, const BatchProgram& p,
                                                    const Batch& b) {
    // Carried state no instruction writes holds the reference's value in every invocation of
    // the batch: set in every lane, it is read there as the interpreter would read it.
    ShaderBatchCarried c;
    for (unsigned r = 0; r < 16; ++r)
        if (((p.reads_v >> (4 * r)) & 0xF) && !((b.fed >> r) & 1)) {
            c.inputs = static_cast<std::uint16_t>(c.inputs | 1u << r);
            unit_.set_input_all(r, s.input(r));
        }
    c.temps = p.reads_r & ~p.may_write_r;
    for_each_component(c.temps,
                       [&](unsigned r, unsigned k) { unit_.set_temp_all(r, k, s.temp(r)[k]); });
    c.outputs = b.consumed & ~p.may_write_o;
    for_each_component(c.outputs, [&](unsigned r, unsigned k) {
        for (unsigned x = 0; x < 2; ++x)
            unit_.set_output_all(x, r, k, s.output_ref(s.bank() ^ x, r)[k]);
    });
    const std::uint8_t all =
        kStateA0x | kStateA0y | kStateAl | kStateCmpX | kStateCmpY | (b.geometry ? kStateEmit : 0);
    c.state = static_cast<std::uint8_t>(all & ~p.may_write_state);
    if (c.state & kStateA0x) unit_.set_a0_all(0, s.a0x());
    if (c.state & kStateA0y) unit_.set_a0_all(1, s.a0y());
    if (c.state & kStateCmpX) unit_.set_cmp_all(0, s.cmp(0));
    if (c.state & kStateCmpY) unit_.set_cmp_all(1, s.cmp(1));
    c.al = s.al();
    c.emit_vertex = static_cast<std::uint8_t>(s.emit_vertex());
    c.emit_prim = s.emit_prim();
    c.emit_winding = s.emit_winding();
    return c;
}

void ShaderBatchRunner::run(ShaderInterpreter& reference, const BatchProgram& batch,
                            const Batch& b) {
    reran_ = 0;
    if (b.count == 0) return;
    // Before anything here touches the unit: the deferred lane's writes go to the reference
    // unless this batch writes all of them again.
    if (deferred_.pending) {
        if (rewrites_deferred(batch, b)) {
            deferred_.pending = false;
            ++carries_skipped_;
        } else {
            settle(reference);
        }
    }
    if (b.geometry)
        for (unsigned l = 0; l < b.count; ++l)
            emits_[l].clear();
    // One invocation: the reference runs it (no lanes, nothing to carry over).
    if (b.count == 1) {
        run_on_reference(reference, batch, b, 0);
        return;
    }
    unit_.set_carried(carried_state(reference, batch, b));
    const std::uint32_t lanes = b.count >= 32 ? ~0u : (1u << b.count) - 1;
    unit_.run(batch, b.entry, lanes, b.fed, b.consumed, b.geometry ? this : nullptr);
    unsigned carried = 0; // lanes before this one are in the reference
    for (unsigned l = 0; l < b.count; ++l) {
        const ShaderLaneEnd& e = unit_.lane_end(l);
        if (!e.depends_on_previous) {
            results_[l] = e.result;
            continue;
        }
        // In order from here: the reference takes the lanes before it, then runs this one.
        carry(reference, b, carried, l);
        run_on_reference(reference, batch, b, l);
        ++reruns_;
        carried = l + 1;
    }
    // No lane reran, one way through, no EMIT: every lane wrote what the last one did.
    if (b.more_follow && carried == 0 && !b.geometry && !batch.flow_reads_flags &&
        unit_.groups() == 1 && !(unit_.lane_end(0).bank_flips & 1)) {
        carry_given(reference, b, b.count - 1);
        deferred_ = {true,    b.count - 1, &batch,     batch.hash,
                     b.entry, b.fed,       b.consumed, unit_.flow_setup()};
        return;
    }
    carry(reference, b, carried, b.count);
}

void ShaderBatchRunner::run_on_reference(ShaderInterpreter& reference, const BatchProgram& batch,
                                         const Batch& b, unsigned l) {
    for (unsigned r = 0; r < 16; ++r)
        if ((b.fed >> r) & 1) reference.input(r) = unit_.input(l, r);
    for (unsigned i = b.uniforms_begin; i < b.uniforms_end; ++i)
        reference.set_float_uniform(i, unit_.float_uniform(l, i));
    if (b.geometry) {
        emits_[l].clear();
        EmitRecorder recorder(emits_[l]);
        const bool direct = b.count == 1 && b.single_emit;
        results_[l] =
            reference.run_threaded(batch.threaded, b.entry, direct ? b.single_emit : &recorder);
    } else {
        results_[l] = reference.run_threaded(batch.threaded, b.entry);
        reran_out_[l] = reference.outputs();
    }
    reran_ |= 1u << l;
}

} // namespace picavk::pica
