#pragma once

// The demo frame's guest actions in either look (scenes::DemoLook): the public
// demo_frame_actions (picavk/session.h) is the Full one; the Flat one is for measuring what the
// host's rasterizer costs without the shading (bench BM_RendererDemoScale).
#include "picavk/session.h"
#include "scenes/demo_scene.h"

#include <cstdint>
#include <vector>

namespace picavk {

std::vector<GuestAction> demo_frame_actions(std::uint32_t frame_index, scenes::DemoLook look);

} // namespace picavk
