#pragma once

#include "pica/state/pica_state.h"

#include <span>

namespace picavk::pica {

enum class ShaderUnit : std::uint8_t { Vertex, Geometry };

// What the command processor hands on when a trigger register is written. The geometry pipeline
// and the renderer implement it; every callback defaults to doing nothing. Register state is
// already updated when a callback runs.
class CommandHandler {
  public:
    virtual ~CommandHandler() = default;

    virtual void on_draw_arrays() {}
    virtual void on_draw_elements() {}
    // One complete immediate-mode vertex: VSH_NUM_ATTR + 1 attributes, in submission order.
    virtual void on_immediate_vertex(std::span<const AttributeValue> attributes) {
        (void)attributes;
    }
    virtual void on_post_vertex_cache_clear() {} // GPUREG_VTX_FUNC
    virtual void on_restart_primitive() {}
    virtual void on_framebuffer_flush() {}
    virtual void on_framebuffer_invalidate() {}
    virtual void on_early_depth_clear() {}
    virtual void on_shader_code_transfer_end(ShaderUnit unit) { (void)unit; }
    virtual void on_finalize() {} // P3D interrupt: the command list is done
};

} // namespace picavk::pica
