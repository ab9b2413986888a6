// picavk-view: plays a CiTrace (or the built-in demo) in a window, both screens in the chosen
// layout, presented by picavk on the GPU (picavk/vulkan.h attach_window), with a Dear ImGui
// overlay: controls, statistics, the register state.
#include "picavk/session.h"
#include "picavk/vulkan.h"
#include "view_ui.h"

#include <GLFW/glfw3.h>
#include <stb_image_write.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>

namespace {

using namespace picavk;

void usage(std::FILE* to) {
    std::fputs(
        "usage: picavk-view [TRACE.ctf] [--scale N] [--layout L] [options]\n"
        "  TRACE         a CiTrace v1 file; without one, the built-in demo scene plays\n"
        "  --scale N     resolution scale 1-10 (default 1; changeable live with +/-)\n"
        "  --layout L    default | single-top | single-bottom | side-by-side | large-top\n"
        "  --filter F    nearest (default) | linear\n"
        "  --stereo M    how a 3D top screen shows its eyes: left (default) | right | sbs-half |\n"
        "                sbs-full | anaglyph | interlaced | reverse-interlaced\n"
        "  --swap-eyes   each eye where the other would be\n"
        "  --device N    Vulkan device index (see picavk-render --list-devices)\n"
        "  --no-vsync    present without waiting for the display\n"
        "  --hide-ui     start with the overlay hidden (F1 toggles it)\n"
        "  --frames N    play N frames, then pause on the last one (the title says \"paused\")\n"
        "  --exit-after-frames N  play N frames, then exit (0 without validation messages)\n"
        "  --self-test   play, resize the window, change scale, layout and filter live, exit\n"
        "  --validation  Vulkan validation layer on; any message makes the exit status 1\n"
        "  --stats       print frames per second and presentation counters at exit\n"
        "  --textures DIR  draw texture pack DIR's replacements (Azahar's layout; F7 toggles)\n"
        "  --texture-filter F  none (default) | bicubic | scaleforce | mmpx | xbrz |\n"
        "                anime4k: textures filtered at the resolution scale (the panel changes "
        "it)\n"
        "  --dump-textures DIR  dump textures into DIR as PNG, named as Azahar names them\n"
        "                (default picavk-texture-dump; F6 toggles)\n"
        "keys: space play/pause, right step, R restart, L loop, +/- scale, F1 overlay,\n"
        "      F2 layout, F3 filter, F4 3D mode, F5 swap eyes, F6 dump textures, F7 texture\n"
        "      pack, F12 screenshot of both screens (PNG, current scale)\n"
        "example: picavk-view --scale 3 --layout side-by-side trace.ctf\n",
        to);
}

bool parse_layout(const std::string& s, ScreenLayout& out) {
    static const std::pair<const char*, ScreenLayout> kNames[] = {
        {"default", ScreenLayout::Default},
        {"single-top", ScreenLayout::SingleTop},
        {"single-bottom", ScreenLayout::SingleBottom},
        {"side-by-side", ScreenLayout::SideBySide},
        {"large-top", ScreenLayout::LargeTop}};
    for (const auto& [name, layout] : kNames)
        if (s == name) {
            out = layout;
            return true;
        }
    return false;
}

bool parse_stereo(const std::string& s, StereoMode& out) {
    static const std::pair<const char*, StereoMode> kNames[] = {
        {"left", StereoMode::LeftOnly},
        {"right", StereoMode::RightOnly},
        {"sbs-half", StereoMode::SideBySideHalf},
        {"sbs-full", StereoMode::SideBySideFull},
        {"anaglyph", StereoMode::Anaglyph},
        {"interlaced", StereoMode::Interlaced},
        {"reverse-interlaced", StereoMode::ReverseInterlaced}};
    for (const auto& [name, mode] : kNames)
        if (s == name) {
            out = mode;
            return true;
        }
    return false;
}

// The window size that shows the layout at 1x.
void layout_size(ScreenLayout l, int& w, int& h) {
    switch (l) {
    case ScreenLayout::SingleTop:
        w = 400, h = 240;
        break;
    case ScreenLayout::SingleBottom:
        w = 320, h = 240;
        break;
    case ScreenLayout::SideBySide:
        w = 720, h = 240;
        break;
    case ScreenLayout::LargeTop:
        w = 1120, h = 480;
        break;
    default:
        w = 400, h = 480;
    }
}

std::unique_ptr<Trace> load_trace(const std::string& path, std::string& error) {
    std::ifstream f(path, std::ios::binary);
    if (!f) {
        error = "cannot open " + path;
        return nullptr;
    }
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(f)),
                                          std::istreambuf_iterator<char>());
    std::unique_ptr<Trace> t = Trace::parse(bytes, error);
    if (t && t->frames() == 0) {
        error = path + " holds no frame";
        return nullptr;
    }
    if (!t) error = path + ": " + error;
    return t;
}

struct App {
    GLFWwindow* window = nullptr;
    Session* session = nullptr;
    std::string dropped; // a trace dropped on the window, opened by the loop
};

bool write_screens(Session& s, std::size_t frame, std::string& status) {
    status.clear();
    for (Screen which : {Screen::Top, Screen::Bottom}) {
        const ScreenImage img = s.screen(which);
        if (img.rgba.empty()) continue;
        const std::string name = std::string("picavk-view-") +
                                 (which == Screen::Top ? "top" : "bottom") + "-" +
                                 std::to_string(frame) + ".png";
        if (!stbi_write_png(name.c_str(), static_cast<int>(img.width), static_cast<int>(img.height),
                            4, img.rgba.data(), static_cast<int>(img.width * 4))) {
            status = "cannot write " + name;
            return false;
        }
        status += (status.empty() ? "wrote " : ", ") + name;
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    std::string trace_path;
    std::uint32_t scale = 1;
    int device = -1;
    long pause_after = -1, exit_after = -1;
    bool validation = false, hide_ui = false, self_test = false, stats = false;
    PresentOptions present;
    std::string pack_dir, dump_dir;
    TextureFilter filter = TextureFilter::None;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> const char* {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "picavk-view: %s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--help" || a == "-h") {
            usage(stdout);
            return 0;
        } else if (a == "--scale") {
            scale = static_cast<std::uint32_t>(std::strtoul(next(), nullptr, 10));
            if (scale < 1 || scale > 10) {
                std::fprintf(stderr, "picavk-view: --scale takes 1-10\n");
                return 2;
            }
        } else if (a == "--layout") {
            if (!parse_layout(next(), present.layout)) {
                std::fprintf(stderr, "picavk-view: unknown layout %s\n", argv[i]);
                return 2;
            }
        } else if (a == "--stereo") {
            if (!parse_stereo(next(), present.stereo)) {
                std::fprintf(stderr, "picavk-view: unknown stereo mode %s\n", argv[i]);
                return 2;
            }
        } else if (a == "--swap-eyes") {
            present.swap_eyes = true;
        } else if (a == "--filter") {
            const std::string f = next();
            if (f != "nearest" && f != "linear") {
                std::fprintf(stderr, "picavk-view: --filter takes nearest or linear\n");
                return 2;
            }
            present.filter = f == "linear" ? ScreenFilter::Linear : ScreenFilter::Nearest;
        } else if (a == "--device") {
            device = std::atoi(next());
        } else if (a == "--no-vsync") {
            present.vsync = false;
        } else if (a == "--hide-ui") {
            hide_ui = true;
        } else if (a == "--frames") {
            pause_after = std::atol(next());
        } else if (a == "--exit-after-frames") {
            exit_after = std::atol(next());
        } else if (a == "--self-test") {
            self_test = true;
        } else if (a == "--validation") {
            validation = true;
        } else if (a == "--stats") {
            stats = true;
        } else if (a == "--textures") {
            pack_dir = next();
        } else if (a == "--texture-filter") {
            const std::string f = next();
            if (f == "none")
                filter = TextureFilter::None;
            else if (f == "bicubic")
                filter = TextureFilter::Bicubic;
            else if (f == "scaleforce")
                filter = TextureFilter::ScaleForce;
            else if (f == "mmpx")
                filter = TextureFilter::Mmpx;
            else if (f == "xbrz")
                filter = TextureFilter::Xbrz;
            else if (f == "anime4k")
                filter = TextureFilter::Anime4k;
            else {
                std::fprintf(stderr, "picavk-view: unknown texture filter %s\n", f.c_str());
                return 2;
            }
        } else if (a == "--dump-textures") {
            dump_dir = next();
        } else if (!a.empty() && a[0] == '-') {
            std::fprintf(stderr, "picavk-view: unknown option %s\n", a.c_str());
            usage(stderr);
            return 2;
        } else {
            trace_path = a;
        }
    }

    std::unique_ptr<Trace> trace;
    if (!trace_path.empty()) {
        std::string error;
        trace = load_trace(trace_path, error);
        if (!trace) {
            std::fprintf(stderr, "picavk-view: %s\n", error.c_str());
            return 1;
        }
    }

    if (!glfwInit()) {
        const char* why = nullptr;
        glfwGetError(&why);
        std::fprintf(stderr, "picavk-view: no display (%s)\n", why ? why : "GLFW failed");
        return 1;
    }
    if (!glfwVulkanSupported()) {
        std::fprintf(stderr, "picavk-view: GLFW finds no Vulkan loader\n");
        glfwTerminate();
        return 1;
    }
    glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
    // The layout at the resolution scale, as large as the monitor's work area allows.
    int width = 0, height = 0;
    layout_size(present.layout, width, height);
    int factor = static_cast<int>(scale);
    if (GLFWmonitor* monitor = glfwGetPrimaryMonitor()) {
        int mx = 0, my = 0, mw = 0, mh = 0;
        glfwGetMonitorWorkarea(monitor, &mx, &my, &mw, &mh);
        while (factor > 1 && (width * factor > mw || height * factor > mh))
            --factor;
    }
    width *= factor;
    height *= factor;
    GLFWwindow* window = glfwCreateWindow(width, height, "picavk-view", nullptr, nullptr);
    if (!window) {
        std::fprintf(stderr, "picavk-view: cannot create a window\n");
        glfwTerminate();
        return 1;
    }

    int status = 0;
    try {
        RendererConfig config;
        config.enabled = true;
        config.scale = scale;
        config.device = device;
        config.validation = validation;
        config.window_system = true;
        // Traces and the demo write guest memory only through the session: every write is
        // reported, so textures are hashed only when written.
        config.guest_writes_reported = true;
        Session session(128u << 20, config);
        session.set_present_options(present);
        VkSurfaceKHR surface = VK_NULL_HANDLE;
        const VulkanContext vc = vulkan_context(session);
        if (glfwCreateWindowSurface(vc.instance, window, nullptr, &surface) != VK_SUCCESS) {
            std::fprintf(stderr, "picavk-view: cannot make a Vulkan surface for the window\n");
            glfwDestroyWindow(window);
            glfwTerminate();
            return 1;
        }
        int fw = 0, fh = 0;
        glfwGetFramebufferSize(window, &fw, &fh);
        attach_window(session, surface, static_cast<std::uint32_t>(fw),
                      static_cast<std::uint32_t>(fh));

        App app{window, &session, {}};
        glfwSetWindowUserPointer(window, &app);
        glfwSetFramebufferSizeCallback(window, [](GLFWwindow* w, int x, int y) {
            auto* a = static_cast<App*>(glfwGetWindowUserPointer(w));
            a->session->resize_window(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y));
        });
        glfwSetDropCallback(window, [](GLFWwindow* w, int count, const char** paths) {
            auto* a = static_cast<App*>(glfwGetWindowUserPointer(w));
            if (count > 0) a->dropped = paths[0];
        });

        {
            view::ViewUi ui(window, session);
            ui.set_shown(!hide_ui && !self_test);
            view::PlayerState st;
            st.scale = scale;
            st.present = present;
            st.frames = trace ? trace->frames() : 0;
            st.source = trace ? trace_path : "built-in demo";
            st.pack_dir = pack_dir;
            st.filter = filter;
            st.use_pack = !pack_dir.empty();
            st.dump_textures = !dump_dir.empty();
            if (!dump_dir.empty()) st.dump_dir = dump_dir;
            // Keys (ImGui's GLFW backend chains to the previous callback: none here, so the
            // keys are read by polling edges below).
            bool keys_down[GLFW_KEY_LAST + 1] = {};
            auto pressed = [&](int key) {
                const bool down = glfwGetKey(window, key) == GLFW_PRESS;
                const bool edge = down && !keys_down[key];
                keys_down[key] = down;
                return edge;
            };

            using clock = std::chrono::steady_clock;
            auto last = clock::now();
            const auto start = last;
            std::size_t presented = 0, played = 0;
            bool paused_title = false;
            while (!glfwWindowShouldClose(window)) {
                if (st.playing)
                    glfwPollEvents();
                else
                    glfwWaitEventsTimeout(0.05);

                if (!app.dropped.empty()) {
                    std::string error;
                    if (auto t = load_trace(app.dropped, error)) {
                        trace = std::move(t);
                        st.source = app.dropped;
                        st.frames = trace->frames();
                        st.restart = true;
                        st.status = "opened " + app.dropped;
                    } else {
                        st.status = error;
                    }
                    app.dropped.clear();
                }
                if (!ui.wants_keyboard()) {
                    if (pressed(GLFW_KEY_SPACE)) st.playing = !st.playing;
                    if (pressed(GLFW_KEY_RIGHT)) st.step = true;
                    if (pressed(GLFW_KEY_R)) st.restart = true;
                    if (pressed(GLFW_KEY_L)) st.loop = !st.loop;
                    if (pressed(GLFW_KEY_EQUAL) || pressed(GLFW_KEY_KP_ADD))
                        st.scale = st.scale < 10 ? st.scale + 1 : 10;
                    if (pressed(GLFW_KEY_MINUS) || pressed(GLFW_KEY_KP_SUBTRACT))
                        st.scale = st.scale > 1 ? st.scale - 1 : 1;
                    if (pressed(GLFW_KEY_F1)) ui.set_shown(!ui.shown());
                    if (pressed(GLFW_KEY_F2))
                        st.present.layout = static_cast<ScreenLayout>(
                            (static_cast<int>(st.present.layout) + 1) % 5);
                    if (pressed(GLFW_KEY_F3))
                        st.present.filter = st.present.filter == ScreenFilter::Linear
                                                ? ScreenFilter::Nearest
                                                : ScreenFilter::Linear;
                    if (pressed(GLFW_KEY_F4))
                        st.present.stereo =
                            static_cast<StereoMode>((static_cast<int>(st.present.stereo) + 1) % 7);
                    if (pressed(GLFW_KEY_F5)) st.present.swap_eyes = !st.present.swap_eyes;
                    if (pressed(GLFW_KEY_F6)) st.dump_textures = !st.dump_textures;
                    if (pressed(GLFW_KEY_F7) && !st.pack_dir.empty()) st.use_pack = !st.use_pack;
                    if (pressed(GLFW_KEY_F12)) st.screenshot = true;
                }

                // The self-test drives the same state the controls change.
                if (self_test) {
                    if (played == 1) ui.open_all_panels();
                    if (played == 3) glfwSetWindowSize(window, 800, 960);
                    if (played == 5) st.scale = 3;
                    if (played == 7) {
                        st.present.layout = ScreenLayout::SideBySide;
                        st.present.filter = ScreenFilter::Linear;
                    }
                    if (played == 8) st.present.stereo = StereoMode::Anaglyph;
                    if (played == 10) {
                        st.present.stereo = StereoMode::SideBySideFull;
                        st.present.swap_eyes = true;
                    }
                    if (played == 9) glfwSetWindowSize(window, 333, 201);
                    if (played == 11) st.scale = 1;
                    if (played == 14) glfwSetWindowShouldClose(window, GLFW_TRUE);
                }

                if (st.scale != session.scale()) session.set_scale(st.scale);
                CustomTextureConfig textures = session.custom_textures();
                textures.dump_dir = st.dump_textures ? st.dump_dir : "";
                textures.pack_dir = st.use_pack ? st.pack_dir : "";
                if (textures != session.custom_textures()) session.set_custom_textures(textures);
                if (st.filter != session.texture_filter()) session.set_texture_filter(st.filter);
                const PresentOptions current = session.present_options();
                if (current.layout != st.present.layout || current.filter != st.present.filter ||
                    current.integer_scale != st.present.integer_scale ||
                    current.stereo != st.present.stereo ||
                    current.swap_eyes != st.present.swap_eyes)
                    session.set_present_options(st.present);

                if (st.restart) {
                    st.frame = 0;
                    st.restart = false;
                    st.step = !st.playing; // show frame 0 when paused
                }
                if (st.playing || st.step) {
                    bool ok = true;
                    if (trace) {
                        if (st.frame >= st.frames) {
                            if (st.loop)
                                st.frame = 0;
                            else
                                st.playing = false, ok = false;
                        }
                        if (ok) ok = session.replay_frame(*trace, st.frame);
                    } else {
                        run_demo_frame(session, static_cast<std::uint32_t>(st.frame));
                    }
                    if (ok) {
                        ++st.frame;
                        ++played;
                    }
                    st.step = false;
                    if (pause_after >= 0 && played >= static_cast<std::size_t>(pause_after))
                        st.playing = false;
                }
                if (st.screenshot) {
                    write_screens(session, st.frame ? st.frame - 1 : 0, st.status);
                    st.screenshot = false;
                }

                const auto now = clock::now();
                const double ms = std::chrono::duration<double, std::milli>(now - last).count();
                last = now;
                ui.build(st, ms);
                if (session.present() == PresentResult::Presented) ++presented;
                // Tools waiting for the picture (tests) look for this title.
                const bool paused_now = !st.playing && played > 0;
                if (paused_now != paused_title) {
                    const std::string title =
                        paused_now
                            ? "picavk-view - frame " + std::to_string(st.frame - 1) + " (paused)"
                            : std::string("picavk-view");
                    glfwSetWindowTitle(window, title.c_str());
                    paused_title = paused_now;
                }
                if (exit_after >= 0 && played >= static_cast<std::size_t>(exit_after))
                    glfwSetWindowShouldClose(window, GLFW_TRUE);
            }
            const double seconds = std::chrono::duration<double>(clock::now() - start).count();
            const RendererCounters r = session.renderer_counters();
            if (stats)
                std::printf("picavk-view: %zu frames played, %zu presented in %.2f s: %.1f "
                            "frames per second at scale %u; %llu read-back bytes, %llu "
                            "presents skipped, %llu screen uploads\n",
                            played, presented, seconds,
                            seconds > 0 ? static_cast<double>(presented) / seconds : 0.0,
                            session.scale(), static_cast<unsigned long long>(r.readback_bytes),
                            static_cast<unsigned long long>(r.present_skipped),
                            static_cast<unsigned long long>(r.present_uploads));
            if (stats)
                std::printf("picavk-view: %llu textures filtered, %llu replaced from a pack, %llu "
                            "texture levels dumped\n",
                            static_cast<unsigned long long>(r.filtered_textures),
                            static_cast<unsigned long long>(r.custom_textures_replaced),
                            static_cast<unsigned long long>(r.custom_textures_dumped));
            if (r.validation_messages) {
                std::fprintf(stderr, "picavk-view: %llu validation messages\n",
                             static_cast<unsigned long long>(r.validation_messages));
                status = 1;
            }
        }
        detach_window(session);
        vkDestroySurfaceKHR(vc.instance, surface, nullptr);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "picavk-view: %s\n", e.what());
        status = 1;
    }
    glfwDestroyWindow(window);
    glfwTerminate();
    return status;
}
