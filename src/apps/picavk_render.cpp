// picavk-render: runs a PICA command stream headless. Until the Vulkan renderer lands it runs the
// command front end and the geometry stage, and prints the decoded register state the stream
// leaves behind.
#include "picavk/session.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace {
void usage() {
    std::puts(
        "usage: picavk-render [--all-registers] [--stats]\n"
        "  With no trace, runs the built-in demo scene's command list and prints the\n"
        "  register state it leaves (registers holding 0 are left out unless --all-registers).");
}
} // namespace

int main(int argc, char** argv) {
    bool all = false, stats = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--all-registers") == 0) {
            all = true;
        } else if (std::strcmp(argv[i], "--stats") == 0) {
            stats = true;
        } else if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            usage();
            return 0;
        } else {
            std::fprintf(
                stderr,
                "picavk-render: unknown argument '%s' (trace replay arrives with the renderer)\n",
                argv[i]);
            usage();
            return 2;
        }
    }

    picavk::Session session;
    const auto vertices = picavk::demo_vertex_data();
    std::memcpy(session.fcram().data() + (picavk::demo_vertex_address() - 0x20000000u),
                vertices.data(), vertices.size());
    const auto commands = picavk::demo_command_list();
    const picavk::SubmitResult r = session.submit(commands);

    std::printf("picavk-render: built-in demo scene, %zu command words\n", commands.size());
    std::fputs(session.dump_registers(!all).c_str(), stdout);
    if (stats || !r.finalized) {
        std::printf(
            "commands: %llu  register writes: %llu  jumps: %u  finalized: %s  warnings: %llu\n",
            static_cast<unsigned long long>(r.commands),
            static_cast<unsigned long long>(r.register_writes), r.jumps, r.finalized ? "yes" : "no",
            static_cast<unsigned long long>(session.warning_count()));
        const picavk::GeometryCounters g = session.geometry_counters();
        std::printf("geometry: %llu draws  %llu vertex shader runs  %llu geometry shader runs  "
                    "%llu triangles\n",
                    static_cast<unsigned long long>(g.draws),
                    static_cast<unsigned long long>(g.vertex_shader_invocations),
                    static_cast<unsigned long long>(g.geometry_shader_invocations),
                    static_cast<unsigned long long>(g.triangles));
    }
    if (r.error) {
        std::fprintf(stderr, "picavk-render: %s\n", r.message.c_str());
        return 1;
    }
    return 0;
}
