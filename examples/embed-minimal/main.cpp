// embed-minimal: an "emulator" using picavk as its video backend, in about 100 lines.
//  - guest memory (VRAM, FCRAM) belongs to the emulator; picavk gets views of it;
//  - each frame the guest's GPU work arrives as memory writes, GPU register writes and command
//    lists (here the built-in demo frame, driven exactly that way through the public API);
//  - picavk presents both screens into the emulator's GLFW window on the GPU.
// usage: embed-minimal [FRAMES]   (default: run until the window is closed)
#include <picavk/session.h>
#include <picavk/vulkan.h>

#define GLFW_INCLUDE_VULKAN
#include <GLFW/glfw3.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

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

        for (long frame = 0; !glfwWindowShouldClose(window) && frame != frames; ++frame) {
            glfwPollEvents();
            // The emulated CPU's frame: it writes guest memory (vertex data, textures, command
            // lists), programs memory fills, starts the command list through the P3D registers,
            // asks for a display transfer and sets the LCD registers - all through picavk's
            // entry points. An emulator whose CPU writes guest memory directly calls
            // gpu.invalidate_region(address, size) from its write hook instead, and
            // gpu.flush_region(address, size) before its CPU reads memory the GPU may have
            // drawn.
            picavk::run_demo_frame(gpu, static_cast<std::uint32_t>(frame));
            // VBlank: end_frame ran inside run_demo_frame; show the screens.
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
