// picavk-render: renders a PICA command stream headless and writes each frame's screens as PNG
// files, upright as the LCDs show them (top 400x240, bottom 320x240, times --scale).
// With no trace it renders the built-in demo scene.
#include "picavk/session.h"

#include <stb_image_write.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

void usage(std::FILE* to) {
    std::fputs(
        "usage: picavk-render [TRACE.ctf] [--out DIR] [--scale N] [--frames A-B] [--stats]\n"
        "                     [--device N] [--validation] [--registers] [--no-render]\n"
        "                     [--vertex-shaders gpu|cpu|cpu-interpreter]\n"
        "                     [--texture-decode gpu|cpu|auto]\n"
        "                     [--shader-compile async|sync|ubershader]\n"
        "                     [--gpu-profile] [--dump-textures DIR] [--textures DIR]\n"
        "                     [--preload-textures] [--texture-filter NAME]\n"
        "  TRACE       a CiTrace v1 file; without one, the built-in demo scene is rendered\n"
        "  --out DIR   write DIR/frame_NNNN_top.png and _bottom.png, and _top_right.png for\n"
        "              frames the top screen shows in 3D (default: no files)\n"
        "  --scale N   resolution scale 1-8 (default 1)\n"
        "  --frames    frames to write, e.g. 0-9 or 3 (default: all; the demo renders 1 frame\n"
        "              unless told more)\n"
        "  --stats     print draws (and the Vulkan draws they merged into), pipelines\n"
        "              created, pipeline-cache hits, write-backs,\n"
        "              readback bytes and transfers per frame, frame times, the GPU's\n"
        "              busy time per frame, the memory type and heap of each device-memory\n"
        "              block and, every 500 frames, resident memory\n"
        "  --gpu-profile  --stats, and per frame for each kind of pass (render passes, fills,\n"
        "              transfers, uploads, write-backs) its GPU time, the bytes it read and\n"
        "              wrote, and their rate in GB/s; on a CPU driver the timing itself slows\n"
        "              the frames\n"
        "  --frame-times F  write a CSV line per frame to F: its time, the time inside\n"
        "              picavk's calls, the GPU's busy time, the waits for the GPU (all, and\n"
        "              inside the frame), and what it did (submissions, uploads, write-backs,\n"
        "              draws, pipelines made)\n"
        "  --pipeline-stats  print what the driver made of every pipeline (registers,\n"
        "              instructions: VK_KHR_pipeline_executable_properties, where offered)\n"
        "  --device N  the Vulkan device to use (index in --list-devices)\n"
        "  --list-devices  print the Vulkan devices and exit\n"
        "  --validation  enable the Vulkan validation layer\n"
        "  --registers print the register state the stream leaves\n"
        "  --record F  record what the session is given as a CiTrace file F\n"
        "  --cache DIR keep compiled shaders and pipelines in DIR between runs\n"
        "  --vertex-shaders gpu|cpu|cpu-interpreter  run PICA vertex programs as host vertex\n"
        "              shaders (gpu, the default; what it cannot run goes to the CPU, counted\n"
        "              by --stats), on the CPU's batched shader unit for every vertex (cpu), or\n"
        "              on the interpreter it is checked against (cpu-interpreter)\n"
        "  --shader-compile async|sync|ubershader  async (the default): a draw whose shader\n"
        "              is still compiling is drawn by the ubershader (the compute rasteriser's\n"
        "              by the graphics pipeline) meanwhile; sync: every shader is compiled\n"
        "              before its draw (frame times of the shaders themselves, from the first\n"
        "              frame); ubershader: no specialised fragment shaders\n"
        "  --texture-decode gpu|cpu|auto  untile and convert textures from guest memory in a\n"
        "              GPU pass (gpu) or on the CPU (cpu); auto (the default) takes the GPU\n"
        "              on GPUs and the CPU on CPU drivers\n"
        "  --loop N    replay the trace N times in one session (soak tests)\n"
        "  --frames-in-flight N  let the GPU draw up to N frames (1-3, default 1) when a\n"
        "              frame ends: 1 waits for each frame, so frame times are latencies; 2 or\n"
        "              3 overlap the GPU's frame with the next one's work, as an emulator's\n"
        "              frames do, so frame times are the rate frames come at\n"
        "  --hash-textures  compare every texture a frame draws with with guest memory, as\n"
        "              an embedder that does not report its memory writes has picavk do; by\n"
        "              default the replay reports each write it makes (every write there is),\n"
        "              so only written textures are hashed (RendererConfig::\n"
        "              guest_writes_reported)\n"
        "  --dump-textures DIR  write every distinct texture level the program uploads to DIR\n"
        "              as PNG, named as Azahar names its dumps (tex1_WxH_HASH_FORMAT_mipN.png),\n"
        "              with a pack.json: the start of a texture pack\n"
        "  --textures DIR  draw the replacements of texture pack DIR (Azahar's layout) instead\n"
        "              of the textures they name; decoded in the background as first used\n"
        "  --preload-textures  decode the whole pack before the first frame\n"
        "  --texture-filter NAME  filter textures at the resolution scale: none (default),\n"
        "              bicubic, scaleforce, mmpx, xbrz or anime4k\n"
        "  --no-render run the command front end and geometry stage only (no Vulkan)\n",
        to);
}

// The process's resident memory in MiB (Linux /proc/self/statm), 0 where it cannot be read.
double resident_mib() {
    std::ifstream statm("/proc/self/statm");
    unsigned long long pages = 0, resident = 0;
    if (!(statm >> pages >> resident)) return 0;
    return static_cast<double>(resident) * 4096.0 / (1024.0 * 1024.0);
}

// Each kind of pass's GPU time per frame, largest first, with the bytes it read and wrote per
// frame and the rate that makes (read + written over its GPU time; GpuPassProfile says what is
// counted), and the time between passes: the growth from `first` (the profile after the first
// frame, whose warm-up it leaves out) to `last`.
void print_gpu_profile(const picavk::GpuProfile& first, const picavk::GpuProfile& last,
                       double frames) {
    std::vector<picavk::GpuPassProfile> passes = last.passes;
    for (picavk::GpuPassProfile& p : passes)
        for (const picavk::GpuPassProfile& q : first.passes)
            if (q.pass == p.pass) {
                p.ns -= q.ns;
                p.count -= q.count;
                p.bytes_read -= q.bytes_read;
                p.bytes_written -= q.bytes_written;
            }
    std::sort(passes.begin(), passes.end(),
              [](const auto& a, const auto& b) { return a.ns > b.ns; });
    std::uint64_t in_passes = 0;
    std::printf("GPU time per frame by pass (%.0f frames after the first):\n", frames);
    std::printf("  %11s  %8s  %12s  %12s  %9s  %s\n", "GPU time", "passes", "MB read", "MB written",
                "GB/s", "pass");
    for (const picavk::GpuPassProfile& p : passes) {
        if (!p.count) continue;
        const double bytes = static_cast<double>(p.bytes_read + p.bytes_written);
        std::printf("  %8.3f ms  %6.1f x  %12.3f  %12.3f  %9.2f  %s\n",
                    static_cast<double>(p.ns) / 1e6 / frames, static_cast<double>(p.count) / frames,
                    static_cast<double>(p.bytes_read) / 1e6 / frames,
                    static_cast<double>(p.bytes_written) / 1e6 / frames,
                    p.ns ? bytes / static_cast<double>(p.ns) : 0.0, p.pass.c_str());
        in_passes += p.ns;
    }
    const std::uint64_t busy = last.busy_ns - first.busy_ns;
    const std::uint64_t untimed = last.untimed_passes - first.untimed_passes;
    std::printf("  %8.3f ms                                                   between the passes "
                "(barriers, small copies)%s\n",
                static_cast<double>(busy > in_passes ? busy - in_passes : 0) / 1e6 / frames,
                untimed ? ", and the passes past the limit below" : "");
    if (untimed)
        std::printf("  %6.1f passes per frame past the %u timed per submission: untimed, their "
                    "bytes not counted\n",
                    static_cast<double>(untimed) / frames, picavk::GpuProfile::kTimedPasses);
}

bool parse_frames(const char* s, std::size_t& first, std::size_t& last) {
    char* end = nullptr;
    const unsigned long a = std::strtoul(s, &end, 10);
    if (end == s) return false;
    unsigned long b = a;
    if (*end == '-') {
        const char* t = end + 1;
        b = std::strtoul(t, &end, 10);
        if (end == t) return false;
    }
    if (*end != '\0' || b < a) return false;
    first = a;
    last = b;
    return true;
}

bool write_png(const std::filesystem::path& path, const picavk::ScreenImage& img) {
    if (img.rgba.empty()) return false;
    return stbi_write_png(path.string().c_str(), static_cast<int>(img.width),
                          static_cast<int>(img.height), 4, img.rgba.data(),
                          static_cast<int>(img.width * 4)) != 0;
}

// One line per compiled stage of every pipeline made (--pipeline-stats), as the driver names
// its statistics.
void print_pipeline_statistics(const picavk::Session& session) {
    const std::vector<picavk::PipelineStatistics> all = session.pipeline_statistics();
    if (all.empty())
        std::printf("pipeline statistics: none (the device does not offer "
                    "VK_KHR_pipeline_executable_properties)\n");
    for (const picavk::PipelineStatistics& p : all) {
        std::printf("pipeline statistics: %s (%s):", p.pipeline.c_str(), p.executable.c_str());
        for (const auto& [name, value] : p.values)
            std::printf("  %s %s", name.c_str(), value.c_str());
        std::printf("\n");
    }
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

} // namespace

int main(int argc, char** argv) {
    std::string trace_path, out_dir, record_path, frame_times_path;
    picavk::RendererConfig config;
    config.enabled = true;
    // Traces and the demo write guest memory only through the session (write_memory), so
    // every write is reported (--hash-textures measures the other way).
    config.guest_writes_reported = true;
#ifndef NDEBUG
    config.validation = true; // debug builds validate by default
#endif
    bool stats = false, registers = false, frames_given = false, gpu_profile = false;
    std::size_t loops = 1; // --loop: how many times the trace is replayed
    std::size_t first = 0, last = static_cast<std::size_t>(-1);
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&](const char* name) -> const char* {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "picavk-render: %s needs a value\n", name);
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--out") {
            out_dir = value("--out");
        } else if (a == "--scale") {
            const char* v = value("--scale");
            const long n = std::strtol(v, nullptr, 10);
            if (n < 1 || n > 8) {
                std::fprintf(stderr, "picavk-render: --scale takes 1-8, not '%s'\n", v);
                return 2;
            }
            config.scale = static_cast<std::uint32_t>(n);
        } else if (a == "--frames") {
            const char* v = value("--frames");
            if (!parse_frames(v, first, last)) {
                std::fprintf(stderr, "picavk-render: --frames takes A-B or N, not '%s'\n", v);
                return 2;
            }
            frames_given = true;
        } else if (a == "--loop") {
            const char* v = value("--loop");
            char* end = nullptr;
            const unsigned long n = std::strtoul(v, &end, 10);
            if (*end != '\0' || n < 1 || n > 1000000) {
                std::fprintf(stderr, "picavk-render: --loop takes a count from 1 to 1000000\n");
                return 2;
            }
            loops = n;
        } else if (a == "--frames-in-flight") {
            const char* v = value("--frames-in-flight");
            const long n = std::strtol(v, nullptr, 10);
            if (n < 1 || n > 3) {
                std::fprintf(stderr, "picavk-render: --frames-in-flight takes 1-3, not '%s'\n", v);
                return 2;
            }
            config.frames_in_flight = static_cast<std::uint32_t>(n);
        } else if (a == "--hash-textures") {
            config.guest_writes_reported = false;
        } else if (a == "--device") {
            config.device = static_cast<int>(std::strtol(value("--device"), nullptr, 10));
        } else if (a == "--vertex-shaders") {
            const std::string where = value("--vertex-shaders");
            if (where != "gpu" && where != "cpu" && where != "cpu-interpreter") {
                std::fprintf(stderr, "picavk-render: --vertex-shaders takes gpu, cpu or "
                                     "cpu-interpreter\n");
                return 2;
            }
            config.vertex_shaders = where == "gpu"   ? picavk::VertexShaders::Gpu
                                    : where == "cpu" ? picavk::VertexShaders::Cpu
                                                     : picavk::VertexShaders::CpuInterpreter;
        } else if (a == "--shader-compile") {
            const std::string mode = value("--shader-compile");
            if (mode != "async" && mode != "sync" && mode != "ubershader") {
                std::fprintf(stderr,
                             "picavk-render: --shader-compile takes async, sync or ubershader\n");
                return 2;
            }
            config.shader_compile = mode == "async"  ? picavk::ShaderCompile::Async
                                    : mode == "sync" ? picavk::ShaderCompile::Sync
                                                     : picavk::ShaderCompile::UbershaderOnly;
        } else if (a == "--texture-decode") {
            const std::string where = value("--texture-decode");
            if (where != "gpu" && where != "cpu" && where != "auto") {
                std::fprintf(stderr, "picavk-render: --texture-decode takes gpu, cpu or auto\n");
                return 2;
            }
            config.texture_decode = where == "gpu"   ? picavk::TextureDecode::Gpu
                                    : where == "cpu" ? picavk::TextureDecode::Cpu
                                                     : picavk::TextureDecode::Auto;
        } else if (a == "--dump-textures") {
            config.custom_textures.dump_dir = value("--dump-textures");
        } else if (a == "--textures") {
            config.custom_textures.pack_dir = value("--textures");
        } else if (a == "--preload-textures") {
            config.custom_textures.preload = true;
        } else if (a == "--texture-filter") {
            const std::string name = value("--texture-filter");
            if (name == "none") {
                config.texture_filter = picavk::TextureFilter::None;
            } else if (name == "bicubic") {
                config.texture_filter = picavk::TextureFilter::Bicubic;
            } else if (name == "scaleforce") {
                config.texture_filter = picavk::TextureFilter::ScaleForce;
            } else if (name == "mmpx") {
                config.texture_filter = picavk::TextureFilter::Mmpx;
            } else if (name == "xbrz") {
                config.texture_filter = picavk::TextureFilter::Xbrz;
            } else if (name == "anime4k") {
                config.texture_filter = picavk::TextureFilter::Anime4k;
            } else {
                std::fprintf(stderr, "picavk-render: --texture-filter takes none, bicubic, "
                                     "scaleforce, mmpx, xbrz or anime4k\n");
                return 2;
            }
        } else if (a == "--cache") {
            config.cache_dir = value("--cache");
        } else if (a == "--record") {
            record_path = value("--record");
        } else if (a == "--list-devices") {
            try {
                const auto devices = picavk::vulkan_devices();
                for (std::size_t d = 0; d < devices.size(); ++d)
                    std::printf("%zu: %s\n", d, devices[d].c_str());
                if (devices.empty()) std::puts("no Vulkan devices");
            } catch (const std::exception& e) {
                std::fprintf(stderr, "picavk-render: cannot list Vulkan devices: %s\n", e.what());
                return 1;
            }
            return 0;
        } else if (a == "--validation") {
            config.validation = true;
        } else if (a == "--stats") {
            stats = true;
        } else if (a == "--gpu-profile") {
            gpu_profile = true;
            stats = true;
        } else if (a == "--frame-times") {
            frame_times_path = value("--frame-times");
        } else if (a == "--pipeline-stats") {
            config.pipeline_statistics = true;
        } else if (a == "--registers" || a == "--all-registers") {
            registers = true;
        } else if (a == "--no-render") {
            config.enabled = false;
        } else if (a == "--help" || a == "-h") {
            usage(stdout);
            return 0;
        } else if (!a.empty() && a[0] != '-' && trace_path.empty()) {
            trace_path = a;
        } else {
            std::fprintf(stderr, "picavk-render: unknown argument '%s'\n", a.c_str());
            usage(stderr);
            return 2;
        }
    }

    std::unique_ptr<picavk::Trace> trace;
    if (!trace_path.empty()) {
        std::ifstream in(trace_path, std::ios::binary);
        if (!in) {
            std::fprintf(stderr, "picavk-render: cannot open '%s'\n", trace_path.c_str());
            return 1;
        }
        const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                              std::istreambuf_iterator<char>());
        std::string error;
        std::vector<std::string> repairs;
        trace = picavk::Trace::parse(bytes, error, &repairs);
        for (const std::string& r : repairs)
            std::fprintf(stderr, "picavk-render: warning: trace repaired: %s\n", r.c_str());
        if (!trace) {
            std::fprintf(stderr, "picavk-render: '%s' is not a usable trace: %s\n",
                         trace_path.c_str(), error.c_str());
            return 1;
        }
    }
    if (!out_dir.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(out_dir, ec);
        if (ec) {
            std::fprintf(stderr, "picavk-render: cannot create '%s': %s\n", out_dir.c_str(),
                         ec.message().c_str());
            return 1;
        }
    }

    std::unique_ptr<picavk::Session> session;
    try {
        session = std::make_unique<picavk::Session>(128u << 20, config);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "picavk-render: cannot start the Vulkan renderer: %s\n", e.what());
        return 1;
    }
    if (gpu_profile) session->set_gpu_profile(true);
    if (session->has_renderer())
        std::printf("picavk-render: device %s (profile %s%s%s), scale %u\n",
                    session->device_name().c_str(), session->device_profile().c_str(),
                    session->compute_passes() ? ", fills and transfers as compute passes" : "",
                    session->compute_raster() ? ", compute rasteriser" : "", config.scale);

    std::vector<double> frame_ms;
    // Per frame: the GPU's busy time (submission timestamps) and the time spent inside picavk's
    // calls (command processing, geometry, recording and the waits for the GPU).
    std::vector<double> gpu_ms, calls_ms;
    // Of the calls' time, the waits for the GPU: all of them, and those inside the frame (a full
    // stream buffer, a read-back), which stall the replay's own work.
    std::vector<double> wait_ms, mid_wait_ms;
    // --frame-times: a line per frame (frame, its time and those parts, and what it did).
    std::FILE* frame_times = nullptr;
    if (!frame_times_path.empty()) {
        frame_times = std::fopen(frame_times_path.c_str(), "w");
        if (!frame_times) {
            std::fprintf(stderr, "picavk-render: cannot write %s\n", frame_times_path.c_str());
            return 1;
        }
        std::fprintf(frame_times, "frame,ms,calls_ms,gpu_ms,wait_ms,mid_frame_wait_ms,"
                                  "mid_frame_waits,submissions,uploads,writebacks,readback_bytes,"
                                  "draws,compute_raster_dispatches,pipelines_created\n");
    }
    picavk::GpuProfile profile_after_first;
    // Resident memory every kMemorySampleFrames frames: a long run must reach a steady state.
    constexpr std::size_t kMemorySampleFrames = 500;
    std::vector<double> memory_mib;
    std::size_t written = 0;
    bool write_failed = false;
    auto clock_start = std::chrono::steady_clock::now();
    auto on_frame = [&](std::size_t frame) {
        const auto now = std::chrono::steady_clock::now();
        frame_ms.push_back(std::chrono::duration<double, std::milli>(now - clock_start).count());
        if (session->has_renderer()) {
            const picavk::FrameStats f = session->last_frame_stats();
            gpu_ms.push_back(static_cast<double>(f.renderer.gpu_time_ns) / 1e6);
            calls_ms.push_back(f.cpu_ms);
            wait_ms.push_back(static_cast<double>(f.renderer.gpu_wait_ns) / 1e6);
            mid_wait_ms.push_back(static_cast<double>(f.renderer.mid_frame_wait_ns) / 1e6);
            if (frame_times)
                std::fprintf(frame_times,
                             "%zu,%.3f,%.3f,%.3f,%.3f,%.3f,%llu,%llu,%llu,%llu,%llu,"
                             "%llu,%llu,%llu\n",
                             frame, frame_ms.back(), f.cpu_ms, gpu_ms.back(), wait_ms.back(),
                             mid_wait_ms.back(),
                             static_cast<unsigned long long>(f.renderer.mid_frame_waits),
                             static_cast<unsigned long long>(f.renderer.submissions),
                             static_cast<unsigned long long>(f.renderer.surface_uploads),
                             static_cast<unsigned long long>(f.renderer.surface_writebacks),
                             static_cast<unsigned long long>(f.renderer.readback_bytes),
                             static_cast<unsigned long long>(f.renderer.draws),
                             static_cast<unsigned long long>(f.renderer.compute_raster_dispatches),
                             static_cast<unsigned long long>(f.renderer.pipelines_created));
            if (gpu_profile && calls_ms.size() == 1) {
                // The first frame whole, with frames in flight too (an untimed wait).
                session->wait_for_gpu();
                profile_after_first = session->gpu_profile();
            }
        }
        if (stats && frame_ms.size() % kMemorySampleFrames == 0)
            memory_mib.push_back(resident_mib());
        if (!out_dir.empty() && frame >= first && frame <= last && session->has_renderer()) {
            char name[64];
            // The right eye too where the frame shows 3D (two different eye buffers).
            const bool stereo = session->top_is_stereo();
            for (auto [screen, tag] : {std::pair{picavk::Screen::Top, "top"},
                                       std::pair{picavk::Screen::TopRight, "top_right"},
                                       std::pair{picavk::Screen::Bottom, "bottom"}}) {
                if (screen == picavk::Screen::TopRight && !stereo) continue;
                std::snprintf(name, sizeof name, "frame_%04zu_%s.png", frame, tag);
                if (write_png(std::filesystem::path(out_dir) / name, session->screen(screen)))
                    ++written;
                else
                    write_failed = true;
            }
        }
        clock_start = std::chrono::steady_clock::now();
    };

    std::string failure;
    if (!record_path.empty()) session->start_recording();
    try {
        if (trace) {
            std::printf("picavk-render: trace %s: %zu elements, %zu frames\n", trace_path.c_str(),
                        trace->elements(), trace->frames());
            // Frames are numbered across loops, so --frames and the PNG names keep counting.
            for (std::size_t loop = 0; loop < loops && failure.empty(); ++loop) {
                const std::size_t base = loop * trace->frames();
                failure = session->replay(*trace, [&](std::size_t f) { on_frame(base + f); });
            }
        } else {
            const std::size_t frames = frames_given ? last + 1 : 1;
            std::printf("picavk-render: built-in demo scene, %zu frame%s\n", frames,
                        frames == 1 ? "" : "s");
            for (std::size_t f = 0; f < frames; ++f) {
                picavk::run_demo_frame(*session, static_cast<std::uint32_t>(f));
                on_frame(f);
            }
        }
        // The frames still in flight finished, so that the totals below hold their GPU time.
        if (session->has_renderer()) session->wait_for_gpu();
    } catch (const std::exception& e) {
        failure = e.what();
    }
    if (frame_times && std::fclose(frame_times) != 0) write_failed = true;

    if (!record_path.empty()) {
        const std::vector<std::uint8_t> file = session->stop_recording();
        std::ofstream out(record_path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(file.data()),
                  static_cast<std::streamsize>(file.size()));
        if (!out) {
            std::fprintf(stderr, "picavk-render: cannot write '%s'\n", record_path.c_str());
            return 1;
        }
        std::printf("recorded %zu bytes to %s\n", file.size(), record_path.c_str());
    }
    if (registers) std::fputs(session->dump_registers(true).c_str(), stdout);
    if (config.pipeline_statistics) print_pipeline_statistics(*session);
    if (!out_dir.empty()) std::printf("wrote %zu PNG files to %s\n", written, out_dir.c_str());
    if (stats) {
        const picavk::GeometryCounters g = session->geometry_counters();
        std::printf("geometry: %llu draws  %llu vertex shader runs  %llu geometry shader runs  "
                    "%llu triangles\n",
                    static_cast<unsigned long long>(g.draws),
                    static_cast<unsigned long long>(g.vertex_shader_invocations),
                    static_cast<unsigned long long>(g.geometry_shader_invocations),
                    static_cast<unsigned long long>(g.triangles));
        std::printf("cpu shader unit: %llu batches  %llu invocations run again in order\n",
                    static_cast<unsigned long long>(g.shader_batches),
                    static_cast<unsigned long long>(g.shader_reruns));
        if (session->has_renderer()) {
            const picavk::RendererCounters r = session->renderer_counters();
            std::printf(
                "renderer: %llu draws (%llu host draws)  %llu pipelines created  %llu "
                "pipeline-cache hits  "
                "%llu shaders compiled  %llu from disk  %llu ubershader draws  %llu at most "
                "compiling at once (of %u threads)  %llu built ahead from the key list  %llu "
                "submissions (%llu with the GPU idle)  %llu uploads (%llu decoded on the GPU, %llu "
                "levels from device memory)  "
                "%llu write-backs  %llu fill "
                "clears (%llu by render passes, %llu not written to guest memory)  %llu LUT "
                "uploads  %llu block uploads  %llu key "
                "rebuilds\n",
                static_cast<unsigned long long>(r.draws),
                static_cast<unsigned long long>(r.host_draws),
                static_cast<unsigned long long>(r.pipelines_created),
                static_cast<unsigned long long>(r.pipeline_cache_hits),
                static_cast<unsigned long long>(r.shaders_compiled),
                static_cast<unsigned long long>(r.shaders_from_disk),
                static_cast<unsigned long long>(r.ubershader_draws),
                static_cast<unsigned long long>(r.most_compiles_at_once),
                static_cast<unsigned>(session->compile_threads()),
                static_cast<unsigned long long>(r.pipelines_built_ahead),
                static_cast<unsigned long long>(r.submissions),
                static_cast<unsigned long long>(r.idle_submissions),
                static_cast<unsigned long long>(r.surface_uploads),
                static_cast<unsigned long long>(r.gpu_decoded_uploads),
                static_cast<unsigned long long>(r.decode_copies),
                static_cast<unsigned long long>(r.surface_writebacks),
                static_cast<unsigned long long>(r.fill_clears),
                static_cast<unsigned long long>(r.render_pass_clears),
                static_cast<unsigned long long>(r.fills_off_guest - r.guest_fill_writebacks),
                static_cast<unsigned long long>(r.lut_uploads),
                static_cast<unsigned long long>(r.block_uploads),
                static_cast<unsigned long long>(r.key_rebuilds));
            const picavk::RendererCounters::VertexFallbacks& f = r.vertex_fallbacks;
            std::printf("vertex shaders: %llu GPU draws  %llu CPU draws  %llu programs compiled;  "
                        "CPU fallbacks: %llu geometry shader  %llu immediate mode  %llu carried "
                        "primitive  %llu compiling  %llu refused  %llu vertex fetch  %llu lit "
                        "without geometry shaders  %llu small draws\n",
                        static_cast<unsigned long long>(r.gpu_vertex_draws),
                        static_cast<unsigned long long>(r.draws - r.gpu_vertex_draws),
                        static_cast<unsigned long long>(r.vertex_programs_compiled),
                        static_cast<unsigned long long>(f.geometry_shader),
                        static_cast<unsigned long long>(f.immediate_mode),
                        static_cast<unsigned long long>(f.carried_primitive),
                        static_cast<unsigned long long>(f.compiling),
                        static_cast<unsigned long long>(f.program_refused),
                        static_cast<unsigned long long>(f.vertex_fetch),
                        static_cast<unsigned long long>(f.no_quaternion_flip),
                        static_cast<unsigned long long>(f.small_draw));
            const picavk::RendererCounters::ComputeRasterFallbacks& cf = r.compute_raster_fallbacks;
            if (r.compute_raster_draws || r.compute_raster_over_budget || cf.total())
                std::printf(
                    "compute rasteriser: %llu draws in %llu dispatches with %llu barriers "
                    "(%llu binned, "
                    "%llu cut on the CPU, %llu shaded by its vertex pre-pass, %llu left "
                    "to the graphics pipeline by its budget, %llu budgeted by a measured "
                    "cost; binned raster passes ran %llu workgroups, their bins held %llu "
                    "triangles); %llu "
                    "shaders compiled, %llu from disk (pre-passes: %llu, %llu); depth "
                    "copied from images %llu times, back %llu times, filled %llu times (%llu "
                    "without the image); %llu fills and transfers beside another\n",
                    static_cast<unsigned long long>(r.compute_raster_draws),
                    static_cast<unsigned long long>(r.compute_raster_dispatches),
                    static_cast<unsigned long long>(r.compute_raster_barriers),
                    static_cast<unsigned long long>(r.compute_raster_binned),
                    static_cast<unsigned long long>(r.compute_raster_cut),
                    static_cast<unsigned long long>(r.compute_raster_gpu_vertex_draws),
                    static_cast<unsigned long long>(r.compute_raster_over_budget),
                    static_cast<unsigned long long>(r.compute_raster_measured),
                    static_cast<unsigned long long>(r.compute_raster_binned_groups),
                    static_cast<unsigned long long>(r.compute_raster_bin_marks),
                    static_cast<unsigned long long>(r.compute_raster_compiled),
                    static_cast<unsigned long long>(r.compute_raster_from_disk),
                    static_cast<unsigned long long>(r.vertex_prepasses_compiled),
                    static_cast<unsigned long long>(r.vertex_prepasses_from_disk),
                    static_cast<unsigned long long>(r.depth_word_loads),
                    static_cast<unsigned long long>(r.depth_word_stores),
                    static_cast<unsigned long long>(r.depth_word_fills),
                    static_cast<unsigned long long>(r.depth_fills_in_words),
                    static_cast<unsigned long long>(r.passes_side_by_side));
            // What the rest of the frame's draws needed that the compute rasteriser lacks.
            if (cf.total())
                std::printf("compute rasteriser fallbacks: %llu draws to the graphics pipeline: "
                            "%llu procedural-texture filter  %llu shadow write  %llu gas write  "
                            "%llu logic op  %llu target format  %llu colour storage  "
                            "%llu depth buffer  %llu stencil buffer  %llu vertices  "
                            "%llu guard band  %llu compiling\n",
                            static_cast<unsigned long long>(cf.total()),
                            static_cast<unsigned long long>(cf.proctex_filter),
                            static_cast<unsigned long long>(cf.shadow_write),
                            static_cast<unsigned long long>(cf.gas_write),
                            static_cast<unsigned long long>(cf.logic_op),
                            static_cast<unsigned long long>(cf.target_format),
                            static_cast<unsigned long long>(cf.color_storage),
                            static_cast<unsigned long long>(cf.depth_buffer),
                            static_cast<unsigned long long>(cf.stencil_buffer),
                            static_cast<unsigned long long>(cf.vertices),
                            static_cast<unsigned long long>(cf.guard_band),
                            static_cast<unsigned long long>(cf.compiling));
            if (r.filtered_textures)
                std::printf("texture filter: %llu textures filtered at the scale\n",
                            static_cast<unsigned long long>(r.filtered_textures));
            const picavk::CustomTextureConfig ct = session->custom_textures();
            if (!ct.dump_dir.empty() || !ct.pack_dir.empty())
                std::printf("custom textures: %llu levels dumped  %llu textures replaced (%llu "
                            "read from the converted cache)  %llu texture binds drew the "
                            "original while its replacement loaded\n",
                            static_cast<unsigned long long>(r.custom_textures_dumped),
                            static_cast<unsigned long long>(r.custom_textures_replaced),
                            static_cast<unsigned long long>(r.custom_textures_from_cache),
                            static_cast<unsigned long long>(r.custom_texture_waits));
            // Where the renderer's memory lives: a slow frame may be images in system memory.
            for (const picavk::MemoryBlock& b : session->memory_blocks())
                std::printf("memory block: %s, %.1f MiB (%.1f MiB in %llu allocations): type %u "
                            "(%s), heap %u (%s, %.1f GiB)\n",
                            b.images ? "images" : "buffers",
                            static_cast<double>(b.bytes) / (1024.0 * 1024.0),
                            static_cast<double>(b.used_bytes) / (1024.0 * 1024.0),
                            static_cast<unsigned long long>(b.allocations), b.type,
                            b.properties.c_str(), b.heap,
                            b.heap_device_local ? "device-local" : "system",
                            static_cast<double>(b.heap_bytes) / (1024.0 * 1024.0 * 1024.0));
            // Guest-memory traffic per frame: what the surface cache had to bring back to the CPU.
            const double frames = frame_ms.empty() ? 1.0 : static_cast<double>(frame_ms.size());
            std::printf("per frame: %.2f write-backs  %.0f readback bytes  %.2f GPU transfers  "
                        "%.2f CPU transfer fallbacks  %.0f texture bytes hashed\n",
                        static_cast<double>(r.surface_writebacks) / frames,
                        static_cast<double>(r.readback_bytes) / frames,
                        static_cast<double>(r.gpu_transfers) / frames,
                        static_cast<double>(r.transfer_fallbacks) / frames,
                        static_cast<double>(r.texture_hash_bytes) / frames);
            // The mean is the rate frames came at: with frames in flight the waits for the GPU
            // fall on some frames only, and the median may miss them. It is taken over the
            // second half of the frames (the first alone where there are fewer than four): the
            // first ones compile shaders and upload textures, and while shaders compile in the
            // background draws take slower paths. Each --loop's restart stays in it (every
            // surface dropped, guest memory zeroed: on an H200 gpusprites, a trace of 4 frames,
            // came at 7.65 ms a frame over the second half, its median 4.17 ms at scale 8).
            const std::size_t from = frame_ms.size() >= 4  ? frame_ms.size() / 2
                                     : frame_ms.size() > 1 ? 1
                                                           : 0;
            double total_ms = 0;
            for (std::size_t i = from; i < frame_ms.size(); ++i)
                total_ms += frame_ms[i];
            const double mean_ms = frame_ms.size() > from
                                       ? total_ms / static_cast<double>(frame_ms.size() - from)
                                       : 0.0;
            std::printf("frames: %zu  median frame time: %.2f ms  mean %.2f ms (%u in flight)  "
                        "validation messages: %llu\n",
                        frame_ms.size(), median(frame_ms), mean_ms, config.frames_in_flight,
                        static_cast<unsigned long long>(r.validation_messages));
            // Where a frame's time goes: the GPU's busy time shows whether the frame is bound by
            // the pixels (it grows with --scale) or by picavk and the driver on the CPU.
            if (r.gpu_time_ns)
                std::printf("median per frame: GPU busy %.2f ms  inside picavk's calls %.2f ms\n",
                            median(gpu_ms), median(calls_ms));
            else
                std::printf("median per frame: inside picavk's calls %.2f ms (the device's queue "
                            "has no timestamps)\n",
                            median(calls_ms));
            // Of the calls' time, the waits: a frame whose calls take far longer than the GPU
            // is busy, and that waits little, is held up on the CPU.
            std::printf("median per frame: waiting for the GPU %.2f ms, of which inside the frame "
                        "%.2f ms (%llu of %llu waits ended while polling)\n",
                        median(wait_ms), median(mid_wait_ms),
                        static_cast<unsigned long long>(r.spun_waits),
                        static_cast<unsigned long long>(r.gpu_waits));
            if (gpu_profile && frame_ms.size() >= 2)
                print_gpu_profile(profile_after_first, session->gpu_profile(),
                                  static_cast<double>(frame_ms.size() - 1));
            else if (gpu_profile)
                std::printf("GPU time by pass: needs two frames or more (the first, a warm-up, "
                            "is left out); try --frames 0-29\n");
        }
        if (memory_mib.size() >= 2) {
            // Growth after a warm-up of a fifth of the run (caches, pools and pipelines filled).
            const std::size_t warm = memory_mib.size() / 5;
            std::printf("memory: resident %.1f MiB after %zu frames, %.1f MiB after %zu; growth "
                        "after warm-up: %.1f MiB\n",
                        memory_mib[warm], (warm + 1) * kMemorySampleFrames, memory_mib.back(),
                        memory_mib.size() * kMemorySampleFrames,
                        memory_mib.back() - memory_mib[warm]);
        }
        std::printf("warnings: %llu\n", static_cast<unsigned long long>(session->warning_count()));
    }
    if (!failure.empty()) {
        std::fprintf(stderr, "picavk-render: %s\n", failure.c_str());
        return 1;
    }
    if (write_failed) {
        std::fprintf(stderr, "picavk-render: writing an output file (PNG, --frame-times) failed\n");
        return 1;
    }
    return 0;
}
