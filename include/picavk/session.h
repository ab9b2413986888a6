#pragma once

// picavk's public API: what an emulator or tool holds to feed PICA command lists to picavk.
// (The renderer attaches to a Session as it lands; today a Session runs the command front end
// and the geometry stage.)

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace picavk {

struct SubmitResult {
    bool finalized = false; // the list ended with GPUREG_FINALIZE
    bool error = false;     // processing stopped on bad input (see message)
    std::uint64_t commands = 0;
    std::uint64_t register_writes = 0;
    std::uint32_t jumps = 0;
    std::string message;
};

// What the geometry stage has done so far (vertex loading, shaders, primitive assembly).
struct GeometryCounters {
    std::uint64_t draws = 0;
    std::uint64_t vertex_shader_invocations = 0; // after the post-vertex cache
    std::uint64_t geometry_shader_invocations = 0;
    std::uint64_t triangles = 0;
};

class Session {
  public:
    // Guest memory owned by the session (tools, tests): 6 MiB VRAM, fcram_size bytes of FCRAM.
    explicit Session(std::uint32_t fcram_size = 128u << 20);
    // Guest memory owned by the embedder (an emulator's VRAM and FCRAM); it must outlive the
    // session.
    Session(std::span<std::uint8_t> vram, std::span<std::uint8_t> fcram);
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    std::span<std::uint8_t> vram();
    std::span<std::uint8_t> fcram();

    // Runs a command list from host memory (CMDBUF jumps continue in guest memory).
    SubmitResult submit(std::span<const std::uint32_t> words);
    // Runs a command list from guest memory, as the P3D command-list trigger names it.
    SubmitResult submit_guest(std::uint32_t physical_address, std::uint32_t size_bytes);

    // The register file, decoded field by field (registers holding 0 left out unless asked).
    std::string dump_registers(bool only_nonzero = true) const;
    std::uint32_t read_register(std::uint32_t id) const;
    GeometryCounters geometry_counters() const;
    // Bad input survived so far (counted warnings), in total.
    std::uint64_t warning_count() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The built-in demo scene (one frame of a textured, fogged, depth-tested cube): its command
// list, and the vertex data the list expects at guest address demo_vertex_address().
std::vector<std::uint32_t> demo_command_list();
std::vector<std::uint8_t> demo_vertex_data();
std::uint32_t demo_vertex_address();

} // namespace picavk
