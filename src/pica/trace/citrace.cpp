#include "pica/trace/citrace.h"

#include "pica/regs/number_formats.h"
#include "pica/regs/reg_ids.h"
#include "pica/state/pica_state.h"

#include <algorithm>
#include <cstring>

namespace picavk::pica {

namespace {
constexpr std::uint32_t kHeaderSize = 100;
constexpr std::uint32_t kElementSize = 20;
constexpr std::uint32_t kFrameMarker = 0xE1, kMemoryLoad = 0xE2, kRegisterWrite = 0xE3;
constexpr std::uint32_t kSize32 = 0xD3;

std::uint32_t le32(const std::uint8_t* p) {
    return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 |
           std::uint32_t{p[3]} << 24;
}
void put32(std::vector<std::uint8_t>& out, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        out[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}
} // namespace

std::size_t CiTrace::frame_count() const {
    return static_cast<std::size_t>(std::count_if(stream.begin(), stream.end(), [](const auto& e) {
        return e.type == CiTraceElement::Type::FrameMarker;
    }));
}

void CiTrace::add_memory_load(std::uint32_t address, std::span<const std::uint8_t> bytes) {
    CiTraceElement e;
    e.type = CiTraceElement::Type::MemoryLoad;
    e.address = address;
    e.data_offset = static_cast<std::uint32_t>(data.size());
    e.data_size = static_cast<std::uint32_t>(bytes.size());
    data.insert(data.end(), bytes.begin(), bytes.end());
    stream.push_back(e);
}

void CiTrace::add_register_write(std::uint32_t address, std::uint32_t value) {
    CiTraceElement e;
    e.type = CiTraceElement::Type::RegisterWrite;
    e.address = address;
    e.value = value;
    stream.push_back(e);
}

void CiTrace::add_frame_marker() {
    stream.push_back(CiTraceElement{});
}

std::string read_citrace(std::span<const std::uint8_t> file, CiTrace& out, Diagnostics& diag) {
    out = CiTrace{};
    if (file.size() < kHeaderSize)
        return "file too short for a CiTrace header (" + std::to_string(file.size()) + " bytes)";
    const std::uint8_t* f = file.data();
    if (std::memcmp(f, "CiTr", 4) != 0) return "not a CiTrace file (magic is not \"CiTr\")";
    const std::uint32_t version = le32(f + 4);
    if (version != 1)
        return "unsupported CiTrace version " + std::to_string(version) + " (picavk reads 1)";
    const std::uint32_t header_size = le32(f + 8);
    if (header_size != kHeaderSize)
        diag.warn(Warning::TraceRepaired,
                  "header_size " + std::to_string(header_size) + " is not 100; read as 100");

    // Ten blocks: (offset, size in words) pairs from 0x0C.
    std::vector<std::uint32_t>* blocks[10] = {
        &out.gpu_registers, &out.lcd_registers,    &out.pica_registers,    &out.default_attributes,
        &out.vs_program,    &out.vs_swizzle,       &out.vs_float_uniforms, &out.gs_program,
        &out.gs_swizzle,    &out.gs_float_uniforms};
    static constexpr const char* kBlockNames[10] = {
        "gpu_registers", "lcd_registers",    "pica_registers",    "default_attributes",
        "vs_program",    "vs_swizzle",       "vs_float_uniforms", "gs_program",
        "gs_swizzle",    "gs_float_uniforms"};
    // The sizes a block may sensibly have (words); recorders wrote these or less.
    static constexpr std::uint32_t kMaxWords[10] = {0x1000, 0x400, 0x300, 64,   4096,
                                                    4096,   384,   4096,  4096, 384};
    for (unsigned i = 0; i < 10; ++i) {
        const std::uint32_t offset = le32(f + 0x0C + 8 * i);
        std::uint32_t words = le32(f + 0x10 + 8 * i);
        if (words > kMaxWords[i]) {
            diag.warn(Warning::TraceRepaired, [&] {
                return std::string(kBlockNames[i]) + " size " + std::to_string(words) +
                       " words is larger than the block can be; read as " +
                       std::to_string(kMaxWords[i]);
            });
            words = kMaxWords[i];
        }
        if (words == 0) continue;
        if (offset > file.size() || std::size_t{words} * 4 > file.size() - offset) {
            diag.warn(Warning::TraceRepaired, [&] {
                return std::string(kBlockNames[i]) + " runs past the end of the file; ignored";
            });
            continue;
        }
        blocks[i]->resize(words);
        for (std::uint32_t w = 0; w < words; ++w)
            (*blocks[i])[w] = le32(f + offset + 4 * w);
    }

    const std::uint32_t stream_offset = le32(f + 0x5C);
    std::uint32_t count = le32(f + 0x60);
    if (stream_offset > file.size())
        return "stream offset " + std::to_string(stream_offset) + " is past the end of the file";
    const std::size_t fits = (file.size() - stream_offset) / kElementSize;
    if (count > fits) {
        // stream_size counts elements; a recorder that stored bytes, or a truncated file.
        diag.warn(Warning::TraceRepaired, [&] {
            return "stream_size " + std::to_string(count) + " elements but the file holds " +
                   std::to_string(fits) + "; reading " + std::to_string(fits);
        });
        count = static_cast<std::uint32_t>(fits);
    }
    bool saw_old_layout = false, saw_new_layout = false;
    out.stream.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::uint8_t* e = f + stream_offset + std::size_t{i} * kElementSize;
        const std::uint32_t type = le32(e);
        CiTraceElement el;
        if (type == kFrameMarker) {
            el.type = CiTraceElement::Type::FrameMarker;
        } else if (type == kMemoryLoad) {
            const std::uint32_t offset = le32(e + 4), size = le32(e + 8);
            if (offset > file.size() || size > file.size() - offset) {
                diag.warn(Warning::TraceRepaired, [&] {
                    return "memory load " + std::to_string(i) + " points outside the file; skipped";
                });
                continue;
            }
            el.type = CiTraceElement::Type::MemoryLoad;
            el.address = le32(e + 12);
            el.data_offset = static_cast<std::uint32_t>(out.data.size());
            el.data_size = size;
            out.data.insert(out.data.end(), f + offset, f + offset + size);
        } else if (type == kRegisterWrite) {
            el.type = CiTraceElement::Type::RegisterWrite;
            el.address = le32(e + 4);
            const std::uint32_t code = le32(e + 8);
            if (code >= 0xD1 && code <= 0xD4) { // old Citra: size code, then a u64 value
                saw_old_layout = true;
                el.value = le32(e + 12);
                if (code != kSize32) {
                    diag.warn(Warning::TraceRepaired, [&] {
                        return "register write " + std::to_string(i) +
                               " is not 32-bit; GPU registers take 32-bit writes only; skipped";
                    });
                    continue;
                }
            } else { // Azahar: the value directly
                saw_new_layout = true;
                el.value = code;
            }
        } else {
            diag.warn(Warning::TraceRepaired, [&] {
                return "element " + std::to_string(i) + " has unknown type " + hex_string(type) +
                       "; skipped";
            });
            continue;
        }
        out.stream.push_back(el);
    }
    out.citra_register_layout = saw_old_layout || !saw_new_layout;
    return {};
}

std::vector<std::uint8_t> write_citrace(const CiTrace& t) {
    const std::vector<std::uint32_t>* blocks[10] = {
        &t.gpu_registers, &t.lcd_registers,    &t.pica_registers,    &t.default_attributes,
        &t.vs_program,    &t.vs_swizzle,       &t.vs_float_uniforms, &t.gs_program,
        &t.gs_swizzle,    &t.gs_float_uniforms};
    std::vector<std::uint8_t> out(kHeaderSize);
    std::memcpy(out.data(), "CiTr", 4);
    put32(out, 4, 1);
    put32(out, 8, kHeaderSize);
    for (unsigned i = 0; i < 10; ++i) {
        put32(out, 0x0C + 8 * i, static_cast<std::uint32_t>(out.size()));
        put32(out, 0x10 + 8 * i, static_cast<std::uint32_t>(blocks[i]->size()));
        const std::size_t at = out.size();
        out.resize(at + blocks[i]->size() * 4);
        for (std::size_t w = 0; w < blocks[i]->size(); ++w)
            put32(out, at + 4 * w, (*blocks[i])[w]);
    }
    // Memory payloads, then the element array (as Citra's recorder lays the file out).
    const std::size_t data_at = out.size();
    out.insert(out.end(), t.data.begin(), t.data.end());
    const std::size_t stream_at = out.size();
    put32(out, 0x5C, static_cast<std::uint32_t>(stream_at));
    put32(out, 0x60, static_cast<std::uint32_t>(t.stream.size()));
    out.resize(stream_at + t.stream.size() * kElementSize);
    for (std::size_t i = 0; i < t.stream.size(); ++i) {
        const CiTraceElement& e = t.stream[i];
        const std::size_t at = stream_at + i * kElementSize;
        switch (e.type) {
        case CiTraceElement::Type::FrameMarker:
            put32(out, at, kFrameMarker);
            break;
        case CiTraceElement::Type::MemoryLoad:
            put32(out, at, kMemoryLoad);
            put32(out, at + 4, static_cast<std::uint32_t>(data_at + e.data_offset));
            put32(out, at + 8, e.data_size);
            put32(out, at + 12, e.address);
            break;
        case CiTraceElement::Type::RegisterWrite:
            put32(out, at, kRegisterWrite);
            put32(out, at + 4, e.address);
            put32(out, at + 8, kSize32);
            put32(out, at + 12, e.value); // u64 value, high word 0
            break;
        }
    }
    return out;
}

namespace {

void load_shader(ShaderSetup& s, const std::vector<std::uint32_t>& code,
                 const std::vector<std::uint32_t>& swizzle,
                 const std::vector<std::uint32_t>& uniforms) {
    std::copy_n(code.begin(), std::min(code.size(), s.code.size()), s.code.begin());
    std::copy_n(swizzle.begin(), std::min(swizzle.size(), s.opdescs.size()), s.opdescs.begin());
    // One float24 word per component (old Citra wrote x, y, z, w; w may be garbage).
    for (std::size_t i = 0; i + 3 < uniforms.size() && i / 4 < s.float_uniforms.size(); i += 4)
        for (std::size_t c = 0; c < 4; ++c)
            s.float_uniforms[i / 4][c] = f24_to_float(uniforms[i + c] & 0xFFFFFF);
    ++s.program_version;
    ++s.float_uniforms_version;
}

} // namespace

void load_citrace_state(const CiTrace& t, PicaState& state) {
    for (std::size_t i = 0; i < std::min<std::size_t>(t.pica_registers.size(), kRegCount); ++i)
        state.regs[i] = t.pica_registers[i];
    for (std::uint32_t id : {GPUREG_FINALIZE, GPUREG_DRAWARRAYS, GPUREG_DRAWELEMENTS,
                             GPUREG_FRAMEBUFFER_FLUSH, GPUREG_FRAMEBUFFER_INVALIDATE,
                             GPUREG_CMDBUF_JUMP0, GPUREG_CMDBUF_JUMP1, GPUREG_EARLYDEPTH_CLEAR})
        state.regs[id] = 0;
    load_shader(state.vs, t.vs_program, t.vs_swizzle, t.vs_float_uniforms);
    load_shader(state.gs, t.gs_program, t.gs_swizzle, t.gs_float_uniforms);
    for (std::size_t i = 0;
         i + 3 < t.default_attributes.size() && i / 4 < state.fixed_attributes.size(); i += 4)
        for (std::size_t c = 0; c < 4; ++c)
            state.fixed_attributes[i / 4][c] = f24_to_float(t.default_attributes[i + c] & 0xFFFFFF);
}

} // namespace picavk::pica
