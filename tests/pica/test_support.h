#pragma once

#include "pica/command/command_processor.h"

#include <string>
#include <vector>

namespace picavk::test {

// Records every callback as a line of text, for asserting what a command list triggered.
struct RecordingHandler : pica::CommandHandler {
    std::vector<std::string> events;
    std::vector<std::vector<pica::AttributeValue>> immediate_vertices;

    void on_draw_arrays() override { events.push_back("draw_arrays"); }
    void on_draw_elements() override { events.push_back("draw_elements"); }
    void on_immediate_vertex(std::span<const pica::AttributeValue> a) override {
        events.push_back("immediate_vertex");
        immediate_vertices.emplace_back(a.begin(), a.end());
    }
    void on_post_vertex_cache_clear() override { events.push_back("vtx_func"); }
    void on_restart_primitive() override { events.push_back("restart_primitive"); }
    void on_framebuffer_flush() override { events.push_back("flush"); }
    void on_framebuffer_invalidate() override { events.push_back("invalidate"); }
    void on_early_depth_clear() override { events.push_back("early_depth_clear"); }
    void on_shader_code_transfer_end(pica::ShaderUnit u) override {
        events.push_back(u == pica::ShaderUnit::Vertex ? "vs_code_end" : "gs_code_end");
    }
    void on_finalize() override { events.push_back("finalize"); }
};

// A processor over owned guest memory with a recording handler and silent diagnostics.
struct Harness {
    pica::GuestMemory memory;
    pica::PicaState state;
    pica::Diagnostics diag;
    RecordingHandler handler;
    pica::CommandProcessor cp{state, memory.view(), diag, &handler};
    std::vector<std::string> warnings;

    Harness() {
        diag.set_sink([this](pica::Warning, const std::string& m) { warnings.push_back(m); });
    }
    pica::CommandProcessor::Result run(const std::vector<std::uint32_t>& words) {
        return cp.run(words);
    }
};

} // namespace picavk::test
