#include "pica/geometry/geometry_pipeline.h"

#include "pica/regs/reg_ids.h"

#include <algorithm>
#include <string>

namespace picavk::pica {

namespace {

constexpr std::uint32_t kVshBase = GPUREG_VSH_BOOLUNIFORM; // 0x2B0
constexpr std::uint32_t kGshBase = GPUREG_GSH_BOOLUNIFORM; // 0x280
// NUMVERTICES is 32 bits; a draw larger than this is refused rather than run for minutes. 2^18
// vertices is a 60 Hz frame of the PICA200's peak, 15.3 million polygons a second (DMP's figure,
// as the PICA200's encyclopedia entries give it): no game draws more at once. At 2^24 a fuzzed
// trace's draw of 2^20 vertices took 55 s and 3.9 GB (lavapipe's bins for its 349,527
// triangles; fuzz-renderer's limit is 4 GB).
constexpr std::uint32_t kMaxDrawVertices = 1u << 18;

} // namespace

bool GeometryPipeline::Unit::load(const ShaderSetup& setup, const Regs& regs, std::uint32_t base,
                                  bool keep_uniforms) {
    bool decoded = false;
    if (program.version != setup.program_version) {
        const std::uint64_t hash = hash_shader_code(setup);
        if (program.code.empty() || hash != program.hash) {
            auto known = std::find_if(
                recent_programs.begin(), recent_programs.end(),
                [&](const ShaderProgram& p) { return !p.code.empty() && p.hash == hash; });
            if (known != recent_programs.end()) {
                std::swap(program, *known); // the one it replaces takes its place
            } else {
                std::swap(program, recent_programs[next_recent]); // the oldest's storage reused
                next_recent =
                    (next_recent + 1) % static_cast<std::uint32_t>(recent_programs.size());
                decode_shader_program(setup, program);
                decoded = true;
            }
            batch = batch_cache.get(program);
        }
        program.version = setup.program_version;
    }
    // The uniforms (96 float vectors, copied twice) only when they changed: most draws of a
    // frame change none.
    bool same = keep_uniforms && uniforms_version == setup.float_uniforms_version;
    for (unsigned k = 0; k < uniform_regs.size() && same; ++k)
        same = uniform_regs[k] == regs[base + k];
    if (!same) {
        ShaderUniforms& u = uniforms;
        u.f = setup.float_uniforms;
        u.b = static_cast<std::uint16_t>(regs[base]);
        for (unsigned i = 0; i < 4; ++i) {
            const std::uint32_t w = regs[base + 1 + i];
            u.i[i] = {static_cast<std::uint8_t>(w), static_cast<std::uint8_t>(w >> 8),
                      static_cast<std::uint8_t>(w >> 16), static_cast<std::uint8_t>(w >> 24)};
        }
        interpreter.set_uniforms(u);
        runner.unit().set_uniforms(u);
        uniforms_version = setup.float_uniforms_version;
        for (unsigned k = 0; k < uniform_regs.size(); ++k)
            uniform_regs[k] = regs[base + k];
    }
    entry = regs[base + 0xA] & 0xFFFF; // *SH_ENTRYPOINT
    // Decoded again only when its registers change (most draws keep the layout).
    const std::array<std::uint32_t, 3> perm_regs{regs[base + 0x9], regs[base + 0xB],
                                                 regs[base + 0xC]};
    if (perm_regs != permutation_regs || !permutation_valid) {
        permutation = InputPermutation::from_regs(regs, base);
        permutation_regs = perm_regs;
        permutation_valid = true;
    }
    return decoded;
}

bool GeometryPipeline::configure() {
    const Regs& r = state_.regs;
    assembler_.set_topology(static_cast<Topology>((r[GPUREG_PRIMITIVE_CONFIG] >> 8) & 3));
    stats_.shader_decodes += vs_.load(state_.vs, r, kVshBase, true) ? 1 : 0;
    vs_outputs_ = CompactOutputs::from_mask(r[GPUREG_VSH_OUTMAP_MASK]);
    gs_enabled_ = (r[GPUREG_GEOSTAGE_CONFIG] & 3) == 2;
    if (!gs_enabled_) {
        mapping_.setup(r, r[GPUREG_VSH_OUTMAP_MASK]);
        return true;
    }
    // The geometry shader's feed writes its uniforms (variable and fixed modes) and its runs set
    // b15: the uniforms are loaded again after a draw that fed them, b15 always.
    stats_.shader_decodes += gs_.load(state_.gs, r, kGshBase, !gs_uniforms_fed_) ? 1 : 0;
    gs_uniforms_fed_ = false;
    const bool b15 = (r[kGshBase] >> 15) & 1;
    gs_.interpreter.set_bool(15, b15);
    gs_.runner.unit().set_bool(15, b15);
    mapping_.setup(r, r[GPUREG_GSH_OUTMAP_MASK]);
    // VS outputs handed to the GS: VSH_OUTMAP_TOTAL1 + 1 of the enabled registers.
    vs_outputs_.count = std::min(vs_outputs_.count, (r[GPUREG_VSH_OUTMAP_TOTAL1] & 0xF) + 1);
    // GSH_MISC0 (Azahar regs_pipeline.h gs_config): bits 0-7 mode, 8-11 fixed vertex count - 1,
    // 16-23 first uniform of the fixed-mode array. GSH_MISC1: main vertices - 1 (variable mode).
    const std::uint32_t misc0 = r[GPUREG_GSH_MISC0];
    switch (misc0 & 0xFF) {
    case 0:
        gs_mode_ = GsMode::Point;
        gs_input_size_ = gs_.permutation.count;
        gs_input_count_ = 0;
        gs_fed_ = 0;
        for (std::uint32_t j = 0; j < gs_input_size_ && j < 16; ++j)
            gs_fed_ = static_cast<std::uint16_t>(gs_fed_ | 1u << gs_.permutation.target[j]);
        break;
    case 1:
        gs_mode_ = GsMode::Variable;
        gs_needs_count_ = true;
        break;
    case 2:
        gs_mode_ = GsMode::Fixed;
        gs_fixed_start_ = (misc0 >> 16) & 0x7F;
        gs_fixed_vertices_ = ((misc0 >> 8) & 0xF) + 1;
        gs_fixed_done_ = 0;
        gs_uniform_at_ = gs_fixed_start_;
        break;
    default:
        diag_.warn(Warning::InvalidDrawConfig, [&] {
            return "geometry shader mode " + std::to_string(misc0 & 0xFF) +
                   " (GSH_MISC0) is not point, variable or fixed; draw skipped";
        });
        return false;
    }
    // The feed's copy of the uniforms (batched engine) and the range it has written: empty in
    // every mode (a point-mode draw after a fixed-mode one gave its lanes the old draw's range).
    gs_feed_begin_ = 96;
    gs_feed_end_ = 0;
    if (gs_mode_ != GsMode::Point) {
        gs_fed_ = 0;
        gs_feed_ = gs_.uniforms.f;
    }
    return true;
}

void GeometryPipeline::report(ShaderFault fault, bool geometry) {
    if (fault == ShaderFault::None) return;
    const char* unit = geometry ? "geometry shader" : "vertex shader";
    if (fault == ShaderFault::BudgetExceeded) {
        diag_.warn(Warning::ShaderBudgetExceeded, [&] {
            return std::string(unit) + " invocation stopped at its instruction budget";
        });
        return;
    }
    diag_.warn(Warning::ShaderInvalidProgram, [&] {
        const char* what = fault == ShaderFault::RanOffEnd          ? "ran off the end of code"
                           : fault == ShaderFault::BreakOutsideLoop ? "BREAK outside a loop"
                           : fault == ShaderFault::UnknownOpcode    ? "unknown opcode (as NOP)"
                                                                    : "EMIT/SETEMIT in a VS";
        return std::string(unit) + ": " + what;
    });
}

void GeometryPipeline::run_vs(const Vec4f* attributes, std::uint32_t count) {
    const std::uint32_t n = std::min(count, vs_.permutation.count);
    for (std::uint32_t k = 0; k < n; ++k)
        vs_.interpreter.input(vs_.permutation.target[k]) = attributes[k];
    report(vs_.run(engine_).fault, false);
    ++stats_.vs_invocations;
}

bool GeometryPipeline::gs_runs_alone() {
    // b15 is clear only for a draw's first invocation (see run_gs): that one runs alone, with
    // nothing queued before it, on the unit's interpreter as threaded code.
    return engine_ == CpuShaderEngine::Interpreter ||
           (gs_lanes_ == 0 && !gs_.runner.unit().get_bool(15));
}

void GeometryPipeline::set_gs_input(unsigned reg, const Vec4& v) {
    if (gs_runs_alone())
        gs_.interpreter.input(reg) = v;
    else
        gs_.runner.unit().set_input(gs_lanes_, reg, v);
}

void GeometryPipeline::set_gs_uniform(unsigned i, const Vec4& v) {
    i %= 96;
    gs_uniforms_fed_ = true;
    if (engine_ == CpuShaderEngine::Interpreter) {
        gs_.interpreter.set_float_uniform(i, v);
        return;
    }
    gs_feed_[i] = v;
    gs_feed_begin_ = std::min(gs_feed_begin_, i);
    gs_feed_end_ = std::max(gs_feed_end_, i + 1);
}

void GeometryPipeline::run_gs() {
    if (engine_ == CpuShaderEngine::Batched && gs_runs_alone()) {
        // The feed's uniforms as this invocation sees them (its batch of one would set them).
        for (unsigned i = gs_feed_begin_; i < gs_feed_end_; ++i)
            gs_.interpreter.set_float_uniform(i, gs_feed_[i]);
        gs_.runner.unit().set_bool(15, true);
    } else if (engine_ == CpuShaderEngine::Batched) {
        // The feed's uniforms as this invocation sees them, given to its lane at the flush (a
        // lone invocation runs on the interpreter and never spreads the uniforms over lanes).
        const unsigned lane = gs_lanes_++;
        gs_lane_feed_[lane].assign(gs_feed_.begin() + gs_feed_begin_,
                                   gs_feed_.begin() + std::max(gs_feed_begin_, gs_feed_end_));
        gs_lane_feed_begin_[lane] = gs_feed_begin_;
        if (gs_lanes_ == ShaderBatchUnit::batch_lanes()) flush_gs();
        return;
    }
    report(gs_.run(engine_, this).fault, true);
    // b15 is set after every invocation, so a program that clears it can tell the first
    // invocation of a batch (Azahar geometry_pipeline.cpp).
    gs_.interpreter.set_bool(15, true);
    ++stats_.gs_invocations;
}

void GeometryPipeline::emit(const std::array<Vec4, 16>& outputs, std::uint32_t vertex_id,
                            bool prim_emit, bool winding) {
    GeometryBatch& out = *gs_out_;
    const auto id = static_cast<std::uint32_t>(out.vertices.size());
    mapping_.map(outputs, out.vertices.emplace_back());
    // 3dbrew: a 2-bit vertex id (four slots); the buffer is kept after a primitive.
    emit_slots_[vertex_id & 3] = id;
    if (!prim_emit) return;
    // A slot never written in this batch: use this vertex (a degenerate triangle) rather than an
    // id that names nothing.
    for (std::uint32_t& slot : emit_slots_)
        if (slot == kEmptySlot) slot = id;
    const std::size_t before = out.indices.size();
    assembler_.push(emit_slots_[0], out.indices);
    assembler_.push(emit_slots_[1], out.indices);
    assembler_.push(emit_slots_[2], out.indices, winding);
    stats_.triangles += (out.indices.size() - before) / 3;
}

void GeometryPipeline::begin(GeometryBatch& out) {
    if (&out == batch_ && out.generation == batch_generation_) return;
    for (std::uint32_t i = 0; i < assembler_.buffered(); ++i) {
        assembler_.buffered_id(i) = static_cast<std::uint32_t>(out.vertices.size());
        out.vertices.push_back(carried_[i]);
    }
    emit_slots_.fill(kEmptySlot);
    batch_ = &out;
    batch_generation_ = out.generation;
}

void GeometryPipeline::end(const GeometryBatch& out) {
    for (std::uint32_t i = 0; i < assembler_.buffered(); ++i)
        carried_[i] = out.vertices[assembler_.buffered_id(i)];
}

void GeometryPipeline::submit_gs_index(std::uint32_t count) {
    // Variable-size primitives: the index stream gives each primitive's vertex count first
    // (3dbrew Primitive Engine); the GS finds it in c0 and the vertices from c1 on.
    const float n = static_cast<float>(count);
    set_gs_uniform(0, {n, n, n, n});
    gs_uniform_at_ = 1;
    gs_main_left_ = (state_.regs[GPUREG_GSH_MISC1] & 0xF) + 1;
    gs_remaining_ = count;
    gs_needs_count_ = count == 0;
}

void GeometryPipeline::submit_vs_output(GeometryBatch& out, const std::array<Vec4, 16>& o,
                                        std::uint32_t cache_index) {
    if (!gs_enabled_) {
        const auto id = static_cast<std::uint32_t>(out.vertices.size());
        mapping_.map(o, out.vertices.emplace_back());
        if (cache_index != ~0u) {
            cache_stamp_[cache_index] = draw_stamp_;
            cache_id_[cache_index] = id;
        }
        const std::size_t before = out.indices.size();
        assembler_.push(id, out.indices);
        stats_.triangles += (out.indices.size() - before) / 3;
        return;
    }
    gs_out_ = &out;
    const std::uint32_t n = vs_outputs_.count;
    switch (gs_mode_) {
    case GsMode::Point:
        // Consecutive VS outputs fill the GS input buffer; when full, attribute j goes to
        // v[GSH permutation j] and the GS runs (Azahar GeometryPipeline_Point). Each goes to its
        // register as it comes; outputs past the buffer's size are dropped.
        for (std::uint32_t k = 0; k < n; ++k, ++gs_input_count_)
            if (gs_input_count_ < gs_input_size_)
                set_gs_input(gs_.permutation.target[gs_input_count_], o[vs_outputs_.reg[k]]);
        if (gs_input_count_ >= gs_input_size_) {
            gs_input_count_ = 0;
            run_gs();
        }
        break;
    case GsMode::Variable:
        // The first GSH_MISC1 + 1 vertices pass every output, the rest only their first.
        if (gs_main_left_ > 0) {
            for (std::uint32_t k = 0; k < n; ++k)
                set_gs_uniform(gs_uniform_at_++, o[vs_outputs_.reg[k]]);
            --gs_main_left_;
        } else {
            set_gs_uniform(gs_uniform_at_++, o[vs_outputs_.reg[0]]);
        }
        if (--gs_remaining_ == 0) {
            run_gs();
            gs_needs_count_ = true;
        }
        break;
    case GsMode::Fixed:
        // Each vertex's outputs go to consecutive c registers from the start register; after the
        // fixed count the GS runs and the array starts over.
        for (std::uint32_t k = 0; k < n; ++k)
            set_gs_uniform(gs_uniform_at_++, o[vs_outputs_.reg[k]]);
        if (++gs_fixed_done_ == gs_fixed_vertices_) {
            run_gs();
            gs_fixed_done_ = 0;
            gs_uniform_at_ = gs_fixed_start_;
        }
        break;
    }
}

bool GeometryPipeline::open_stream(bool indexed, Stream& s) {
    if (!configure()) return false;
    const Regs& r = state_.regs;
    s.count = r[GPUREG_NUMVERTICES];
    if (s.count == 0) return false;
    if (s.count > kMaxDrawVertices) {
        diag_.warn(Warning::InvalidDrawConfig, [&] {
            return "draw of " + std::to_string(s.count) + " vertices refused (limit " +
                   std::to_string(kMaxDrawVertices) + ")";
        });
        return false;
    }
    std::uint64_t max_vertex = 0, min_vertex = 0;
    s.offset = r[GPUREG_VERTEX_OFFSET];
    if (indexed) {
        const std::uint32_t config = r[GPUREG_INDEXBUFFER_CONFIG];
        s.u16 = config >> 31;
        s.offset = 0;
        const std::uint64_t addr =
            (static_cast<std::uint64_t>(r[GPUREG_ATTRIBBUFFERS_LOC] & 0x1FFFFFFEu) << 3) +
            (config & 0x0FFFFFFF);
        const std::size_t bytes = static_cast<std::size_t>(s.count) * (s.u16 ? 2 : 1);
        s.index_data = addr + bytes <= 0xFFFFFFFFull
                           ? memory_.pointer(static_cast<PAddr>(addr), bytes)
                           : nullptr;
        if (!s.index_data) {
            diag_.warn(Warning::VertexDataOutsideMemory, [&] {
                return "index buffer at " + hex_string(addr) + " (" + std::to_string(bytes) +
                       " bytes) leaves guest memory; draw skipped";
            });
            return false;
        }
        min_vertex = ~0u;
        for (std::uint32_t i = 0; i < s.count; ++i) {
            const std::uint32_t v = s.index(i);
            max_vertex = std::max<std::uint64_t>(max_vertex, v);
            min_vertex = std::min<std::uint64_t>(min_vertex, v);
        }
    } else {
        // VERTEX_OFFSET applies to array draws only (Azahar, Mikage, Panda3DS; citra PR 1059).
        min_vertex = s.offset;
        max_vertex = static_cast<std::uint64_t>(s.offset) + s.count - 1;
        if (max_vertex > 0xFFFFFFFFull) {
            diag_.warn(Warning::InvalidDrawConfig, "VERTEX_OFFSET + NUMVERTICES overflows");
            return false;
        }
    }
    s.min_index = static_cast<std::uint32_t>(min_vertex);
    s.max_index = static_cast<std::uint32_t>(max_vertex);
    return loader_.setup(state_, memory_, s.max_index, diag_);
}

void GeometryPipeline::draw(bool indexed, GeometryBatch& out) {
    Stream stream;
    if (!open_stream(indexed, stream)) return;
    const bool cache = indexed && !gs_enabled_;
    if (cache) {
        if (cache_stamp_.empty()) {
            cache_stamp_.assign(0x10000, 0);
            cache_id_.assign(0x10000, 0);
        }
        if (++draw_stamp_ == 0) { // wrapped: forget every entry
            std::fill(cache_stamp_.begin(), cache_stamp_.end(), 0);
            draw_stamp_ = 1;
        }
    }
    gs_out_ = &out;
    begin(out);
    // Draws of up to four vertices (with a geometry shader, of up to 7) run one invocation at
    // a time, as threaded code, even on the batched engine: a batch costs more than it saves
    // there (BM_ShaderUnitSmallDraw/1-4, BM_ShaderUnitGeometryDrawGeoshader's triangle).
    if (engine_ == CpuShaderEngine::Batched && stream.count >= (gs_enabled_ ? 8u : 5u)) {
        draw_batched(stream, cache, out);
        end(out);
        return;
    }
    std::array<Vec4f, VertexLoader::kMaxAttributes> attributes;
    for (std::uint32_t i = 0; i < stream.count; ++i) {
        const std::uint32_t index = stream.index(i);
        ++stats_.vertices_submitted;
        if (gs_enabled_ && gs_mode_ == GsMode::Variable && gs_needs_count_) {
            submit_gs_index(index);
            continue;
        }
        if (cache && cache_stamp_[index] == draw_stamp_) {
            const std::size_t before = out.indices.size();
            assembler_.push(cache_id_[index], out.indices);
            stats_.triangles += (out.indices.size() - before) / 3;
            continue;
        }
        loader_.load(index, attributes.data());
        run_vs(attributes.data(), loader_.attribute_count());
        submit_vs_output(out, vs_.interpreter.outputs(), cache ? index : ~0u);
    }
    flush_gs(); // the batched engine's queued GS invocations
    end(out);
}

void GeometryPipeline::draw_batched(const Stream& stream, bool cache, GeometryBatch& out) {
    const std::uint32_t inputs = std::min(loader_.attribute_count(), vs_.permutation.count);
    vs_fed_ = 0;
    for (std::uint32_t k = 0; k < inputs; ++k)
        vs_fed_ = static_cast<std::uint16_t>(vs_fed_ | 1u << vs_.permutation.target[k]);
    vs_consumed_ = 0;
    if (gs_enabled_) {
        for (std::uint32_t k = 0; k < vs_outputs_.count; ++k)
            vs_consumed_ |= 0xFull << (4 * vs_outputs_.reg[k]);
    } else {
        vs_consumed_ = mapping_.used_components();
    }
    // Which indices are variable-mode vertex counts follows from the counts alone: decided here
    // as submit_gs_index and submit_vs_output will decide it when the queue is flushed.
    const bool counts = gs_enabled_ && gs_mode_ == GsMode::Variable;
    bool needs_count = gs_needs_count_;
    std::uint32_t remaining = gs_remaining_;
    const unsigned batch = ShaderBatchUnit::batch_lanes();
    if (!stream.index_data && !gs_enabled_) {
        // An array draw: consecutive vertices, each shaded once and assembled in order, with
        // no queue to keep (flush_vs pushes the lanes as they are).
        for (std::uint32_t i = 0; i < stream.count;) {
            const unsigned n = std::min(batch, stream.count - i);
            for (unsigned l = 0; l < n; ++l)
                vs_index_[l] = stream.offset + i + l;
            vs_lanes_ = n;
            flush_vs(out);
            i += n;
        }
        vs_.runner.settle(vs_.interpreter);
        stats_.vertices_submitted += stream.count;
        return;
    }
    for (std::uint32_t i = 0; i < stream.count; ++i) {
        const std::uint32_t index = stream.index(i);
        ++stats_.vertices_submitted;
        if (counts && needs_count) {
            vs_pending_.push_back({index, Pending::Count});
            remaining = index;
            needs_count = index == 0;
            continue;
        }
        if (cache && cache_stamp_[index] == draw_stamp_) {
            vs_pending_.push_back({cache_id_[index], Pending::Cached});
            continue;
        }
        const unsigned lane = vs_lanes_++;
        vs_index_[lane] = index;
        if (cache) { // the vertex the flush will append for this lane
            cache_stamp_[index] = draw_stamp_;
            cache_id_[index] = static_cast<std::uint32_t>(out.vertices.size()) + lane;
        }
        vs_pending_.push_back({lane, Pending::Lane});
        if (counts && --remaining == 0) needs_count = true;
        if (vs_lanes_ == batch) flush_vs(out);
    }
    flush_vs(out);
    vs_.runner.settle(vs_.interpreter);
    flush_gs();
}

void GeometryPipeline::flush_vs(GeometryBatch& out) {
    ShaderBatchRunner& runner = vs_.runner;
    if (vs_lanes_ > 0) {
        std::array<float*, 16> inputs;
        for (unsigned r = 0; r < 16; ++r)
            inputs[r] = runner.unit().inputs(r);
        loader_.load_lanes(vs_index_.data(), vs_lanes_, vs_lanes_, vs_.permutation.count,
                           vs_.permutation.target.data(), inputs.data());
        ShaderBatchRunner::Batch b;
        b.entry = vs_.entry;
        b.count = vs_lanes_;
        b.fed = vs_fed_;
        b.consumed = vs_consumed_;
        // The reference is left alone until the draw's last batch has run (draw_batched
        // settles it): the batches in between need not copy what they wrote into it.
        b.more_follow = true;
        const std::uint64_t reruns = runner.reruns();
        runner.run(vs_.interpreter, *vs_.batch, b);
        ++stats_.shader_batches;
        stats_.shader_reruns += runner.reruns() - reruns;
        stats_.vs_invocations += vs_lanes_;
    }
    if (!gs_enabled_) {
        // All lanes mapped at once, then the vector cut back to the batch's vertices.
        const auto base = static_cast<std::uint32_t>(out.vertices.size());
        if (vs_lanes_ > 1) { // a batch of one ran on the reference
            const unsigned lanes = (vs_lanes_ + 3) & ~3u;
            out.vertices.resize(base + lanes);
            mapping_.map_lanes(runner.unit().outputs(0), lanes, &out.vertices[base]);
        }
        out.vertices.resize(base + vs_lanes_);
        for (unsigned l = 0; l < vs_lanes_; ++l) {
            report(runner.result(l).fault, false);
            if (runner.reran(l)) mapping_.map(runner.reran_outputs(l), out.vertices[base + l]);
        }
        const std::size_t before = out.indices.size();
        if (vs_pending_.empty()) { // draw_batched's array draws: the lanes in order
            for (unsigned l = 0; l < vs_lanes_; ++l)
                assembler_.push(base + l, out.indices);
        }
        for (const PendingVertex& p : vs_pending_)
            assembler_.push(p.kind == Pending::Lane ? base + p.value : p.value, out.indices);
        stats_.triangles += (out.indices.size() - before) / 3;
    } else {
        std::array<Vec4, 16> o;
        for (const PendingVertex& p : vs_pending_) {
            if (p.kind == Pending::Count) {
                submit_gs_index(p.value);
                continue;
            }
            const unsigned l = p.value;
            report(runner.result(l).fault, false);
            for (std::uint32_t k = 0; k < vs_outputs_.count; ++k) {
                const unsigned r = vs_outputs_.reg[k];
                o[r] = runner.reran(l) ? runner.reran_outputs(l)[r] : runner.unit().output(l, 0, r);
            }
            submit_vs_output(out, o, ~0u);
        }
    }
    vs_pending_.clear();
    vs_lanes_ = 0;
}

void GeometryPipeline::flush_gs() {
    if (gs_lanes_ == 0) return;
    ShaderBatchRunner& runner = gs_.runner;
    ShaderBatchRunner::Batch b;
    b.entry = gs_.entry;
    b.count = gs_lanes_;
    b.fed = gs_fed_;
    b.consumed = mapping_.used_components();
    for (unsigned l = 0; l < gs_lanes_; ++l) {
        const std::vector<Vec4>& feed = gs_lane_feed_[l];
        for (std::size_t k = 0; k < feed.size(); ++k) {
            const auto i = static_cast<unsigned>(gs_lane_feed_begin_[l] + k);
            if (gs_lanes_ == 1)
                gs_.interpreter.set_float_uniform(i, feed[k]);
            else
                runner.unit().set_float_uniform(l, i, feed[k]);
        }
    }
    if (gs_feed_begin_ < gs_feed_end_ && gs_lanes_ > 1) {
        b.uniforms_begin = gs_feed_begin_;
        b.uniforms_end = gs_feed_end_;
    }
    b.geometry = true;
    b.single_emit = this;
    const std::uint64_t reruns = runner.reruns();
    runner.run(gs_.interpreter, *gs_.batch, b);
    ++stats_.shader_batches;
    stats_.shader_reruns += runner.reruns() - reruns;
    for (unsigned l = 0; l < gs_lanes_; ++l) {
        report(runner.result(l).fault, true);
        for (const ShaderBatchRunner::Emit& e : runner.emits(l))
            emit(e.outputs, e.vertex_id, e.prim_emit, e.winding);
        ++stats_.gs_invocations;
    }
    // b15 is set after every invocation (see run_gs's interpreter path).
    gs_.interpreter.set_bool(15, true);
    runner.unit().set_bool(15, true);
    gs_lanes_ = 0;
}

GeometryPipeline::GpuPlan GeometryPipeline::gpu_path_blocker() const {
    // A geometry shader needs the VS outputs on the CPU; a primitive continuing from the last
    // draw needs its shaded vertices (carried_) - both are the CPU path's.
    if ((state_.regs[GPUREG_GEOSTAGE_CONFIG] & 3) == 2) return GpuPlan::GeometryShader;
    if (assembler_.buffered() != 0) return GpuPlan::CarriedPrimitive;
    return GpuPlan::Planned;
}

GeometryPipeline::GpuPlan GeometryPipeline::plan_gpu_draw(bool indexed, GpuVertexDraw& out) {
    if (const GpuPlan blocker = gpu_path_blocker(); blocker != GpuPlan::Planned) return blocker;
    Stream& stream = planned_stream_;
    if (!open_stream(indexed, stream)) return GpuPlan::Unusable;
    out.layout = loader_.layout();
    out.program = &vs_.program;
    out.uniforms = &vs_.uniforms;
    out.entry = vs_.entry;
    for (unsigned a = 0; a < VertexLayout::kMaxAttributes; ++a)
        out.fixed[a] = state_.fixed_attributes[a];
    // The triangles: the assembler's pushes with stream positions for ids, then guest indices.
    const std::uint32_t lo = stream.min_index, hi = stream.max_index;
    PrimitiveAssembler assembler = assembler_;
    out.indices.clear();
    assembler.push_run(0, stream.count, out.indices);
    // What the assembler holds after the draw, should the GPU draw it (commit_gpu_draw): it
    // held nothing before (gpu_path_blocker), so every id it holds is a position of this draw.
    planned_after_ = assembler;
    planned_triangles_ = out.indices.size() / 3;
    for (std::uint32_t& id : out.indices)
        id = stream.index(id) - lo;
    out.first_vertex = lo;
    out.vertex_count = hi - lo + 1;
    // open_stream checked that every buffer holds vertices 0..hi (VertexLoader::setup).
    for (unsigned b = 0; b < VertexLayout::kBuffers; ++b) {
        const VertexLayout::Buffer& buf = out.layout.buffers[b];
        out.data[b] = nullptr;
        out.bytes[b] = 0;
        if (!buf.used) continue;
        const std::uint64_t bytes =
            std::uint64_t{out.vertex_count - 1} * buf.stride + std::max(buf.extent, buf.stride);
        const std::uint64_t start = buf.address + std::uint64_t{lo} * buf.stride;
        out.data[b] = memory_.pointer(static_cast<PAddr>(start), static_cast<std::size_t>(bytes));
        out.bytes[b] = static_cast<std::uint32_t>(bytes);
    }
    return GpuPlan::Planned;
}

void GeometryPipeline::commit_gpu_draw(GeometryBatch& out) {
    const Stream& stream = planned_stream_;
    begin(out);
    // Which of the draw's positions the assembler ends up holding, as plan_gpu_draw's pushes
    // left it (not pushed again: a draw of thousands of vertices assembled twice, its
    // triangles into a vector grown anew), each then shaded here for the next draw.
    PrimitiveAssembler after = planned_after_;
    stats_.triangles += planned_triangles_;
    stats_.vertices_submitted += stream.count;
    std::array<Vec4f, VertexLoader::kMaxAttributes> attributes;
    for (std::uint32_t k = 0; k < after.buffered(); ++k) {
        std::uint32_t& id = after.buffered_id(k);
        loader_.load(stream.index(id), attributes.data());
        run_vs(attributes.data(), loader_.attribute_count());
        id = static_cast<std::uint32_t>(out.vertices.size());
        out.vertices.push_back(mapping_.map(vs_.interpreter.outputs()));
    }
    assembler_ = after;
    end(out);
}

void GeometryPipeline::immediate_vertex(std::span<const AttributeValue> attributes,
                                        GeometryBatch& out) {
    if (!configure()) return;
    std::array<Vec4f, 16> a{};
    const std::size_t n = std::min<std::size_t>(attributes.size(), 16);
    std::copy_n(attributes.begin(), n, a.begin());
    ++stats_.vertices_submitted;
    begin(out);
    run_vs(a.data(), static_cast<std::uint32_t>(n));
    submit_vs_output(out, vs_.interpreter.outputs(), ~0u);
    flush_gs();
    end(out);
}

} // namespace picavk::pica
