// picavk-precompile: fills a shader cache ahead of time. Collects the pipeline keys that traces
// would use (running the command front end and the key builder, drawing nothing), that an
// embedder exported (Session::export_shader_keys) or that other cache directories list, then
// compiles their fragment shaders on every core and makes their pipelines on a Vulkan device.
// The result is the cache directory picavk-render, picavk-view and embedders load (cache_dir).
#include "picavk/session.h"
#include "picavk/shader_cache.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace picavk;
namespace fs = std::filesystem;

// Exit statuses scripts can rely on.
enum Exit : int {
    kOk = 0,
    kSomeFailed = 1,    // a trace, key list or shader failed; the rest was built
    kUsage = 2,         // bad command line
    kNoDevice = 3,      // the Vulkan device could not be used
    kInterrupted = 130, // Ctrl-C (SIGINT) or SIGTERM: the cache directory is as it was
};

// Ctrl-C stops at the next trace frame, shader or pipeline, writing nothing (every cache file
// is replaced atomically, and only when the run completes). A second one ends the process at
// once, which is just as safe.
volatile std::sig_atomic_t g_interrupted = 0;
extern "C" void on_interrupt(int signal) {
    if (g_interrupted) {
        std::signal(signal, SIG_DFL);
        std::raise(signal);
        return;
    }
    g_interrupted = 1;
}
int report_interrupted() {
    std::fprintf(stderr, "picavk-precompile: interrupted; the cache directory is as it was\n");
    return kInterrupted;
}

void usage(std::FILE* to) {
    std::fputs(
        "usage: picavk-precompile --cache DIR [-j N] [--device N] [--keys FILE]...\n"
        "                         [--from-cache OTHER]... [--export-keys FILE] [--no-pipelines]\n"
        "                         [--textures PACK]... [TRACE.ctf]...\n"
        "  --cache DIR        the cache directory to fill (created if missing); the files are\n"
        "                     the ones picavk-render --cache, picavk-view and an embedder's\n"
        "                     RendererConfig::cache_dir load\n"
        "  TRACE.ctf          collect the pipeline keys a CiTrace uses (nothing is drawn)\n"
        "  --keys FILE        add a key list an embedder wrote (Session::export_shader_keys)\n"
        "  --from-cache OTHER add the keys another cache directory lists (merge caches)\n"
        "  -j N               compile shaders and make pipelines on N threads (default:\n"
        "                     every core)\n"
        "  --device N         the Vulkan device whose cache is filled (picavk-render\n"
        "                     --list-devices); the cache files are per device\n"
        "  --no-pipelines     compile the shaders only, make no pipelines\n"
        "  --export-keys FILE write the collected key list to FILE too\n"
        "  --textures PACK    convert texture pack PACK (Azahar's layout) into DIR: every\n"
        "                     replacement decoded, mipmapped, compressed and checksummed, so a\n"
        "                     session with --cache DIR and that pack decodes no PNG; alone, or\n"
        "                     with shaders to build\n"
        "on the cache --cache DIR names (no building):\n"
        "  --verify [--repair] check every entry (checksums, layout, spirv-val, and that its key\n"
        "                     compiles to the same SPIR-V); --repair rebuilds what fails\n"
        "  --inspect          list the files and every key, decoded field by field\n"
        "  --dump-glsl OUT    every shader as GLSL: OUT/<key>.spirv-cross.frag (SPIRV-Cross\n"
        "                     from the cached SPIR-V) beside OUT/<key>.generated.frag; the\n"
        "                     compute rasteriser's, pre-passes' and vertex programs' too\n"
        "                     (compute-raster-*.comp, vertex-prepass-*, vertex-program-*)\n"
        "  --diff OTHER       what differs between DIR and OTHER, every kind of shader (exit\n"
        "                     1 when they differ)\n"
        "  --prune            keep only the keys the given traces and --keys use (vertex\n"
        "                     programs and pre-passes stay: no key list names them)\n"
        "exit status: 0 built (or checked clean), 1 something failed or differs (the rest was\n"
        "             built), 2 usage, 3 no device, 130 interrupted (Ctrl-C: nothing written)\n"
        "example: picavk-precompile --cache ~/.cache/picavk -j 8 game.ctf --keys shipped.keys\n",
        to);
}

std::vector<std::uint8_t> read_file(const std::string& path, bool& ok) {
    std::ifstream in(path, std::ios::binary);
    ok = static_cast<bool>(in);
    if (!ok) return {};
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A progress line: a bar on a terminal (rewritten in place), plain lines every tenth otherwise.
class Progress {
  public:
    explicit Progress(const char* what) : what_(what), tty_(isatty(fileno(stderr))) {}
    void update(std::size_t done, std::size_t total) {
        if (total == 0) return;
        const double s = std::chrono::duration<double>(clock::now() - start_).count();
        const double rate = s > 0 ? static_cast<double>(done) / s : 0;
        const double eta = rate > 0 ? static_cast<double>(total - done) / rate : 0;
        if (tty_) {
            const int width = 30, filled = static_cast<int>(width * done / total);
            std::fprintf(stderr, "\r%s [%.*s%*s] %zu/%zu %.1f/s ETA %.0fs ", what_, filled,
                         "##############################", width - filled, "", done, total, rate,
                         eta);
            if (done == total) std::fputc('\n', stderr);
        } else if (done == total || done * 10 / total != last_tenth_) {
            last_tenth_ = done * 10 / total;
            std::fprintf(stderr, "%s: %zu/%zu (%.1f/s, ETA %.0f s)\n", what_, done, total, rate,
                         eta);
        }
    }

  private:
    using clock = std::chrono::steady_clock;
    const char* what_;
    bool tty_;
    clock::time_point start_ = clock::now();
    std::size_t last_tenth_ = ~std::size_t{0};
};

// --verify, --inspect, --dump-glsl and --diff on an existing cache (no building).
int run_cache_actions(const std::string& cache_dir, bool verify, bool repair, bool inspect,
                      const std::string& dump_dir, const std::string& diff_dir) {
    std::string error;
    int result = kOk;
    if (verify) {
        CacheCheck c = verify_shader_cache(cache_dir, repair, error);
        if (!error.empty()) {
            std::fprintf(stderr, "picavk-precompile: %s\n", error.c_str());
            return kUsage;
        }
        for (const std::string& p : c.problems)
            std::printf("picavk-precompile: %s\n", p.c_str());
        std::printf("picavk-precompile: verified %zu files, %zu shaders: %zu damaged, %zu "
                    "invalid SPIR-V, %zu differ from a new compile; %zu repaired\n",
                    c.files, c.entries, c.damaged, c.invalid_spirv, c.mismatched, c.repaired);
        if (repair && !c.problems.empty()) {
            c = verify_shader_cache(cache_dir, false, error); // what is left
            std::printf("picavk-precompile: after repair: %zu problems\n", c.problems.size());
        }
        if (!c.problems.empty()) result = kSomeFailed;
    }
    if (inspect) {
        const std::string text = inspect_shader_cache(cache_dir, error);
        if (!error.empty()) {
            std::fprintf(stderr, "picavk-precompile: %s\n", error.c_str());
            return kUsage;
        }
        std::fputs(text.c_str(), stdout);
    }
    if (!dump_dir.empty()) {
        const std::size_t n = dump_shader_cache_glsl(cache_dir, dump_dir, error);
        if (!error.empty()) {
            std::fprintf(stderr, "picavk-precompile: %s\n", error.c_str());
            return kUsage;
        }
        std::printf("picavk-precompile: wrote %zu shaders to %s (.spirv-cross beside "
                    ".generated)\n",
                    n, dump_dir.c_str());
    }
    if (!diff_dir.empty()) {
        bool same = false;
        const std::string text = diff_shader_caches(cache_dir, diff_dir, same, error);
        if (!error.empty()) {
            std::fprintf(stderr, "picavk-precompile: %s\n", error.c_str());
            return kUsage;
        }
        std::fputs(text.c_str(), stdout);
        if (!same) result = kSomeFailed;
    }
    return result;
}

// Traces, replayed one after another in one session whose draws only build their keys (a
// replay starts from the trace's own state; tested). A damaged trace gives the keys of what
// could be read and is reported. Adds the key list of all traces to `lists`; returns kOk,
// kSomeFailed (a trace was refused or damaged; the others count), kNoDevice or kInterrupted.
int collect_traces(const std::vector<std::string>& traces, int device,
                   std::vector<std::vector<std::uint8_t>>& lists) {
    int status = kOk;
    const auto start = std::chrono::steady_clock::now();
    std::size_t collected = 0, frames = 0;
    std::unique_ptr<Session> session;
    long keys_before = 0;
    for (const std::string& path : traces) {
        bool ok = false;
        const std::vector<std::uint8_t> bytes = read_file(path, ok);
        std::string error;
        std::vector<std::string> repairs;
        std::unique_ptr<Trace> trace = ok ? Trace::parse(bytes, error, &repairs) : nullptr;
        if (!trace) {
            std::fprintf(stderr, "picavk-precompile: %s: %s\n", path.c_str(),
                         ok ? error.c_str() : "cannot read");
            status = kSomeFailed;
            continue;
        }
        if (!repairs.empty()) {
            // Truncated or damaged: what could be read is replayed; the run reports it.
            std::fprintf(stderr,
                         "picavk-precompile: %s is damaged (%zu repairs, first: %s); collected "
                         "the %zu frames that could be read\n",
                         path.c_str(), repairs.size(), repairs.front().c_str(), trace->frames());
            status = kSomeFailed;
        }
        try {
            if (!session) {
                RendererConfig config;
                config.enabled = true;
                config.device = device;
                config.collect_keys_only = true;
                config.shader_compile = ShaderCompile::Sync;
                session = std::make_unique<Session>(256u << 20, config);
                session->set_log_sink([](LogLevel, const std::string&) {}); // counted below
            }
            const std::uint64_t warnings_before = session->warning_count();
            // Frame by frame, so that Ctrl-C stops within a frame; frame frames() is a
            // truncated trace's unfinished last frame (its draws count too).
            for (std::size_t f = 0; f <= trace->frames() && !g_interrupted; ++f)
                session->replay_frame(*trace, f);
            if (g_interrupted) return kInterrupted;
            const long keys = shader_key_count(session->export_shader_keys(), error);
            std::printf("picavk-precompile: %s: %zu frames, %ld new keys", path.c_str(),
                        trace->frames(), keys - keys_before);
            if (const std::uint64_t w = session->warning_count() - warnings_before)
                std::printf(", %llu warnings (bad input counted)",
                            static_cast<unsigned long long>(w));
            std::printf("\n");
            keys_before = keys;
            frames += trace->frames();
            ++collected;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "picavk-precompile: %s\n", e.what());
            return kNoDevice;
        }
    }
    if (session) lists.push_back(session->export_shader_keys());
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("picavk-precompile: collected %zu traces (%zu frames) in %.2f s: %.1f "
                "traces/s, %.0f frames/s\n",
                collected, frames, secs, secs > 0 ? static_cast<double>(collected) / secs : 0.0,
                secs > 0 ? static_cast<double>(frames) / secs : 0.0);
    return status;
}

} // namespace

int main(int argc, char** argv) {
    std::string cache_dir, export_path;
    std::vector<std::string> traces, key_files, other_caches, texture_packs;
    unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    int device = -1;
    bool pipelines = true;
    bool verify = false, repair = false, inspect = false, prune = false;
    std::string dump_dir, diff_dir;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "picavk-precompile: %s needs a value\n", a.c_str());
                std::exit(kUsage);
            }
            return argv[++i];
        };
        if (a == "--help" || a == "-h") {
            usage(stdout);
            return kOk;
        } else if (a == "--cache") {
            cache_dir = value();
        } else if (a == "-j") {
            const long n = std::atol(value().c_str());
            if (n < 1 || n > 256) {
                std::fprintf(stderr, "picavk-precompile: -j takes 1-256\n");
                return kUsage;
            }
            threads = static_cast<unsigned>(n);
        } else if (a == "--device") {
            device = std::atoi(value().c_str());
        } else if (a == "--keys") {
            key_files.push_back(value());
        } else if (a == "--from-cache") {
            other_caches.push_back(value());
        } else if (a == "--textures") {
            texture_packs.push_back(value());
        } else if (a == "--export-keys") {
            export_path = value();
        } else if (a == "--no-pipelines") {
            pipelines = false;
        } else if (a == "--verify") {
            verify = true;
        } else if (a == "--repair") {
            verify = repair = true;
        } else if (a == "--inspect") {
            inspect = true;
        } else if (a == "--dump-glsl") {
            dump_dir = value();
        } else if (a == "--diff") {
            diff_dir = value();
        } else if (a == "--prune") {
            prune = true;
        } else if (!a.empty() && a[0] == '-') {
            std::fprintf(stderr, "picavk-precompile: unknown option %s\n", a.c_str());
            usage(stderr);
            return kUsage;
        } else {
            traces.push_back(a);
        }
    }
    if (cache_dir.empty()) {
        std::fprintf(stderr, "picavk-precompile: --cache DIR is required\n");
        usage(stderr);
        return kUsage;
    }
    if (verify || inspect || !dump_dir.empty() || !diff_dir.empty())
        return run_cache_actions(cache_dir, verify, repair, inspect, dump_dir, diff_dir);
    if (traces.empty() && key_files.empty() && other_caches.empty() && texture_packs.empty()) {
        std::fprintf(stderr, "picavk-precompile: nothing to collect (give traces, --keys, "
                             "--from-cache or --textures)\n");
        return kUsage;
    }

    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
    int status = kOk;
    for (const std::string& pack : texture_packs) {
        Progress progress("textures");
        const auto start = std::chrono::steady_clock::now();
        const TexturePackConversion c =
            convert_texture_pack(pack, cache_dir, threads, [&](std::size_t done, std::size_t n) {
                progress.update(done, n);
                return !g_interrupted;
            });
        if (c.cancelled) return report_interrupted();
        for (const std::string& p : c.problems)
            std::fprintf(stderr, "picavk-precompile: %s\n", p.c_str());
        if (!c.error.empty()) {
            std::fprintf(stderr, "picavk-precompile: %s\n", c.error.c_str());
            status = kSomeFailed;
            continue;
        }
        if (c.failed) status = kSomeFailed;
        std::printf("picavk-precompile: texture pack %s: %zu replacements converted (%zu "
                    "failed), %.1f MiB decoded in %.1f MiB, %.2f s -> %s\n",
                    pack.c_str(), c.textures, c.failed,
                    static_cast<double>(c.raw_bytes) / (1024.0 * 1024.0),
                    static_cast<double>(c.file_bytes) / (1024.0 * 1024.0),
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                    c.file.c_str());
    }
    if (traces.empty() && key_files.empty() && other_caches.empty()) return status;
    std::vector<std::vector<std::uint8_t>> lists;
    // Key lists given as files, and those other cache directories keep.
    for (const std::string& dir : other_caches) {
        std::error_code ec;
        bool found = false;
        for (const auto& entry : fs::directory_iterator(dir, ec)) {
            const std::string name = entry.path().filename().string();
            if (name.rfind("picavk-keys-", 0) == 0 && entry.path().extension() == ".bin") {
                key_files.push_back(entry.path().string());
                found = true;
            }
        }
        if (!found) {
            std::fprintf(stderr, "picavk-precompile: %s holds no picavk key list\n", dir.c_str());
            status = kSomeFailed;
        }
    }
    for (const std::string& path : key_files) {
        bool ok = false;
        std::vector<std::uint8_t> bytes = read_file(path, ok);
        std::string error;
        const long n = ok ? shader_key_count(bytes, error) : -1;
        if (n < 0) {
            std::fprintf(stderr, "picavk-precompile: %s: %s\n", path.c_str(),
                         ok ? error.c_str() : "cannot read");
            status = kSomeFailed;
            continue;
        }
        std::printf("picavk-precompile: %s: %ld keys\n", path.c_str(), n);
        lists.push_back(std::move(bytes));
    }

    if (!traces.empty()) {
        const int collected = collect_traces(traces, device, lists);
        if (collected == kInterrupted) return report_interrupted();
        if (collected == kNoDevice) return kNoDevice;
        if (collected != kOk) status = collected;
    }

    std::string error;
    const std::vector<std::uint8_t> merged = merge_shader_keys(lists, error);
    if (!error.empty()) {
        std::fprintf(stderr, "picavk-precompile: %s\n", error.c_str());
        return kSomeFailed;
    }
    if (prune) {
        const PruneReport r = prune_shader_cache(cache_dir, merged, error);
        if (!error.empty()) {
            std::fprintf(stderr, "picavk-precompile: %s\n", error.c_str());
            return kSomeFailed;
        }
        std::printf("picavk-precompile: pruned %s: kept %zu shaders, %zu compute rasteriser "
                    "shaders and %zu keys, removed %zu shaders, %zu compute rasteriser shaders "
                    "and %zu keys (%zu vertex programs and pre-passes kept); %ju -> %ju bytes\n",
                    cache_dir.c_str(), r.shaders_kept, r.compute_kept, r.keys_kept,
                    r.shaders_removed, r.compute_removed, r.keys_removed, r.programs_kept,
                    r.bytes_before, r.bytes_after);
        return status;
    }
    if (!export_path.empty()) {
        std::ofstream out(export_path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(merged.data()),
                  static_cast<std::streamsize>(merged.size()));
        if (!out) {
            std::fprintf(stderr, "picavk-precompile: cannot write %s\n", export_path.c_str());
            status = kSomeFailed;
        }
    }

    try {
        RendererConfig config;
        config.enabled = true;
        config.device = device;
        config.cache_dir = cache_dir;
        config.build_listed_pipelines = false; // precompile makes them, on -j threads
        Session s(16u << 20, config);
        std::printf("picavk-precompile: building %ld keys into %s for %s on %u thread%s\n",
                    shader_key_count(merged, error), cache_dir.c_str(), s.device_name().c_str(),
                    threads, threads == 1 ? "" : "s");
        Progress shaders("shaders"), made("pipelines");
        const auto start = std::chrono::steady_clock::now();
        double shader_seconds = 0;
        const PrecompileReport r =
            s.precompile(merged, threads, pipelines, [&](const PrecompileProgress& p) {
                if (!p.pipelines) {
                    shaders.update(p.done, p.total);
                    if (p.done == p.total)
                        shader_seconds =
                            std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                                .count();
                } else {
                    made.update(p.done, p.total);
                }
                return !g_interrupted;
            });
        if (r.cancelled) return report_interrupted();
        if (!r.error.empty()) {
            std::fprintf(stderr, "picavk-precompile: %s\n", r.error.c_str());
            return kSomeFailed;
        }
        for (const std::string& f : r.failures)
            std::fprintf(stderr, "picavk-precompile: %s\n", f.c_str());
        const double total =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::uintmax_t bytes = 0;
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(cache_dir, ec))
            if (entry.is_regular_file()) bytes += entry.file_size();
        std::printf("picavk-precompile: %zu keys, %zu shaders: %zu compiled (%.1f shaders/s), "
                    "%zu already cached, %zu failed; %zu pipelines; %.2f s; cache %ju bytes "
                    "(%.0f bytes per shader)\n",
                    r.keys, r.shaders, r.shaders_compiled,
                    shader_seconds > 0 ? static_cast<double>(r.shaders_compiled) / shader_seconds
                                       : 0.0,
                    r.shaders_from_disk, r.failures.size(), r.pipelines, total, bytes,
                    r.shaders ? static_cast<double>(bytes) / static_cast<double>(r.shaders) : 0.0);
        if (r.compute_shaders)
            std::printf("picavk-precompile: compute rasteriser: %zu shaders: %zu compiled, %zu "
                        "already cached; %zu pipelines\n",
                        r.compute_shaders, r.compute_shaders_compiled, r.compute_shaders_from_disk,
                        r.compute_pipelines);
        if (!r.failures.empty()) status = kSomeFailed;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "picavk-precompile: %s\n", e.what());
        return kNoDevice;
    }
    return status;
}
