#include "pica/geometry/geometry_pipeline.h"

#include "pica/regs/reg_ids.h"

#include <algorithm>
#include <string>

namespace picavk::pica {

namespace {

constexpr std::uint32_t kVshBase = GPUREG_VSH_BOOLUNIFORM; // 0x2B0
constexpr std::uint32_t kGshBase = GPUREG_GSH_BOOLUNIFORM; // 0x280
// NUMVERTICES is 32 bits; a draw larger than this is refused rather than run for minutes.
constexpr std::uint32_t kMaxDrawVertices = 1u << 24;

} // namespace

void GeometryPipeline::Unit::load(const ShaderSetup& setup, const Regs& regs, std::uint32_t base,
                                  bool keep_uniforms) {
    if (program.version != setup.program_version) decode_shader_program(setup, program);
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
}

bool GeometryPipeline::configure() {
    const Regs& r = state_.regs;
    assembler_.set_topology(static_cast<Topology>((r[GPUREG_PRIMITIVE_CONFIG] >> 8) & 3));
    vs_.load(state_.vs, r, kVshBase, true);
    vs_outputs_ = CompactOutputs::from_mask(r[GPUREG_VSH_OUTMAP_MASK]);
    gs_enabled_ = (r[GPUREG_GEOSTAGE_CONFIG] & 3) == 2;
    if (!gs_enabled_) {
        mapping_.setup(r, r[GPUREG_VSH_OUTMAP_MASK]);
        return true;
    }
    // The geometry shader's run writes its uniforms (fixed mode) and b15: loaded every draw.
    gs_.load(state_.gs, r, kGshBase, false);
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
        gs_input_.clear();
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
    report(vs_.run().fault, false);
    ++stats_.vs_invocations;
}

void GeometryPipeline::run_gs() {
    report(gs_.run(this).fault, true);
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
    gs_.interpreter.set_float_uniform(0, {static_cast<float>(count), static_cast<float>(count),
                                          static_cast<float>(count), static_cast<float>(count)});
    gs_uniform_at_ = 1;
    gs_main_left_ = (state_.regs[GPUREG_GSH_MISC1] & 0xF) + 1;
    gs_remaining_ = count;
    gs_needs_count_ = count == 0;
}

void GeometryPipeline::submit_vs_output(GeometryBatch& out, std::uint32_t cache_index) {
    const auto& o = vs_.interpreter.outputs();
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
        // v[GSH permutation j] and the GS runs (Azahar GeometryPipeline_Point).
        for (std::uint32_t k = 0; k < n; ++k)
            gs_input_.push_back(o[vs_outputs_.reg[k]]);
        if (gs_input_.size() >= gs_input_size_) {
            for (std::uint32_t j = 0; j < gs_input_size_ && j < 16; ++j)
                gs_.interpreter.input(gs_.permutation.target[j]) = gs_input_[j];
            gs_input_.clear();
            run_gs();
        }
        break;
    case GsMode::Variable:
        // The first GSH_MISC1 + 1 vertices pass every output, the rest only their first.
        if (gs_main_left_ > 0) {
            for (std::uint32_t k = 0; k < n; ++k)
                gs_.interpreter.set_float_uniform(gs_uniform_at_++, o[vs_outputs_.reg[k]]);
            --gs_main_left_;
        } else {
            gs_.interpreter.set_float_uniform(gs_uniform_at_++, o[vs_outputs_.reg[0]]);
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
            gs_.interpreter.set_float_uniform(gs_uniform_at_++, o[vs_outputs_.reg[k]]);
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
        submit_vs_output(out, cache ? index : ~0u);
    }
    end(out);
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
    for (std::uint32_t i = 0; i < stream.count; ++i)
        assembler.push(i, out.indices);
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
    // Which of the draw's positions the assembler ends up holding: the same pushes with
    // positions (high bit set, apart from carried ids) for ids, the triangles counted.
    constexpr std::uint32_t kPosition = 0x80000000u;
    PrimitiveAssembler after = assembler_;
    std::vector<std::uint32_t> scratch;
    for (std::uint32_t i = 0; i < stream.count; ++i)
        after.push(kPosition | i, scratch);
    stats_.triangles += scratch.size() / 3;
    stats_.vertices_submitted += stream.count;
    std::array<Vec4f, VertexLoader::kMaxAttributes> attributes;
    for (std::uint32_t k = 0; k < after.buffered(); ++k) {
        std::uint32_t& id = after.buffered_id(k);
        if (!(id & kPosition)) continue; // a vertex carried in from before
        loader_.load(stream.index(id & ~kPosition), attributes.data());
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
    submit_vs_output(out, ~0u);
    end(out);
}

} // namespace picavk::pica
