// CiTrace v1 reading and writing (src/pica/trace/citrace.h; layout in docs/citrace.md).
#include "pica/trace/citrace.h"

#include <doctest/doctest.h>

#include <cstring>

using namespace picavk::pica;

namespace {
void put32(std::vector<std::uint8_t>& f, std::size_t at, std::uint32_t v) {
    std::memcpy(&f[at], &v, 4);
}
CiTrace sample() {
    CiTrace t;
    t.pica_registers.assign(0x300, 0);
    t.pica_registers[0x41] = 0x123456;
    t.vs_program = {0x4C000000, 0x88000000};
    t.vs_float_uniforms = {1, 2, 3, 4};
    const std::uint8_t bytes[5] = {1, 2, 3, 4, 5};
    t.add_memory_load(0x18000000, bytes);
    t.add_register_write(0x10400C18, 1);
    t.add_frame_marker();
    t.add_register_write(0x104018E0, 0x80);
    t.add_frame_marker();
    return t;
}
} // namespace

TEST_CASE("citrace: what the writer writes, the reader reads back") {
    const CiTrace t = sample();
    const std::vector<std::uint8_t> file = write_citrace(t);
    // Header: magic, version 1, header size 100; the stream offset points past the blocks
    // and the memory payloads; stream_size counts elements.
    CHECK(std::memcmp(file.data(), "CiTr", 4) == 0);
    CHECK(file[4] == 1);
    CHECK(file[8] == 100);
    std::uint32_t count;
    std::memcpy(&count, &file[0x60], 4);
    CHECK(count == 5);
    // Register writes use the Citra layout: size code 0xD3 at +8, the value at +12.
    std::uint32_t stream_offset, code;
    std::memcpy(&stream_offset, &file[0x5C], 4);
    std::memcpy(&code, &file[stream_offset + 20 + 8], 4);
    CHECK(code == 0xD3u);

    Diagnostics diag;
    CiTrace back;
    CHECK(read_citrace(file, back, diag).empty());
    CHECK(diag.total() == 0);
    CHECK(back.pica_registers == t.pica_registers);
    CHECK(back.vs_program == t.vs_program);
    CHECK(back.vs_float_uniforms == t.vs_float_uniforms);
    REQUIRE(back.stream.size() == 5);
    CHECK(back.stream[0].type == CiTraceElement::Type::MemoryLoad);
    CHECK(back.stream[0].address == 0x18000000u);
    CHECK(back.stream[0].data_size == 5u);
    CHECK(back.data[back.stream[0].data_offset + 4] == 5);
    CHECK(back.stream[1].address == 0x10400C18u);
    CHECK(back.stream[1].value == 1u);
    CHECK(back.stream[3].value == 0x80u);
    CHECK(back.frame_count() == 2);
    CHECK(back.citra_register_layout);
}

TEST_CASE("citrace: unusable files are refused with a reason") {
    Diagnostics diag;
    CiTrace t;
    std::vector<std::uint8_t> file = write_citrace(sample());
    CHECK_FALSE(read_citrace(std::span(file).first(50), t, diag).empty()); // truncated header
    auto bad = file;
    bad[0] = 'X';
    CHECK(read_citrace(bad, t, diag).find("magic") != std::string::npos);
    bad = file;
    bad[4] = 2;
    CHECK(read_citrace(bad, t, diag).find("version") != std::string::npos);
    bad = file;
    put32(bad, 0x5C, 0xFFFFFFF0u); // stream offset past the end
    CHECK_FALSE(read_citrace(bad, t, diag).empty());
}

TEST_CASE("citrace: repairable defects are repaired and counted") {
    const std::vector<std::uint8_t> file = write_citrace(sample());
    SUBCASE("a garbage block size (Azahar leaves gpu_registers_size uninitialised)") {
        auto f = file;
        put32(f, 0x10, 0xDEADBEEF);
        Diagnostics diag;
        CiTrace t;
        CHECK(read_citrace(f, t, diag).empty());
        CHECK(diag.count(Warning::TraceRepaired) >= 1);
        CHECK(t.stream.size() == 5); // the stream is unaffected
    }
    SUBCASE("stream_size larger than the file holds (bytes instead of elements, or truncation)") {
        auto f = file;
        put32(f, 0x60, 5 * 20);
        Diagnostics diag;
        CiTrace t;
        CHECK(read_citrace(f, t, diag).empty());
        CHECK(diag.count(Warning::TraceRepaired) == 1);
        CHECK(t.stream.size() == 5);
        // Truncated in the middle of the stream: whole elements are kept.
        Diagnostics d2;
        CHECK(read_citrace(std::span(file).first(file.size() - 30), t, d2).empty());
        CHECK(t.stream.size() == 3);
        CHECK(d2.count(Warning::TraceRepaired) == 1);
    }
    SUBCASE("unknown element types and loads outside the file are skipped") {
        auto f = file;
        std::uint32_t stream_offset;
        std::memcpy(&stream_offset, &f[0x5C], 4);
        put32(f, stream_offset + 20 * 2, 0x77);   // element 2: unknown type
        put32(f, stream_offset + 4, 0xFFFFFF00u); // element 0: payload offset outside
        Diagnostics diag;
        CiTrace t;
        CHECK(read_citrace(f, t, diag).empty());
        CHECK(diag.count(Warning::TraceRepaired) == 2);
        CHECK(t.stream.size() == 3);
    }
    SUBCASE("Azahar's register-write layout (value at +8, no size code) is recognised") {
        auto f = file;
        std::uint32_t stream_offset;
        std::memcpy(&stream_offset, &f[0x5C], 4);
        for (std::uint32_t i : {1u, 3u}) {
            std::uint32_t value;
            std::memcpy(&value, &f[stream_offset + 20 * i + 12], 4);
            put32(f, stream_offset + 20 * i + 8, value);
            put32(f, stream_offset + 20 * i + 12, 0);
        }
        Diagnostics diag;
        CiTrace t;
        CHECK(read_citrace(f, t, diag).empty());
        CHECK_FALSE(t.citra_register_layout);
        CHECK(t.stream[3].value == 0x80u);
    }
}
