#pragma once

// CiTrace v1 (.ctf), the trace format Citra-family emulators record (Citra/Azahar
// src/core/tracer/citrace.h; layout and the recorders' quirks in
// docs/research/vulkan_renderer.md section 1, picavk's handling in docs/citrace.md).
//
// A 100-byte header names ten initial-state blocks (file offset + size in u32 words) and the
// stream (file offset + element count). Each 20-byte element is a frame marker, a memory load
// (file offset, byte size, physical address) or a register write (physical address, value).

#include "pica/diagnostics.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace picavk::pica {

struct CiTraceElement {
    enum class Type : std::uint8_t { FrameMarker, MemoryLoad, RegisterWrite };
    Type type = Type::FrameMarker;
    std::uint32_t address = 0;     // physical address (load target or register)
    std::uint32_t value = 0;       // register writes
    std::uint32_t data_offset = 0; // memory loads: offset into CiTrace::data
    std::uint32_t data_size = 0;
};

struct CiTrace {
    // Initial state, as u32 words (empty when the file lacks a block).
    std::vector<std::uint32_t> gpu_registers, lcd_registers, pica_registers, default_attributes,
        vs_program, vs_swizzle, vs_float_uniforms, gs_program, gs_swizzle, gs_float_uniforms;
    std::vector<CiTraceElement> stream;
    std::vector<std::uint8_t> data; // memory-load payloads
    // Old Citra layout (register writes with a size code): the P3D command-list size register
    // holds bytes, not bytes / 8.
    bool citra_register_layout = true;

    std::size_t frame_count() const;
    // Adds a memory load, storing its bytes.
    void add_memory_load(std::uint32_t address, std::span<const std::uint8_t> bytes);
    void add_register_write(std::uint32_t address, std::uint32_t value);
    void add_frame_marker();
};

// Parses a CiTrace file. Returns an empty string on success, else why the file is unusable.
// Repairable defects (a block running past the end of the file, an element count larger than
// the file holds, an unknown element type) are fixed and counted as TraceRepaired warnings.
std::string read_citrace(std::span<const std::uint8_t> file, CiTrace& out, Diagnostics& diag);

struct PicaState;
// Loads a trace's initial PICA state: the register file (triggers cleared: a snapshot starts
// nothing), both shader units' code, operand descriptors and float uniforms, and the fixed
// attributes (float24 words).
void load_citrace_state(const CiTrace& t, PicaState& state);

// Writes CiTrace v1 in the old Citra layout (register writes carry size code 0xD3 and a u64
// value; the command-list size register holds bytes), the layout every recorder that produced
// streams used, so Citra-family tools read it too.
std::vector<std::uint8_t> write_citrace(const CiTrace& trace);

} // namespace picavk::pica
