#include "view_ui.h"

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_vulkan.h>

#include <cstdio>
#include <stdexcept>
#include <vector>

namespace picavk::view {

namespace {
void check_vk(VkResult r) {
    if (r != VK_SUCCESS) throw std::runtime_error("picavk-view: Vulkan call failed in the overlay");
}
constexpr std::size_t kFrameHistory = 240;
const char* const kLayoutNames[] = {"default", "single top", "single bottom", "side by side",
                                    "large top"};
// In StereoMode order.
const char* const kStereoNames[] = {
    "left eye", "right eye",  "side by side (half)", "side by side (full)",
    "anaglyph", "interlaced", "reverse interlaced"};
} // namespace

ViewUi::ViewUi(GLFWwindow* window, Session& session)
    : session_(session), vk_(vulkan_context(session)) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr; // no imgui.ini next to the traces
    ImGui::StyleColorsDark();
    // The font atlas is built now, on the CPU: the first frame is built before the Vulkan
    // backend exists (it starts inside the first overlay call, which uploads the atlas).
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    ImGui_ImplGlfw_InitForVulkan(window, true);
    set_overlay(session_, [this](const OverlayTarget& t) { draw(t); });
}

ViewUi::~ViewUi() {
    set_overlay(session_, nullptr);
    if (vk_.device) vkDeviceWaitIdle(vk_.device);
    if (backend_ready_) ImGui_ImplVulkan_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    destroy_framebuffers();
    if (render_pass_) vkDestroyRenderPass(vk_.device, render_pass_, nullptr);
    if (pool_) vkDestroyDescriptorPool(vk_.device, pool_, nullptr);
}

void ViewUi::open_all_panels() {
    shown_ = show_registers_ = show_draws_ = select_first_ = true;
    session_.set_draw_capture(true);
    gpu_profile_ = true;
    session_.set_gpu_profile(true);
}

bool ViewUi::wants_keyboard() const {
    return shown_ && ImGui::GetIO().WantCaptureKeyboard;
}

void ViewUi::destroy_framebuffers() {
    for (auto& [view, fb] : framebuffers_)
        vkDestroyFramebuffer(vk_.device, fb.framebuffer, nullptr);
    framebuffers_.clear();
}

void ViewUi::draw(const OverlayTarget& t) {
    if (!built_) return;
    built_ = false;
    if (!backend_ready_ || t.format != format_) {
        // ImGui 1.86's Vulkan backend draws inside a render pass: one that keeps the screens
        // (load) and leaves the image in the layout picavk expects.
        if (backend_ready_) {
            vkDeviceWaitIdle(vk_.device);
            ImGui_ImplVulkan_Shutdown();
            destroy_framebuffers();
            vkDestroyRenderPass(vk_.device, render_pass_, nullptr);
        }
        VkAttachmentDescription a{};
        a.format = t.format;
        a.samples = VK_SAMPLE_COUNT_1_BIT;
        a.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
        a.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
        a.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
        a.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
        a.initialLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
        a.finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
        VkAttachmentReference ref{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
        VkSubpassDescription sub{};
        sub.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
        sub.colorAttachmentCount = 1;
        sub.pColorAttachments = &ref;
        // The screens were drawn into the image just before, in the same command buffer.
        VkSubpassDependency dep{};
        dep.srcSubpass = VK_SUBPASS_EXTERNAL;
        dep.dstSubpass = 0;
        dep.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
        dep.dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
        dep.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
        dep.dstAccessMask =
            VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
        VkRenderPassCreateInfo rp{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
        rp.attachmentCount = 1;
        rp.pAttachments = &a;
        rp.subpassCount = 1;
        rp.pSubpasses = &sub;
        rp.dependencyCount = 1;
        rp.pDependencies = &dep;
        check_vk(vkCreateRenderPass(vk_.device, &rp, nullptr, &render_pass_));
        if (!pool_) {
            VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 16};
            VkDescriptorPoolCreateInfo pi{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
            pi.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
            pi.maxSets = 16;
            pi.poolSizeCount = 1;
            pi.pPoolSizes = &size;
            check_vk(vkCreateDescriptorPool(vk_.device, &pi, nullptr, &pool_));
        }
        ImGui_ImplVulkan_InitInfo init{};
        init.Instance = vk_.instance;
        init.PhysicalDevice = vk_.physical_device;
        init.Device = vk_.device;
        init.QueueFamily = vk_.queue_family;
        init.Queue = vk_.queue;
        init.DescriptorPool = pool_;
        init.MinImageCount = t.image_count < 2 ? 2 : t.image_count;
        init.ImageCount = init.MinImageCount;
        init.MSAASamples = VK_SAMPLE_COUNT_1_BIT;
        init.CheckVkResultFn = &check_vk;
        ImGui_ImplVulkan_Init(&init, render_pass_);
        // The font atlas is uploaded by this frame's command buffer (picavk submits it).
        ImGui_ImplVulkan_CreateFontsTexture(t.cmd);
        format_ = t.format;
        backend_ready_ = true;
    }
    Framebuffer& fb = framebuffers_[t.view];
    if (fb.framebuffer &&
        (fb.extent.width != t.extent.width || fb.extent.height != t.extent.height)) {
        vkDestroyFramebuffer(vk_.device, fb.framebuffer, nullptr);
        fb.framebuffer = VK_NULL_HANDLE;
    }
    if (!fb.framebuffer) {
        VkFramebufferCreateInfo fi{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
        fi.renderPass = render_pass_;
        fi.attachmentCount = 1;
        fi.pAttachments = &t.view;
        fi.width = t.extent.width;
        fi.height = t.extent.height;
        fi.layers = 1;
        check_vk(vkCreateFramebuffer(vk_.device, &fi, nullptr, &fb.framebuffer));
        fb.extent = t.extent;
    }
    VkRenderPassBeginInfo bi{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
    bi.renderPass = render_pass_;
    bi.framebuffer = fb.framebuffer;
    bi.renderArea = {{0, 0}, t.extent};
    vkCmdBeginRenderPass(t.cmd, &bi, VK_SUBPASS_CONTENTS_INLINE);
    ImGui_ImplVulkan_RenderDrawData(ImGui::GetDrawData(), t.cmd);
    vkCmdEndRenderPass(t.cmd);
}

void ViewUi::build(PlayerState& state, double frame_ms) {
    frame_times_.push_back(static_cast<float>(frame_ms));
    if (frame_times_.size() > kFrameHistory) frame_times_.pop_front();
    if (!shown_) return;
    // Swapchain images come and go with resizes: views no longer in use are forgotten lazily
    // (a few framebuffers at most).
    if (framebuffers_.size() > 8) {
        vkDeviceWaitIdle(vk_.device);
        destroy_framebuffers();
    }
    if (backend_ready_) ImGui_ImplVulkan_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    controls_panel(state);
    stats_panel(frame_ms);
    if (show_registers_) registers_panel();
    if (show_draws_) draws_panel();
    ImGui::Render();
    built_ = true;
}

void ViewUi::controls_panel(PlayerState& s) {
    ImGui::SetNextWindowPos(ImVec2(8, 8), ImGuiCond_FirstUseEver);
    ImGui::Begin("picavk-view", nullptr, ImGuiWindowFlags_AlwaysAutoResize);
    ImGui::Text("%s", s.source.c_str());
    if (s.frames)
        ImGui::Text("frame %zu / %zu", s.frame, s.frames);
    else
        ImGui::Text("frame %zu", s.frame);
    if (ImGui::Button(s.playing ? "pause (space)" : "play (space)")) s.playing = !s.playing;
    ImGui::SameLine();
    if (ImGui::Button("step (right)")) s.step = true;
    ImGui::SameLine();
    if (ImGui::Button("restart (R)")) s.restart = true;
    ImGui::Checkbox("loop (L)", &s.loop);
    int scale = static_cast<int>(s.scale);
    if (ImGui::SliderInt("scale (+/-)", &scale, 1, 10)) s.scale = static_cast<std::uint32_t>(scale);
    int layout = static_cast<int>(s.present.layout);
    if (ImGui::Combo("layout (F2)", &layout, kLayoutNames, 5))
        s.present.layout = static_cast<ScreenLayout>(layout);
    bool linear = s.present.filter == ScreenFilter::Linear;
    if (ImGui::Checkbox("linear filter (F3)", &linear))
        s.present.filter = linear ? ScreenFilter::Linear : ScreenFilter::Nearest;
    int stereo = static_cast<int>(s.present.stereo);
    if (ImGui::Combo("3D (F4)", &stereo, kStereoNames, 7))
        s.present.stereo = static_cast<StereoMode>(stereo);
    ImGui::SameLine();
    ImGui::Checkbox("swap eyes (F5)", &s.present.swap_eyes);
    ImGui::Checkbox("whole factors", &s.present.integer_scale);
    static const char* const kFilterNames[] = {"none", "bicubic", "ScaleFORCE",
                                               "MMPX", "xBRZ",    "Anime4K"};
    int filter = static_cast<int>(s.filter);
    if (ImGui::Combo("texture filter", &filter, kFilterNames, 6))
        s.filter = static_cast<TextureFilter>(filter);
    ImGui::Checkbox("dump textures (F6)", &s.dump_textures);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("into %s", s.dump_dir.c_str());
    if (!s.pack_dir.empty()) {
        ImGui::SameLine();
        ImGui::Checkbox("texture pack (F7)", &s.use_pack);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.pack_dir.c_str());
    }
    if (ImGui::Button("screenshot (F12)")) s.screenshot = true;
    ImGui::SameLine();
    ImGui::Checkbox("registers", &show_registers_);
    ImGui::SameLine();
    if (ImGui::Checkbox("draws", &show_draws_)) {
        session_.set_draw_capture(show_draws_);
        selected_draw_ = -1;
    }
    if (!s.status.empty()) ImGui::TextWrapped("%s", s.status.c_str());
    ImGui::TextDisabled("F1 hides this overlay; drop a .ctf trace on the window to open it");
    ImGui::End();
}

void ViewUi::stats_panel(double frame_ms) {
    ImGui::SetNextWindowPos(ImVec2(8, 300), ImGuiCond_FirstUseEver);
    ImGui::Begin("statistics", nullptr, ImGuiWindowFlags_AlwaysAutoResize);
    std::vector<float> times(frame_times_.begin(), frame_times_.end());
    float peak = 1;
    for (float t : times)
        peak = t > peak ? t : peak;
    ImGui::PlotLines("frame ms", times.data(), static_cast<int>(times.size()), 0, nullptr, 0,
                     peak * 1.1f, ImVec2(240, 60));
    ImGui::Text("frame %.2f ms (%.0f fps)", frame_ms, frame_ms > 0 ? 1000.0 / frame_ms : 0.0);
    const FrameStats f = session_.last_frame_stats();
    const RendererCounters& r = f.renderer;
    ImGui::Text("picavk CPU %.2f ms in the last frame", f.cpu_ms);
    // Submissions are counted once complete, so the window's own present may land a frame late.
    ImGui::Text("GPU busy %.2f ms (submissions completed in the frame)",
                static_cast<double>(r.gpu_time_ns) / 1e6);
    ImGui::Text("draws %llu (host %llu), triangles %llu", (unsigned long long)r.draws,
                (unsigned long long)r.host_draws, (unsigned long long)r.triangles);
    ImGui::Text("pipelines %llu, shaders %llu, ubershader draws %llu",
                (unsigned long long)r.pipelines_created, (unsigned long long)r.shaders_compiled,
                (unsigned long long)r.ubershader_draws);
    ImGui::Text(
        "vertex shaders: GPU %llu, CPU %llu (GS %llu, immediate %llu, small %llu, "
        "compiling %llu, other %llu)",
        (unsigned long long)r.gpu_vertex_draws, (unsigned long long)(r.draws - r.gpu_vertex_draws),
        (unsigned long long)r.vertex_fallbacks.geometry_shader,
        (unsigned long long)r.vertex_fallbacks.immediate_mode,
        (unsigned long long)r.vertex_fallbacks.small_draw,
        (unsigned long long)r.vertex_fallbacks.compiling,
        (unsigned long long)(r.vertex_fallbacks.carried_primitive +
                             r.vertex_fallbacks.program_refused + r.vertex_fallbacks.vertex_fetch +
                             r.vertex_fallbacks.no_quaternion_flip));
    ImGui::Text("disk-cache shaders %llu, pipeline-cache hits %llu",
                (unsigned long long)r.shaders_from_disk, (unsigned long long)r.pipeline_cache_hits);
    ImGui::Text("uploads %llu, write-backs %llu, read-back bytes %llu",
                (unsigned long long)r.surface_uploads, (unsigned long long)r.surface_writebacks,
                (unsigned long long)r.readback_bytes);
    gpu_profile_lines();
    const RendererCounters total = session_.renderer_counters();
    ImGui::Text("presented %llu, validation messages %llu",
                (unsigned long long)total.presented_frames,
                (unsigned long long)total.validation_messages);
    const auto warnings = session_.warning_counts();
    if (warnings.empty()) ImGui::Text("no warnings");
    for (const auto& [kind, n] : warnings)
        ImGui::Text("warning %s: %llu", kind.c_str(), (unsigned long long)n);
    ImGui::End();
}

void ViewUi::gpu_profile_lines() {
    if (ImGui::Checkbox("GPU time by pass", &gpu_profile_)) {
        session_.set_gpu_profile(gpu_profile_);
        profile_ = session_.gpu_profile();
        profile_frame_passes_.clear();
    }
    if (!gpu_profile_) return;
    // A new frame ended: its passes are the growth of the running totals since the last one.
    const std::uint64_t frame = session_.last_frame_stats().frame;
    if (frame != profile_frame_) {
        profile_frame_ = frame;
        const GpuProfile now = session_.gpu_profile();
        profile_frame_passes_ = now.passes;
        for (GpuPassProfile& p : profile_frame_passes_)
            for (const GpuPassProfile& q : profile_.passes)
                if (q.pass == p.pass) {
                    p.ns -= q.ns;
                    p.count -= q.count;
                    p.bytes_read -= q.bytes_read;
                    p.bytes_written -= q.bytes_written;
                }
        profile_ = now;
    }
    for (const GpuPassProfile& p : profile_frame_passes_)
        if (p.count)
            ImGui::Text("  %7.3f ms %3llu x %8.2f GB/s %s", static_cast<double>(p.ns) / 1e6,
                        (unsigned long long)p.count,
                        p.ns ? static_cast<double>(p.bytes_read + p.bytes_written) /
                                   static_cast<double>(p.ns)
                             : 0.0,
                        p.pass.c_str());
}

void ViewUi::registers_panel() {
    ImGui::SetNextWindowSize(ImVec2(460, 400), ImGuiCond_FirstUseEver);
    ImGui::Begin("registers", &show_registers_);
    if (ImGui::Button("refresh") || registers_.empty()) registers_ = session_.dump_registers();
    ImGui::BeginChild("dump");
    ImGui::TextUnformatted(registers_.c_str());
    ImGui::EndChild();
    ImGui::End();
}

void ViewUi::draws_panel() {
    ImGui::SetNextWindowSize(ImVec2(640, 460), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("draws", &show_draws_)) {
        ImGui::End();
        return;
    }
    if (!show_draws_) session_.set_draw_capture(false);
    // The list follows the last ended frame while nothing is selected; a selection holds it.
    const std::uint64_t frame = session_.last_frame_stats().frame;
    if (frame != draws_frame_ && selected_draw_ < 0) {
        draws_ = session_.captured_draws();
        draws_frame_ = frame;
        if (select_first_ && !draws_.empty()) {
            selected_draw_ = 0;
            draw_registers_ = session_.captured_draw_registers(0);
            draw_glsl_ = session_.captured_draw_glsl(0);
            select_first_ = false;
        }
    }
    ImGui::Text("frame %llu: %zu draws", static_cast<unsigned long long>(draws_frame_),
                draws_.size());
    ImGui::BeginChild("list", ImVec2(200, 0), true);
    for (std::size_t i = 0; i < draws_.size(); ++i) {
        const Session::CapturedDraw& d = draws_[i];
        char label[96];
        std::snprintf(label, sizeof label, "#%u  %llu tri%s", d.index,
                      static_cast<unsigned long long>(d.triangles), d.rendered ? "" : " (skipped)");
        if (ImGui::Selectable(label, selected_draw_ == static_cast<int>(i))) {
            selected_draw_ = selected_draw_ == static_cast<int>(i) ? -1 : static_cast<int>(i);
            if (selected_draw_ >= 0) {
                draw_registers_ = session_.captured_draw_registers(i);
                draw_glsl_ = session_.captured_draw_glsl(i);
                if (draw_glsl_.empty()) draw_glsl_ = "(no shader: the draw was skipped)";
            }
        }
    }
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("detail");
    if (selected_draw_ >= 0 && ImGui::BeginTabBar("draw")) {
        if (ImGui::BeginTabItem("registers")) {
            ImGui::BeginChild("regs");
            ImGui::TextUnformatted(draw_registers_.c_str());
            ImGui::EndChild();
            ImGui::EndTabItem();
        }
        if (ImGui::BeginTabItem("fragment GLSL")) {
            ImGui::Text("key %016llx",
                        static_cast<unsigned long long>(draws_[selected_draw_].shader_key));
            ImGui::BeginChild("glsl");
            ImGui::TextUnformatted(draw_glsl_.c_str());
            ImGui::EndChild();
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    } else {
        ImGui::TextDisabled("select a draw (click again to follow new frames)");
    }
    ImGui::EndChild();
    ImGui::End();
}

} // namespace picavk::view
