// The built-in demo frame, driven through the same entry points an emulator uses.
#include "api/demo_actions.h"
#include "picavk/session.h"

#include "pica/regs/reg_ids.h"
#include "pica/transfer/external_regs.h"
#include "pica/transfer/transfer_engine.h"
#include "scenes/demo_scene.h"

#include <cstring>

namespace picavk {

namespace {
using scenes::DemoScene;
constexpr std::uint32_t kGpu = pica::kExternalRegsBase;
constexpr std::uint32_t internal_reg(std::uint32_t id) {
    return pica::kInternalMirrorBase + 4 * id;
}

// Records one frame's guest actions in order.
struct Recorder {
    std::vector<GuestAction> actions;
    void write_memory(std::uint32_t address, std::span<const std::uint8_t> bytes) {
        actions.push_back(
            {GuestAction::Kind::MemoryWrite, address, 0, {bytes.begin(), bytes.end()}});
    }
    void write_gpu_register(std::uint32_t address, std::uint32_t value) {
        actions.push_back({GuestAction::Kind::RegisterWrite, address, value, {}});
    }
};

void memory_fill(Recorder& s, std::uint32_t unit_offset, std::uint32_t start, std::uint32_t end,
                 std::uint32_t value, std::uint32_t width) {
    s.write_gpu_register(kGpu + unit_offset + 0x0, start >> 3);
    s.write_gpu_register(kGpu + unit_offset + 0x4, end >> 3);
    s.write_gpu_register(kGpu + unit_offset + 0x8, value);
    s.write_gpu_register(kGpu + unit_offset + 0xC, (width << 8) | 1);
}

void lcd_setup(Recorder& s, std::uint32_t block, std::uint32_t address, std::uint32_t height) {
    s.write_gpu_register(kGpu + block + 0x5C, 240u | (height << 16));
    s.write_gpu_register(kGpu + block + 0x68, address);
    s.write_gpu_register(kGpu + block + 0x6C, address);
    s.write_gpu_register(kGpu + block + 0x70,
                         static_cast<std::uint32_t>(pica::TransferFormat::RGB8));
    s.write_gpu_register(kGpu + block + 0x78, 0);
    s.write_gpu_register(kGpu + block + 0x90, 240 * 3);
}
} // namespace

std::vector<GuestAction> demo_frame_actions(std::uint32_t frame_index) {
    return demo_frame_actions(frame_index, scenes::DemoLook::Full);
}

std::vector<GuestAction> demo_frame_actions(std::uint32_t frame_index, scenes::DemoLook look) {
    Recorder session;
    const DemoScene scene =
        scenes::build_demo_scene(0.6f + 0.05f * static_cast<float>(frame_index), look);
    session.write_memory(DemoScene::kVertexAddress, scene.vertex_data);
    session.write_memory(DemoScene::kTextureAddress, scene.texture_data);
    std::vector<std::uint8_t> list(scene.commands.size() * 4);
    std::memcpy(list.data(), scene.commands.data(), list.size());
    session.write_memory(DemoScene::kCommandListAddress, list);

    // Clear: colour to a dark blue-grey, depth 0 and stencil 0 (PSC0 32-bit, PSC1 32-bit).
    const std::uint32_t target_bytes = 240 * 400 * 4;
    memory_fill(session, 0x10, DemoScene::kColorBufferAddress,
                DemoScene::kColorBufferAddress + target_bytes, 0x302018FF, 2);
    memory_fill(session, 0x20, DemoScene::kDepthBufferAddress,
                DemoScene::kDepthBufferAddress + target_bytes, 0, 2);

    // Run the command list through the P3D registers (size in bytes / 8).
    session.write_gpu_register(internal_reg(pica::GPUREG_CMDBUF_SIZE0),
                               static_cast<std::uint32_t>(list.size() / 8));
    session.write_gpu_register(internal_reg(pica::GPUREG_CMDBUF_ADDR0),
                               DemoScene::kCommandListAddress >> 3);
    session.write_gpu_register(internal_reg(pica::GPUREG_CMDBUF_JUMP0), 1);

    // Display transfer: tiled RGBA8 colour buffer -> linear RGB8 top-screen framebuffer.
    const std::uint32_t b = kGpu + 0xC00;
    session.write_gpu_register(b + 0x00, DemoScene::kColorBufferAddress >> 3);
    session.write_gpu_register(b + 0x04, DemoScene::kTopFramebufferAddress >> 3);
    session.write_gpu_register(b + 0x08, pica::transfer_dim(240, 400));
    session.write_gpu_register(b + 0x0C, pica::transfer_dim(240, 400));
    session.write_gpu_register(b + 0x10,
                               pica::TransferFlags::input_format(pica::TransferFormat::RGBA8) |
                                   pica::TransferFlags::output_format(pica::TransferFormat::RGB8));
    session.write_gpu_register(b + 0x18, 1);

    // Bottom screen: a filled framebuffer (24-bit fill: bytes B, G, R in memory).
    memory_fill(session, 0x10, DemoScene::kBottomFramebufferAddress,
                DemoScene::kBottomFramebufferAddress + 240 * 320 * 3, 0x00603828, 1);

    lcd_setup(session, 0x400, DemoScene::kTopFramebufferAddress, 400);
    lcd_setup(session, 0x500, DemoScene::kBottomFramebufferAddress, 320);
    return std::move(session.actions);
}

void run_demo_frame(Session& session, std::uint32_t frame_index) {
    for (const GuestAction& a : demo_frame_actions(frame_index)) {
        if (a.kind == GuestAction::Kind::MemoryWrite)
            session.write_memory(a.address, a.bytes);
        else
            session.write_gpu_register(a.address, a.value);
    }
    session.end_frame();
}

std::vector<std::uint32_t> demo_command_list() {
    return scenes::build_demo_scene().commands;
}
std::vector<std::uint8_t> demo_vertex_data() {
    return scenes::build_demo_scene().vertex_data;
}
std::uint32_t demo_vertex_address() {
    return scenes::DemoScene::kVertexAddress;
}

} // namespace picavk
