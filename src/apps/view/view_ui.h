#pragma once

// picavk-view's overlay: Dear ImGui (Debian's libimgui-dev, with the GLFW and Vulkan backends it
// ships as sources) drawn over the screens through picavk's window overlay hook
// (picavk/vulkan.h set_overlay). Controls, a statistics panel and the register state.

#include "picavk/session.h"
#include "picavk/vulkan.h"

#include <GLFW/glfw3.h>

#include <deque>
#include <map>
#include <string>
#include <vector>

namespace picavk::view {

// What the window's controls change; the main loop applies it.
struct PlayerState {
    bool playing = true;
    bool loop = true;
    bool step = false;    // one frame forward, then pause
    bool restart = false; // back to frame 0
    bool screenshot = false;
    std::size_t frame = 0;  // the next frame to play
    std::size_t frames = 0; // frames in the trace (0: the demo, endless)
    std::uint32_t scale = 1;
    PresentOptions present;
    std::string source; // what is playing (trace path or "built-in demo")
    std::string status; // the last screenshot or error, shown in the panel
    // Custom textures (F6 dumps into dump_dir, F7 draws pack_dir's replacements; a panel
    // checkbox each; the pack's only where --textures named one).
    bool dump_textures = false, use_pack = false;
    TextureFilter filter = TextureFilter::None; // at scales above 1
    std::string dump_dir = "picavk-texture-dump", pack_dir;
};

class ViewUi {
  public:
    ViewUi(GLFWwindow* window, Session& session);
    ~ViewUi();
    ViewUi(const ViewUi&) = delete;
    ViewUi& operator=(const ViewUi&) = delete;

    bool shown() const { return shown_; }
    // The overlay has the keyboard (a text field): the viewer's keys are not read.
    bool wants_keyboard() const;
    void set_shown(bool shown) { shown_ = shown; }
    // Every panel open, a draw selected once there is one, the GPU time by pass on (the
    // self-test draws them all).
    void open_all_panels();
    // Builds this frame's widgets (ImGui new frame); the overlay hook draws them at present().
    void build(PlayerState& state, double frame_ms);

  private:
    void draw(const OverlayTarget& target);
    void stats_panel(double frame_ms);
    void controls_panel(PlayerState& state);
    void registers_panel();
    void draws_panel();
    void destroy_framebuffers();

    Session& session_;
    VulkanContext vk_;
    bool shown_ = true;
    bool built_ = false; // a frame was built since the last draw
    bool backend_ready_ = false;
    VkFormat format_ = VK_FORMAT_UNDEFINED;
    VkRenderPass render_pass_ = VK_NULL_HANDLE;
    VkDescriptorPool pool_ = VK_NULL_HANDLE;
    struct Framebuffer {
        VkFramebuffer framebuffer = VK_NULL_HANDLE;
        VkExtent2D extent{};
    };
    std::map<VkImageView, Framebuffer> framebuffers_;
    std::deque<float> frame_times_;
    bool show_registers_ = false;
    std::string registers_;
    bool show_draws_ = false;
    int selected_draw_ = -1;
    bool select_first_ = false;
    std::uint64_t draws_frame_ = 0; // the frame whose draws the panel lists
    std::vector<Session::CapturedDraw> draws_;
    std::string draw_registers_, draw_glsl_;
    // GPU time by pass: the profile when the last frame ended, and each pass's share of it.
    bool gpu_profile_ = false;
    std::uint64_t profile_frame_ = 0;
    GpuProfile profile_;
    std::vector<GpuPassProfile> profile_frame_passes_;
    void gpu_profile_lines();
};

} // namespace picavk::view
