// picavk/shader_cache.h: verify, inspect, decompile, compare and prune cache directories.
#include "picavk/shader_cache.h"

#include "shadergen/atomic_file.h"
#include "shadergen/compute_raster.h"
#include "shadergen/fragment_describe.h"
#include "shadergen/glsl_generator.h"
#include "shadergen/key_list.h"
#include "shadergen/shader_disk_cache.h"
#include "shadergen/spirv_compiler.h"
#include "shadergen/vertex_prepass.h"
#include "vk/pipeline/pipeline_key.h"

#include <spirv-tools/libspirv.h>
#include <spirv_cross/spirv_cross_c.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace picavk {

namespace {
namespace fs = std::filesystem;
using shadergen::FragmentConfig;
using shadergen::ShaderDiskCache;

struct ConfigHash {
    std::size_t operator()(const FragmentConfig& c) const { return shadergen::hash(c); }
};
struct KeyHash {
    std::size_t operator()(const vk::PipelineKey& k) const { return vk::hash(k); }
};

std::vector<std::uint8_t> read_all(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string hex(std::uint64_t v) {
    char b[20];
    std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(v));
    return b;
}

// The directory's files by kind, sorted by name; the device part of a name is what follows the
// last '-' (the hash of the host profile).
struct CacheFiles {
    std::vector<fs::path> shaders, keys, pipelines;
    // The other SPIR-V files: the GPU vertex path's translated programs, the compute
    // rasteriser's shaders and its vertex pre-passes.
    std::vector<fs::path> vertex_programs, compute, prepasses;
};
bool list_files(const std::string& dir, CacheFiles& out, std::string& error) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        error = dir + " is not a directory";
        return false;
    }
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string n = e.path().filename().string();
        if (e.path().extension() != ".bin") continue;
        if (n.rfind("picavk-shaders-", 0) == 0) out.shaders.push_back(e.path());
        if (n.rfind("picavk-keys-", 0) == 0) out.keys.push_back(e.path());
        if (n.rfind("picavk-pipelines-", 0) == 0) out.pipelines.push_back(e.path());
        if (n.rfind("picavk-vertex-programs-", 0) == 0) out.vertex_programs.push_back(e.path());
        if (n.rfind("picavk-compute-raster-", 0) == 0) out.compute.push_back(e.path());
        if (n.rfind("picavk-vertex-prepass-", 0) == 0) out.prepasses.push_back(e.path());
    }
    for (auto* v : {&out.shaders, &out.keys, &out.pipelines, &out.vertex_programs, &out.compute,
                    &out.prepasses})
        std::sort(v->begin(), v->end());
    error.clear();
    return true;
}
std::string device_part(const fs::path& p) {
    const std::string n = p.stem().string();
    return n.substr(n.rfind('-') + 1);
}

std::vector<vk::PipelineKey> read_keys(const fs::path& p, std::string& why) {
    const std::vector<std::uint8_t> records =
        shadergen::read_key_list(read_all(p), sizeof(vk::PipelineKey), why);
    std::vector<vk::PipelineKey> keys(records.size() / sizeof(vk::PipelineKey));
    if (!keys.empty()) std::memcpy(keys.data(), records.data(), records.size());
    return keys;
}

bool spirv_valid(const std::vector<std::uint32_t>& words, std::string& message) {
    spv_context ctx = spvContextCreate(SPV_ENV_VULKAN_1_3);
    spv_diagnostic diag = nullptr;
    const spv_result_t r = spvValidateBinary(ctx, words.data(), words.size(), &diag);
    if (diag) {
        message = diag->error ? diag->error : "";
        spvDiagnosticDestroy(diag);
    }
    spvContextDestroy(ctx);
    return r == SPV_SUCCESS;
}

std::vector<std::uint32_t> compile_key(const FragmentConfig& c, std::string& log) {
    shadergen::SpirvResult r = shadergen::compile_glsl(shadergen::ShaderStage::Fragment,
                                                       shadergen::generate_fragment_glsl(c));
    log = r.log;
    return std::move(r.code);
}

template <typename Key>
bool write_cache(
    const fs::path& p, const std::string& profile,
    const std::vector<typename shadergen::BasicShaderDiskCache<Key>::ScannedEntry>& entries) {
    shadergen::BasicShaderDiskCache<Key> cache(profile);
    for (const auto& e : entries)
        cache.insert(e.key, e.spirv);
    return shadergen::write_file_atomically(p.string(), cache.save());
}

std::uintmax_t dir_bytes(const std::string& dir) {
    std::uintmax_t n = 0;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.is_regular_file()) n += e.file_size();
    return n;
}

template <typename Key>
struct KeyHasher {
    std::size_t operator()(const Key& k) const { return shadergen::hash(k); }
};
template <typename Key>
using Entries = std::unordered_map<Key, std::vector<std::uint32_t>, KeyHasher<Key>>;
// Every intact entry of one kind of SPIR-V file, by key (the first file wins).
template <typename Key>
Entries<Key> all_entries(const std::vector<fs::path>& paths) {
    Entries<Key> out;
    for (const fs::path& p : paths)
        for (auto& e : shadergen::BasicShaderDiskCache<Key>::scan(read_all(p)).entries)
            out.emplace(e.key, std::move(e.spirv));
    return out;
}
std::unordered_set<vk::PipelineKey, KeyHash> all_keys(const CacheFiles& f) {
    std::unordered_set<vk::PipelineKey, KeyHash> out;
    std::string why;
    for (const fs::path& p : f.keys)
        for (const vk::PipelineKey& k : read_keys(p, why))
            out.insert(k);
    return out;
}
} // namespace

namespace {

// A compute rasteriser shader compiled again from its key alone; the GPU vertex path's programs
// and the pre-passes need the program's code, which the cache does not hold (empty: not
// checked).
std::vector<std::uint32_t> compile_again(const shadergen::ComputeRasterKey& k, std::string& log) {
    try {
        shadergen::SpirvResult r = shadergen::compile_glsl(
            shadergen::ShaderStage::Compute, shadergen::generate_compute_raster_glsl(k));
        log = r.log;
        return std::move(r.code);
    } catch (const std::exception& e) {
        log = e.what();
        return {};
    }
}
template <typename Key>
std::vector<std::uint32_t> compile_again(const Key&, std::string& log) {
    log = "(not checked: the key names a program the cache does not hold)";
    return {};
}
template <typename Key>
constexpr bool kCompilesFromKey = false;
template <>
constexpr bool kCompilesFromKey<shadergen::ComputeRasterKey> = true;

// The other SPIR-V files as verify_shader_cache checks the fragment shaders': checksums,
// framing, SPIR-V validity, and for keys that compile alone, the same SPIR-V again. Repair
// rebuilds those; entries it cannot rebuild (damaged, invalid) are dropped, and the next run
// that needs them compiles them again.
template <typename Key>
void verify_other(const std::vector<fs::path>& paths, bool repair, CacheCheck& check) {
    using Cache = shadergen::BasicShaderDiskCache<Key>;
    for (const fs::path& path : paths) {
        ++check.files;
        const std::string name = path.filename().string();
        typename Cache::Scan scan = Cache::scan(read_all(path));
        bool rewrite = !scan.problem.empty() || !scan.damaged.empty();
        if (!scan.problem.empty()) check.problems.push_back(name + ": " + scan.problem);
        for (const std::string& d : scan.damaged)
            check.problems.push_back(name + ": " + d);
        check.damaged += scan.damaged.size();
        std::vector<typename Cache::ScannedEntry> kept;
        for (auto& e : scan.entries) {
            ++check.entries;
            const std::string id = name + ": shader " + hex(shadergen::hash(e.key));
            std::string message, log;
            bool bad = false;
            if (!spirv_valid(e.spirv, message)) {
                ++check.invalid_spirv;
                check.problems.push_back(id + " is invalid SPIR-V: " + message);
                bad = true;
            }
            std::vector<std::uint32_t> again;
            if constexpr (kCompilesFromKey<Key>) {
                again = compile_again(e.key, log);
                if (again.empty()) {
                    check.problems.push_back(id + ": its key no longer compiles: " + log);
                } else if (again != e.spirv) {
                    ++check.mismatched;
                    check.problems.push_back(id + ": compiling its key again gives other SPIR-V");
                    bad = true;
                }
            }
            rewrite |= bad;
            if (!bad) {
                kept.push_back(std::move(e));
            } else if (!again.empty()) {
                e.spirv = std::move(again);
                kept.push_back(std::move(e));
                if (repair) ++check.repaired;
            }
        }
        if (!repair || !rewrite) continue;
        if (scan.profile.empty()) {
            check.problems.push_back(name + ": the header is lost; remove the file (the next run "
                                            "rebuilds it)");
            continue;
        }
        if (!write_cache<Key>(path, scan.profile, kept))
            check.problems.push_back(name + ": could not be rewritten");
    }
}

// The other SPIR-V files for inspect_shader_cache: a line per file, one per entry.
template <typename Key>
std::string inspect_other(const std::vector<fs::path>& paths, const char* what) {
    std::string out;
    for (const fs::path& p : paths) {
        const auto scan = shadergen::BasicShaderDiskCache<Key>::scan(read_all(p));
        std::size_t words = 0;
        for (const auto& e : scan.entries)
            words += e.spirv.size();
        out += p.filename().string() + ": " + std::to_string(scan.entries.size()) + " " + what +
               ", " + std::to_string(fs::file_size(p)) + " bytes (SPIR-V " +
               std::to_string(words * 4) + " bytes)" +
               (scan.problem.empty() ? "" : "; " + scan.problem) + "\n";
        for (const auto& e : scan.entries)
            out += "  " + hex(shadergen::hash(e.key)) + ": " + std::to_string(e.spirv.size() * 4) +
                   " bytes of SPIR-V\n";
    }
    return out;
}

} // namespace

CacheCheck verify_shader_cache(const std::string& dir, bool repair, std::string& error) {
    CacheCheck check;
    CacheFiles files;
    if (!list_files(dir, files, error)) return check;
    for (const fs::path& p : files.keys) {
        std::string why;
        read_keys(p, why);
        if (!why.empty()) check.problems.push_back(p.filename().string() + ": " + why);
    }
    for (const fs::path& path : files.shaders) {
        ++check.files;
        const std::string name = path.filename().string();
        ShaderDiskCache::Scan scan = ShaderDiskCache::scan(read_all(path));
        bool rewrite = false;
        if (!scan.problem.empty()) {
            check.problems.push_back(name + ": " + scan.problem);
            rewrite = true;
        }
        for (const std::string& d : scan.damaged)
            check.problems.push_back(name + ": " + d);
        check.damaged += scan.damaged.size();
        rewrite |= !scan.damaged.empty();
        for (auto& e : scan.entries) {
            ++check.entries;
            const std::string id = name + ": shader " + hex(shadergen::hash(e.key));
            std::string message, log;
            bool bad = false;
            if (!spirv_valid(e.spirv, message)) {
                ++check.invalid_spirv;
                check.problems.push_back(id + " is invalid SPIR-V: " + message);
                bad = true;
            }
            std::vector<std::uint32_t> again = compile_key(e.key, log);
            if (again.empty()) {
                check.problems.push_back(id + ": its key no longer compiles: " + log);
            } else if (again != e.spirv) {
                ++check.mismatched;
                check.problems.push_back(id + ": compiling its key again gives other SPIR-V");
                bad = true;
            }
            if (bad && repair && !again.empty()) {
                e.spirv = std::move(again);
                ++check.repaired;
                rewrite = true;
            }
        }
        if (!repair || !rewrite) continue;
        // Shaders the key list names that the file lost (damaged entries) are compiled again.
        std::unordered_set<FragmentConfig, ConfigHash> have;
        for (const auto& e : scan.entries)
            have.insert(e.key);
        for (const fs::path& k : files.keys) {
            if (device_part(k) != device_part(path)) continue;
            std::string why, log;
            for (const vk::PipelineKey& key : read_keys(k, why)) {
                if (!have.insert(key.fragment).second) continue;
                std::vector<std::uint32_t> code = compile_key(key.fragment, log);
                if (code.empty()) continue;
                scan.entries.push_back({key.fragment, std::move(code)});
                ++check.repaired;
            }
        }
        if (scan.profile.empty()) {
            check.problems.push_back(name + ": the header is lost; remove the file (the next run "
                                            "rebuilds it)");
            continue;
        }
        if (!write_cache<FragmentConfig>(path, scan.profile, scan.entries))
            check.problems.push_back(name + ": could not be rewritten");
    }
    verify_other<shadergen::ComputeRasterKey>(files.compute, repair, check);
    verify_other<shadergen::VertexProgramKey>(files.vertex_programs, repair, check);
    verify_other<shadergen::VertexPrepassKey>(files.prepasses, repair, check);
    return check;
}

std::string inspect_shader_cache(const std::string& dir, std::string& error) {
    CacheFiles files;
    if (!list_files(dir, files, error)) return {};
    std::string out = "cache " + dir + ": " + std::to_string(dir_bytes(dir)) + " bytes\n";
    for (const fs::path& p : files.keys) {
        std::string why;
        const std::size_t n = read_keys(p, why).size();
        out += p.filename().string() + ": " +
               (why.empty() ? std::to_string(n) + " pipeline keys" : "refused: " + why) + ", " +
               std::to_string(fs::file_size(p)) + " bytes\n";
    }
    for (const fs::path& p : files.pipelines)
        out += p.filename().string() + ": the driver's pipeline cache, " +
               std::to_string(fs::file_size(p)) + " bytes\n";
    out += inspect_other<shadergen::VertexProgramKey>(files.vertex_programs, "vertex programs");
    out += inspect_other<shadergen::ComputeRasterKey>(files.compute, "compute rasteriser shaders");
    out += inspect_other<shadergen::VertexPrepassKey>(files.prepasses, "vertex pre-passes");
    for (const fs::path& p : files.shaders) {
        const ShaderDiskCache::Scan scan = ShaderDiskCache::scan(read_all(p));
        std::size_t words = 0;
        for (const auto& e : scan.entries)
            words += e.spirv.size();
        out += p.filename().string() + ": " + std::to_string(scan.entries.size()) + " shaders, " +
               std::to_string(fs::file_size(p)) + " bytes (SPIR-V " + std::to_string(words * 4) +
               " bytes)" + (scan.profile.empty() ? "" : ", device \"" + scan.profile + "\"") +
               (scan.problem.empty() ? "" : "; " + scan.problem) + "\n";
        for (const auto& e : scan.entries) {
            out += "\nshader " + hex(shadergen::hash(e.key)) + " (" +
                   std::to_string(e.spirv.size() * 4) + " bytes of SPIR-V)\n";
            out += shadergen::describe(e.key);
        }
    }
    return out;
}

namespace {
// SPIR-V back to Vulkan GLSL 450 (SPIRV-Cross, Debian libspirv-cross-c-shared-dev), or a comment
// saying why not.
std::string spirv_cross_glsl(const std::vector<std::uint32_t>& spirv) {
    spvc_context ctx = nullptr;
    spvc_parsed_ir ir = nullptr;
    spvc_compiler compiler = nullptr;
    spvc_compiler_options options = nullptr;
    const char* glsl = nullptr;
    std::string text;
    if (spvc_context_create(&ctx) == SPVC_SUCCESS &&
        spvc_context_parse_spirv(ctx, spirv.data(), spirv.size(), &ir) == SPVC_SUCCESS &&
        spvc_context_create_compiler(ctx, SPVC_BACKEND_GLSL, ir, SPVC_CAPTURE_MODE_TAKE_OWNERSHIP,
                                     &compiler) == SPVC_SUCCESS &&
        spvc_compiler_create_compiler_options(compiler, &options) == SPVC_SUCCESS) {
        spvc_compiler_options_set_uint(options, SPVC_COMPILER_OPTION_GLSL_VERSION, 450);
        spvc_compiler_options_set_bool(options, SPVC_COMPILER_OPTION_GLSL_VULKAN_SEMANTICS,
                                       SPVC_TRUE);
        spvc_compiler_install_compiler_options(compiler, options);
        if (spvc_compiler_compile(compiler, &glsl) == SPVC_SUCCESS && glsl) text = glsl;
    }
    if (text.empty())
        text = std::string("// SPIRV-Cross could not decompile this shader: ") +
               (ctx ? spvc_context_get_last_error_string(ctx) : "no context") + "\n";
    if (ctx) spvc_context_destroy(ctx);
    return text;
}

// The generator's own GLSL for a key, where the key alone makes it (empty otherwise: the GPU
// vertex path's programs and the pre-passes need the program's code).
std::string generated_glsl(const FragmentConfig& k) {
    return shadergen::generate_fragment_glsl(k);
}
std::string generated_glsl(const shadergen::ComputeRasterKey& k) {
    return shadergen::generate_compute_raster_glsl(k); // every field of the key
}
template <typename Key>
std::string generated_glsl(const Key&) {
    return {};
}

// One kind's entries into `out_dir`: PREFIX<hash>.spirv-cross.EXT and, where the key makes it,
// PREFIX<hash>.generated.EXT.
template <typename Key>
std::size_t dump_kind(const std::vector<fs::path>& paths, const std::string& out_dir,
                      const char* prefix, const char* ext) {
    std::size_t written = 0;
    for (const auto& [key, spirv] : all_entries<Key>(paths)) {
        const std::string base = out_dir + "/" + prefix + hex(shadergen::hash(key));
        std::string generated;
        try {
            generated = generated_glsl(key);
        } catch (const std::exception& e) { // a damaged or forged key the generator refuses
            generated = std::string("// the generator refuses this key: ") + e.what() + "\n";
        }
        if (!generated.empty()) std::ofstream(base + ".generated." + ext) << generated;
        std::ofstream(base + ".spirv-cross." + ext) << spirv_cross_glsl(spirv);
        ++written;
    }
    return written;
}
} // namespace

std::size_t dump_shader_cache_glsl(const std::string& dir, const std::string& out_dir,
                                   std::string& error) {
    CacheFiles files;
    if (!list_files(dir, files, error)) return 0;
    std::error_code ec;
    fs::create_directories(out_dir, ec);
    if (ec) {
        error = "cannot create " + out_dir + ": " + ec.message();
        return 0;
    }
    return dump_kind<FragmentConfig>(files.shaders, out_dir, "", "frag") +
           dump_kind<shadergen::ComputeRasterKey>(files.compute, out_dir, "compute-raster-",
                                                  "comp") +
           dump_kind<shadergen::VertexPrepassKey>(files.prepasses, out_dir, "vertex-prepass-",
                                                  "comp") +
           dump_kind<shadergen::VertexProgramKey>(files.vertex_programs, out_dir, "vertex-program-",
                                                  "vert");
}

namespace {
// One kind's entries compared: hashes only in a, only in b, and with other SPIR-V.
struct KindDiff {
    std::size_t in_a = 0, in_b = 0;
    std::set<std::string> only_a, only_b, changed;
    bool same() const { return only_a.empty() && only_b.empty() && changed.empty(); }
};
template <typename Key>
KindDiff diff_kind(const std::vector<fs::path>& a, const std::vector<fs::path>& b) {
    const Entries<Key> ea = all_entries<Key>(a), eb = all_entries<Key>(b);
    KindDiff d;
    d.in_a = ea.size();
    d.in_b = eb.size();
    for (const auto& [k, code] : ea) {
        auto it = eb.find(k);
        if (it == eb.end())
            d.only_a.insert(hex(shadergen::hash(k)));
        else if (it->second != code)
            d.changed.insert(hex(shadergen::hash(k)));
    }
    for (const auto& [k, code] : eb)
        if (!ea.count(k)) d.only_b.insert(hex(shadergen::hash(k)));
    return d;
}
} // namespace

std::string diff_shader_caches(const std::string& a, const std::string& b, bool& same,
                               std::string& error) {
    same = false;
    CacheFiles fa, fb;
    if (!list_files(a, fa, error) || !list_files(b, fb, error)) return {};
    struct Kind {
        const char* name;  // the summary line's
        const char* label; // before each hash listed ("" for the fragment shaders)
        KindDiff d;
    };
    const Kind kinds[] = {
        {"shaders", "", diff_kind<FragmentConfig>(fa.shaders, fb.shaders)},
        {"vertex programs", "vertex program ",
         diff_kind<shadergen::VertexProgramKey>(fa.vertex_programs, fb.vertex_programs)},
        {"compute rasteriser shaders", "compute rasteriser shader ",
         diff_kind<shadergen::ComputeRasterKey>(fa.compute, fb.compute)},
        {"vertex pre-passes", "vertex pre-pass ",
         diff_kind<shadergen::VertexPrepassKey>(fa.prepasses, fb.prepasses)},
    };
    const auto ka = all_keys(fa), kb = all_keys(fb);
    std::size_t keys_only_a = 0, keys_only_b = 0;
    for (const auto& k : ka)
        keys_only_a += !kb.count(k);
    for (const auto& k : kb)
        keys_only_b += !ka.count(k);
    same = keys_only_a == 0 && keys_only_b == 0;
    std::string out;
    for (const Kind& k : kinds) {
        same = same && k.d.same();
        out += std::string(k.name) + ": " + std::to_string(k.d.in_a) + " in " + a + ", " +
               std::to_string(k.d.in_b) + " in " + b + "; " + std::to_string(k.d.only_a.size()) +
               " only in the first, " + std::to_string(k.d.only_b.size()) +
               " only in the second, " + std::to_string(k.d.changed.size()) +
               " with other SPIR-V\n";
        if (k.label[0] == 0)
            out += "pipeline keys: " + std::to_string(ka.size()) + " and " +
                   std::to_string(kb.size()) + "; " + std::to_string(keys_only_a) +
                   " only in the first, " + std::to_string(keys_only_b) + " only in the second\n";
    }
    for (const Kind& k : kinds) {
        for (const auto& h : k.d.only_a)
            out += std::string("- ") + k.label + h + "\n";
        for (const auto& h : k.d.only_b)
            out += std::string("+ ") + k.label + h + "\n";
        for (const auto& h : k.d.changed)
            out += std::string("~ ") + k.label + h + "\n";
    }
    return out;
}

namespace {
// Rewrites one kind's files with the entries `keep` accepts; unreadable files are left for
// --verify to report.
template <typename Key, typename Keep>
void prune_kind(const std::vector<fs::path>& paths, Keep keep, std::size_t& kept,
                std::size_t& removed, std::string& error) {
    using Cache = shadergen::BasicShaderDiskCache<Key>;
    for (const fs::path& p : paths) {
        typename Cache::Scan scan = Cache::scan(read_all(p));
        if (scan.profile.empty()) continue;
        std::vector<typename Cache::ScannedEntry> left;
        for (auto& e : scan.entries)
            if (keep(e.key))
                left.push_back(std::move(e));
            else
                ++removed;
        kept += left.size();
        if (left.size() != scan.entries.size() && !write_cache<Key>(p, scan.profile, left))
            error = "could not rewrite " + p.string();
    }
}
} // namespace

PruneReport prune_shader_cache(const std::string& dir, std::span<const std::uint8_t> keep,
                               std::string& error) {
    PruneReport report;
    CacheFiles files;
    if (!list_files(dir, files, error)) return report;
    const std::vector<std::uint8_t> records =
        shadergen::read_key_list(keep, sizeof(vk::PipelineKey), error);
    if (!error.empty()) {
        error = "the key list to keep is refused: " + error;
        return report;
    }
    std::unordered_set<vk::PipelineKey, KeyHash> keys;
    std::unordered_set<FragmentConfig, ConfigHash> configs;
    for (std::size_t at = 0; at < records.size(); at += sizeof(vk::PipelineKey)) {
        vk::PipelineKey k;
        std::memcpy(&k, &records[at], sizeof k);
        keys.insert(k);
        configs.insert(k.fragment);
    }
    report.bytes_before = dir_bytes(dir);
    prune_kind<FragmentConfig>(
        files.shaders, [&](const FragmentConfig& c) { return configs.count(c) != 0; },
        report.shaders_kept, report.shaders_removed, error);
    // A compute rasteriser shader is a kept key's fragment shader drawn by compute.
    prune_kind<shadergen::ComputeRasterKey>(
        files.compute,
        [&](const shadergen::ComputeRasterKey& k) { return configs.count(k.fragment) != 0; },
        report.compute_kept, report.compute_removed, error);
    // The GPU vertex path's programs and the pre-passes are keyed by a program's code, which no
    // key list names: kept, and counted.
    report.programs_kept = all_entries<shadergen::VertexProgramKey>(files.vertex_programs).size() +
                           all_entries<shadergen::VertexPrepassKey>(files.prepasses).size();
    for (const fs::path& p : files.keys) {
        std::string why;
        const std::vector<vk::PipelineKey> listed = read_keys(p, why);
        if (!why.empty()) continue;
        std::vector<std::uint8_t> out;
        for (const vk::PipelineKey& k : listed) {
            if (!keys.count(k)) {
                ++report.keys_removed;
                continue;
            }
            ++report.keys_kept;
            const auto* b = reinterpret_cast<const std::uint8_t*>(&k);
            out.insert(out.end(), b, b + sizeof k);
        }
        if (out.size() != listed.size() * sizeof(vk::PipelineKey) &&
            !shadergen::write_file_atomically(
                p.string(), shadergen::write_key_list(out, sizeof(vk::PipelineKey))))
            error = "could not rewrite " + p.string();
    }
    report.bytes_after = dir_bytes(dir);
    return report;
}

} // namespace picavk
