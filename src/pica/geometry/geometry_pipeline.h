#pragma once

// Everything between a draw trigger and a batch of host vertices: vertex loading, the vertex
// shader (with a post-vertex cache: each index is shaded once per draw), the optional geometry
// shader (point, variable-size and fixed-size primitive modes), output mapping and primitive
// assembly. No Vulkan here; the rasterizer consumes GeometryBatch.

#include "pica/diagnostics.h"
#include "pica/geometry/gpu_vertex_draw.h"
#include "pica/geometry/output_mapping.h"
#include "pica/geometry/primitive_assembler.h"
#include "pica/geometry/vertex_loader.h"
#include "pica/memory.h"
#include "pica/shader/batch_program.h"
#include "pica/shader/shader_batch_runner.h"
#include "pica/shader/shader_interpreter.h"
#include "pica/state/pica_state.h"

#include <span>
#include <vector>

namespace picavk::pica {

struct GeometryStats {
    std::uint64_t vertices_submitted = 0; // indices / vertices walked
    std::uint64_t vs_invocations = 0;     // after the post-vertex cache
    std::uint64_t gs_invocations = 0;
    std::uint64_t triangles = 0;
    std::uint64_t shader_batches = 0; // runs of the batched unit (VS and GS)
    std::uint64_t shader_reruns = 0;  // invocations it handed to the interpreter
    // Programs decoded (ShaderProgram): a unit's code or operand descriptors changed to a
    // program none of its last few were.
    std::uint64_t shader_decodes = 0;
};

// What runs the PICA shader programs of the draws that stay on the CPU: the lane-batched unit
// (ShaderBatchRunner; the default), with invocations that run alone as threaded code
// (ShaderInterpreter::run_threaded), or the interpreter both are checked against, one
// invocation at a time. Their results are identical.
enum class CpuShaderEngine : std::uint8_t { Batched, Interpreter };

class GeometryPipeline : private ShaderEmitTarget {
  public:
    GeometryPipeline(PicaState& state, const MemoryView& memory, Diagnostics& diag)
        : state_(state), memory_(memory), diag_(diag) {}

    // GPUREG_DRAWARRAYS / DRAWELEMENTS: appends the draw's triangles to `out`.
    void draw(bool indexed, GeometryBatch& out);
    // One immediate-mode vertex (VSH_NUM_ATTR + 1 attributes in submission order).
    void immediate_vertex(std::span<const AttributeValue> attributes, GeometryBatch& out);
    // GPUREG_RESTART_PRIMITIVE.
    void restart_primitive() { assembler_.reset(); }

    // The GPU vertex path. plan_gpu_draw reads a DRAWARRAYS / DRAWELEMENTS for the host's vertex
    // stage without shading anything: the attribute buffers, the program and its uniforms, and
    // the triangles the assembler makes of the draw. Then either commit_gpu_draw (the GPU drew
    // it) or draw() (the CPU path after all) follows, before any other draw.
    enum class GpuPlan : std::uint8_t {
        Planned,
        Unusable,       // the draw is refused either way (counted as draw() counts it)
        GeometryShader, // the CPU path must run it (VertexFallback of the same name)
        CarriedPrimitive,
    };
    GpuPlan plan_gpu_draw(bool indexed, GpuVertexDraw& out);
    // What sends the next draw to the CPU path whatever its stream holds (GeometryShader,
    // CarriedPrimitive), read from the registers and the assembler alone; Planned when nothing
    // does. plan_gpu_draw checks the same first.
    GpuPlan gpu_path_blocker() const;
    // After the GPU drew the planned draw: leaves the assembler holding what the CPU path would
    // have left - a strip's or fan's last two vertices, a list's one or two left over - by
    // shading just those (appended to `out` as carried vertices); counts the draw's vertices and
    // triangles.
    void commit_gpu_draw(GeometryBatch& out);

    const GeometryStats& stats() const { return stats_; }
    // Instruction budget per shader invocation (tests and fuzzers lower it).
    void set_shader_budget(std::uint32_t n) {
        for (Unit* u : {&vs_, &gs_}) {
            u->interpreter.set_budget(n);
            u->runner.unit().set_budget(n);
        }
    }
    void set_cpu_shader_engine(CpuShaderEngine e) { engine_ = e; }
    CpuShaderEngine cpu_shader_engine() const { return engine_; }

  private:
    // Configuration read at the start of each draw.
    bool configure();
    // A draw's vertex stream: NUMVERTICES, the index buffer (or VERTEX_OFFSET), the largest
    // index; the loader set up for it. False (counted) when it is unusable.
    struct Stream {
        std::uint32_t count = 0, offset = 0;
        std::uint32_t min_index = 0, max_index = 0; // the vertices the draw reads
        const std::uint8_t* index_data = nullptr;
        bool u16 = false;
        std::uint32_t index(std::uint32_t i) const {
            if (!index_data) return offset + i;
            return u16 ? static_cast<std::uint32_t>(index_data[2 * i] | index_data[2 * i + 1] << 8)
                       : index_data[i];
        }
    };
    bool open_stream(bool indexed, Stream& s);
    void run_vs(const Vec4f* attributes, std::uint32_t count);
    // Feeds one invocation's VS outputs onward (to the GS or straight to assembly); cache_index:
    // the post-vertex cache entry to fill with the batch vertex's id (no GS), or ~0u.
    void submit_vs_output(GeometryBatch& out, const std::array<Vec4, 16>& o,
                          std::uint32_t cache_index);
    void submit_gs_index(std::uint32_t index);
    // Whether the GS invocation being gathered runs alone, on the interpreter's state (the
    // Interpreter engine, or a draw's first invocation: b15 clear).
    bool gs_runs_alone();
    // The GS inputs of the invocation being gathered: v registers (point mode) or c registers.
    void set_gs_input(unsigned reg, const Vec4& v);
    void set_gs_uniform(unsigned i, const Vec4& v);
    // Runs the gathered GS invocation now (gs_runs_alone) or queues it in a lane (batched).
    void run_gs();
    // The batched engine: a draw's vertices through lanes of the VS runner, then on in order.
    void draw_batched(const Stream& stream, bool cache, GeometryBatch& out);
    void flush_vs(GeometryBatch& out);
    void flush_gs();
    void emit(const std::array<Vec4, 16>& outputs, std::uint32_t vertex_id, bool prim_emit,
              bool winding) override;
    void report(ShaderFault fault, bool geometry);
    // Assembly state outlives a draw (a strip may continue into the next one) but vertex ids
    // live only as long as their batch: begin() re-adds the held vertices to a new or cleared
    // batch, end() keeps copies of them.
    void begin(GeometryBatch& out);
    void end(const GeometryBatch& out);

    PicaState& state_;
    MemoryView memory_;
    Diagnostics& diag_;
    VertexLoader loader_;
    // One shader unit as a draw uses it: decoded program, uniforms, entry point, permutation.
    struct Unit {
        ShaderProgram program;
        ShaderUniforms uniforms;
        // The interpreter: the engine itself with CpuShaderEngine::Interpreter, else the
        // batches' reference, holding the state the last invocation left.
        ShaderInterpreter interpreter;
        BatchProgramCache batch_cache;
        std::shared_ptr<const BatchProgram> batch; // `program` in the batched unit's form
        ShaderBatchRunner runner;
        InputPermutation permutation;
        std::uint32_t entry = 0;
        // base: the unit's register block, VSH_BOOLUNIFORM (0x2B0) or GSH_BOOLUNIFORM (0x280).
        // keep_uniforms: the interpreter's uniforms are kept when neither the setup's float
        // uniforms nor the bool and integer registers changed since the last load (a unit whose
        // runs never write them).
        // Returns whether it decoded the program (GeometryStats::shader_decodes).
        bool load(const ShaderSetup& setup, const Regs& regs, std::uint32_t base,
                  bool keep_uniforms);
        // The programs decoded before `program`, by hash_shader_code: games bind two or three
        // programs a frame, and each bind uploads its code and operand descriptors again
        // (citro3d's shaderProgramUse), which moves ShaderSetup::program_version on at every
        // switch. Decoding 4096 words again at each was a sixth of craftus' host time a frame
        // (perf on lavapipe); hashing them to find the program decoded before costs a fraction.
        std::array<ShaderProgram, 3> recent_programs;
        std::uint32_t next_recent = 0;
        std::uint64_t uniforms_version = ~0ull;
        std::array<std::uint32_t, 5> uniform_regs{}; // BOOLUNIFORM, INTUNIFORM_I0-I3 loaded
        // The registers `permutation` was decoded from (the unit's INPUTBUFFER_CONFIG and its
        // two permutation words).
        std::array<std::uint32_t, 3> permutation_regs{};
        bool permutation_valid = false;
        // One invocation on the interpreter's state: the interpreter itself, or (Batched) the
        // same program as threaded code.
        ShaderRunResult run(CpuShaderEngine engine, ShaderEmitTarget* emit = nullptr) {
            if (engine == CpuShaderEngine::Interpreter)
                return interpreter.run(program, entry, emit);
            return interpreter.run_threaded(batch->threaded, entry, emit);
        }
    };
    Unit vs_, gs_;
    CpuShaderEngine engine_ = CpuShaderEngine::Batched;
    // The batched engine's queues. VS: the draw's positions in order, each a cached vertex id,
    // a lane of the batch being filled, or (variable-mode GS) a primitive's vertex count.
    enum class Pending : std::uint8_t { Cached, Lane, Count };
    struct PendingVertex {
        std::uint32_t value;
        Pending kind;
    };
    std::vector<PendingVertex> vs_pending_;
    unsigned vs_lanes_ = 0;
    std::array<std::uint32_t, kShaderLanes> vs_index_{}; // each lane's vertex
    std::uint16_t vs_fed_ = 0;                           // v registers the loader sets
    std::uint64_t vs_consumed_ = 0;                      // output components read afterwards
    unsigned gs_lanes_ = 0;
    std::uint16_t gs_fed_ = 0;
    // Variable and fixed modes: the c registers as the feed has set them, and the range it set.
    std::array<Vec4, 96> gs_feed_{};
    unsigned gs_feed_begin_ = 96, gs_feed_end_ = 0;
    // Each queued invocation's copy of the feed's range, from the register it began at.
    std::array<std::vector<Vec4>, kShaderLanes> gs_lane_feed_;
    std::array<unsigned, kShaderLanes> gs_lane_feed_begin_{};
    Stream planned_stream_; // the draw plan_gpu_draw read
    // The assembler as plan_gpu_draw's pushes left it, and the triangles they made.
    PrimitiveAssembler planned_after_;
    std::size_t planned_triangles_ = 0;
    OutputMapping mapping_;
    CompactOutputs vs_outputs_;
    PrimitiveAssembler assembler_;
    bool gs_enabled_ = false;
    bool gs_uniforms_fed_ = true; // the GS unit's c registers hold fed values (reload them)

    // Geometry-shader feed.
    enum class GsMode : std::uint8_t { Point, Variable, Fixed };
    GsMode gs_mode_ = GsMode::Point;
    // Point mode: VS outputs given to the next invocation so far (each goes straight to its
    // input register; past gs_input_size_ they are dropped).
    std::uint32_t gs_input_count_ = 0;
    std::uint32_t gs_input_size_ = 0; // vectors per GS invocation (point mode)
    std::uint32_t gs_uniform_at_ = 0; // variable/fixed: next c register to fill
    std::uint32_t gs_remaining_ = 0;  // variable: vertices left in this primitive
    std::uint32_t gs_main_left_ = 0;  // variable: main vertices left
    bool gs_needs_count_ = true;      // variable: the next index is a vertex count
    std::uint32_t gs_fixed_start_ = 0, gs_fixed_vertices_ = 0, gs_fixed_done_ = 0;
    static constexpr std::uint32_t kEmptySlot = ~0u;
    std::array<std::uint32_t, 4> emit_slots_{kEmptySlot, kEmptySlot, kEmptySlot, kEmptySlot};
    std::array<OutputVertex, 2> carried_{};
    const GeometryBatch* batch_ = nullptr;
    std::uint64_t batch_generation_ = 0;
    GeometryBatch* gs_out_ = nullptr;

    // Post-vertex cache: index -> batch vertex id, valid while stamp matches this draw's.
    std::vector<std::uint32_t> cache_stamp_, cache_id_;
    std::uint32_t draw_stamp_ = 0;
    GeometryStats stats_;
};

} // namespace picavk::pica
