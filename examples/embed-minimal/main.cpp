// embed-minimal: an "emulator" using picavk as its video backend, in about 100 lines.
//  - guest memory (VRAM, FCRAM) belongs to the emulator; picavk gets views of it;
//  - each frame the emulated CPU stores vertex data, textures and a command list into guest
//    memory (the emulator's own vectors: its write hook tells picavk) and writes GPU registers
//    (memory fills, the P3D command-list start, a display transfer, the LCD framebuffers); here
//    that frame is the built-in demo's, taken as data;
//  - picavk presents both screens into the emulator's GLFW window on the GPU.
// usage: embed-minimal [FRAMES]   (default: run until the window is closed)
#include <picavk/session.h>
#include <picavk/vulkan.h>

#define GLFW_INCLUDE_VULKAN
#include <GLFW/glfw3.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

// Guest physical address -> the emulator's memory (VRAM at 0x18000000, FCRAM at 0x20000000).
std::uint8_t* guest_pointer(std::vector<std::uint8_t>& vram, std::vector<std::uint8_t>& fcram,
                            std::uint32_t address, std::size_t size) {
    if (address >= 0x18000000u && address - 0x18000000u + size <= vram.size())
        return vram.data() + (address - 0x18000000u);
    if (address >= 0x20000000u && address - 0x20000000u + size <= fcram.size())
        return fcram.data() + (address - 0x20000000u);
    return nullptr;
}

int main(int argc, char** argv) {
    const long frames = argc > 1 ? std::atol(argv[1]) : -1;
    if (!glfwInit()) {
        std::fprintf(stderr, "embed-minimal: no display\n");
        return 1;
    }
    glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API); // Vulkan draws into it, not OpenGL
    GLFWwindow* window = glfwCreateWindow(400, 480, "embed-minimal", nullptr, nullptr);
    if (!window) return 1;

    // The emulator's guest memory: 6 MiB of VRAM and 128 MiB of FCRAM.
    std::vector<std::uint8_t> vram(6u << 20), fcram(128u << 20);
    int status = 0;
    try {
        picavk::RendererConfig config;
        config.enabled = true;
        config.scale = 2;            // render at twice the 3DS resolution
        config.window_system = true; // we present into a window
        picavk::Session gpu(vram, fcram, config);
        gpu.set_log_sink([](picavk::LogLevel, const std::string& m) {
            std::fprintf(stderr, "[picavk] %s\n", m.c_str());
        });

        // The window: a surface on picavk's instance; picavk owns the swapchain.
        VkSurfaceKHR surface = VK_NULL_HANDLE;
        if (glfwCreateWindowSurface(picavk::vulkan_context(gpu).instance, window, nullptr,
                                    &surface) != VK_SUCCESS)
            throw std::runtime_error("no Vulkan surface for the window");
        int w = 0, h = 0;
        glfwGetFramebufferSize(window, &w, &h);
        picavk::attach_window(gpu, surface, w, h);
        glfwSetWindowUserPointer(window, &gpu);
        glfwSetFramebufferSizeCallback(window, [](GLFWwindow* win, int fw, int fh) {
            static_cast<picavk::Session*>(glfwGetWindowUserPointer(win))->resize_window(fw, fh);
        });
        picavk::PresentOptions present;
        present.layout = picavk::ScreenLayout::Default; // top above bottom
        present.filter = picavk::ScreenFilter::Linear;
        gpu.set_present_options(present);

        for (std::uint32_t frame = 0; !glfwWindowShouldClose(window) && frame != frames; ++frame) {
            glfwPollEvents();
            // The emulated CPU's frame (here: the demo's, as data). Its stores to guest memory
            // land in our vectors directly, so our memory hook tells picavk; its stores to GPU
            // registers (memory fills, the P3D command list, a display transfer, the LCD
            // framebuffers) go to picavk.
            for (const picavk::GuestAction& a : picavk::demo_frame_actions(frame)) {
                if (a.kind == picavk::GuestAction::Kind::RegisterWrite) {
                    gpu.write_gpu_register(a.address, a.value);
                    continue;
                }
                std::uint8_t* p = guest_pointer(vram, fcram, a.address, a.bytes.size());
                if (!p) continue;                            // outside guest memory
                gpu.flush_region(a.address, a.bytes.size()); // a partial store keeps the rest
                std::memcpy(p, a.bytes.data(), a.bytes.size());
                gpu.invalidate_region(a.address, a.bytes.size()); // the write hook
            }
            gpu.end_frame(); // VBlank
            gpu.present();
            if (frame % 60 == 0) {
                const picavk::FrameStats f = gpu.last_frame_stats();
                std::printf("frame %llu: %llu draws, %.2f ms of picavk CPU time, %llu "
                            "read-back bytes\n",
                            static_cast<unsigned long long>(f.frame),
                            static_cast<unsigned long long>(f.renderer.draws), f.cpu_ms,
                            static_cast<unsigned long long>(f.renderer.readback_bytes));
            }
        }
        const picavk::RendererCounters c = gpu.renderer_counters();
        std::printf("embed-minimal: %llu frames presented at scale %u on %s\n",
                    static_cast<unsigned long long>(c.presented_frames), gpu.scale(),
                    gpu.device_name().c_str());
        status = c.presented_frames > 0 ? 0 : 1;
        picavk::detach_window(gpu);
        vkDestroySurfaceKHR(picavk::vulkan_context(gpu).instance, surface, nullptr);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "embed-minimal: %s\n", e.what());
        status = 1;
    }
    glfwDestroyWindow(window);
    glfwTerminate();
    return status;
}
