// CiTrace output for the corpus recorder: a thin C wrapper around picavk's own CiTrace writer
// (src/pica/trace/citrace.cpp), so the files are written exactly as picavk writes its recordings
// (old Citra layout: register writes with size code 0xD3, CMDBUF_SIZE in bytes).

#include "trace_sink.h"

#include "pica/trace/citrace.h"

#include <cstdio>
#include <span>

namespace {
// Never destroyed: the file is written from an atexit handler, which may run after static
// destructors registered later.
picavk::pica::CiTrace& trace() {
    static picavk::pica::CiTrace* t = new picavk::pica::CiTrace;
    return *t;
}
} // namespace

extern "C" void trace_sink_memory_load(uint32_t paddr, const void* data, size_t size) {
    trace().add_memory_load(paddr, std::span(static_cast<const std::uint8_t*>(data), size));
}

extern "C" void trace_sink_register_write(uint32_t paddr, uint32_t value) {
    trace().add_register_write(paddr, value);
}

extern "C" void trace_sink_frame_marker(void) { trace().add_frame_marker(); }

extern "C" int trace_sink_write(const char* path, size_t* out_bytes, size_t* out_frames) {
    picavk::pica::CiTrace& t = trace();
    // Initial-state blocks: the PICA register file as zeros (what a freshly reset GPU holds as
    // far as the recorded programs are concerned); all real state comes from the command lists.
    t.pica_registers.assign(0x300, 0);
    const std::vector<std::uint8_t> bytes = picavk::pica::write_citrace(t);
    std::FILE* f = std::fopen(path, "wb");
    if (!f) return -1;
    const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
    if (std::fclose(f) != 0 || !ok) return -1;
    if (out_bytes) *out_bytes = bytes.size();
    if (out_frames) *out_frames = t.frame_count();
    return 0;
}
