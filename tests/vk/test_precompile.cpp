// Ahead-of-time shader building (Session::export_shader_keys, Session::precompile, the key-list
// file of shadergen/key_list.h): collection without drawing finds exactly the keys rendering
// meets; a cache filled ahead of time makes a warm start compile nothing and draw nothing with
// the ubershader; damaged, foreign and truncated key lists are refused with a reason.
#include "pica/diagnostics.h"
#include "picavk/session.h"
#include "picavk/shader_cache.h"
#include "scenes/synthetic_keys.h"
#include "shadergen/compute_raster.h"
#include "shadergen/fragment_config.h"
#include "shadergen/key_list.h"
#include "vk/device/device.h"
#include "vk/pipeline/pipeline_cache.h"
#include "vk/pipeline/pipeline_key.h"

#include "corpus_trace.h"
#include "scoped_env.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <thread>

using namespace picavk;

namespace {

// The cache directory's files, their times of last writing set a day back: a file written again
// later has another (write_file_atomically writes a new file and renames it over the old).
std::map<std::string, std::filesystem::file_time_type> backdate_files(const std::string& dir) {
    std::map<std::string, std::filesystem::file_time_type> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const auto then = entry.last_write_time() - std::chrono::hours(24);
        std::filesystem::last_write_time(entry.path(), then);
        files[entry.path().filename().string()] = then;
    }
    return files;
}

std::map<std::string, std::filesystem::file_time_type> file_times(const std::string& dir) {
    std::map<std::string, std::filesystem::file_time_type> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        files[entry.path().filename().string()] = entry.last_write_time();
    return files;
}
using test::corpus_trace;
using test::ScopedEnv;

RendererConfig config(bool collect, const std::string& cache_dir = {},
                      ShaderCompile mode = ShaderCompile::Sync) {
    RendererConfig c;
    c.enabled = true;
    c.validation = true;
    c.collect_keys_only = collect;
    c.cache_dir = cache_dir;
    c.shader_compile = mode;
    return c;
}

// A key list's records, as a set of byte strings.
std::set<std::vector<std::uint8_t>> key_set(const std::vector<std::uint8_t>& list) {
    std::string error;
    long n = shader_key_count(list, error);
    REQUIRE_MESSAGE(n >= 0, error);
    const std::size_t record = n ? (list.size() - 28) / static_cast<std::size_t>(n) : 0;
    std::set<std::vector<std::uint8_t>> out;
    for (long i = 0; i < n; ++i)
        out.emplace(list.begin() + 20 + static_cast<long>(record) * i,
                    list.begin() + 20 + static_cast<long>(record) * (i + 1));
    return out;
}

std::string temp_dir(const char* name) {
    const std::string dir = std::string(PICAVK_TEST_TMP) + "/" + name;
    std::filesystem::remove_all(dir);
    return dir;
}
} // namespace

TEST_CASE("precompile: collecting without drawing finds the keys rendering meets") {
    for (const char* name : {"textured_cube.ctf", "fragment_light.ctf", "cubemap.ctf",
                             "proctex.ctf", "2d_shapes.ctf", "toon_shading.ctf"}) {
        CAPTURE(name);
        const std::unique_ptr<Trace> t = corpus_trace(name);
        Session collect(256u << 20, config(true));
        REQUIRE(collect.replay(*t, nullptr).empty());
        Session render(256u << 20, config(false));
        REQUIRE(render.replay(*t, nullptr).empty());
        const auto collected = key_set(collect.export_shader_keys());
        CHECK(!collected.empty());
        CHECK(collected == key_set(render.export_shader_keys()));
        // Collection compiled and drew nothing.
        const RendererCounters c = collect.renderer_counters();
        CHECK(c.shaders_compiled == 0);
        CHECK(c.pipelines_created == 0);
        CHECK(c.host_draws == 0);
        CHECK(c.validation_messages == 0);
    }
}

TEST_CASE_FIXTURE(test::WithoutComputeRaster,
                  "precompile: a warm start from the precompiled cache compiles nothing") {
    const std::string dir = temp_dir("precompile-warm");
    const std::unique_ptr<Trace> t = corpus_trace("fragment_light.ctf");
    std::vector<std::uint8_t> keys;
    std::map<std::string, std::filesystem::file_time_type> saved;
    {
        Session collect(256u << 20, config(true));
        REQUIRE(collect.replay(*t, nullptr).empty());
        keys = collect.export_shader_keys();
    }
    {
        Session build(16u << 20, config(false, dir));
        std::size_t last = 0;
        const PrecompileReport r =
            build.precompile(keys, 2, true, [&](const PrecompileProgress& p) {
                last = p.done;
                return true;
            });
        CHECK(r.error.empty());
        CHECK(r.failures.empty());
        CHECK(r.keys >= 1);
        CHECK(r.shaders_compiled == r.shaders);
        CHECK(r.pipelines == r.keys);
        CHECK(last == r.keys); // the progress reached the end
        saved = backdate_files(dir);
        CHECK(saved.size() >= 3); // shaders, pipelines, key list
        // Again: everything is already there.
        const PrecompileReport again = build.precompile(keys, 2, false, nullptr);
        CHECK(again.shaders_compiled == 0);
        CHECK(again.shaders_from_disk == again.shaders);
    }
    // Neither the second run nor the session's end wrote a file again: nothing had changed (a
    // file written again would have a time of its own).
    CHECK(file_times(dir) == saved);
    // The trace rendered with that cache, in the default (async) mode: no shader compiled, no
    // pipeline for an unlisted key, no ubershader draw.
    Session warm(256u << 20, config(false, dir, ShaderCompile::Async));
    REQUIRE(warm.replay(*t, nullptr).empty());
    const RendererCounters w = warm.renderer_counters();
    CHECK(w.shaders_compiled == 0);
    CHECK(w.shaders_from_disk >= 1);
    CHECK(w.pipelines_unlisted == 0);
    CHECK(w.ubershader_draws == 0);
    CHECK(w.validation_messages == 0);
    // The ubershader-only mode (tests of the ubershader) keeps drawing with it, listed or not.
    Session uber(256u << 20, config(false, dir, ShaderCompile::UbershaderOnly));
    REQUIRE(uber.replay(*t, nullptr).empty());
    CHECK(uber.renderer_counters().ubershader_draws >= 1);
    // A cold start, for contrast, compiles.
    Session cold(256u << 20, config(false, temp_dir("precompile-cold")));
    REQUIRE(cold.replay(*t, nullptr).empty());
    CHECK(cold.renderer_counters().shaders_compiled >= 1);
    CHECK(cold.renderer_counters().pipelines_unlisted >= 1);
}

TEST_CASE("precompile: a key list made where D24 buffers are D24_UNORM_S8_UINT builds, where they "
          "are float images, the shaders that device's draws use, and the other way round") {
    // FragmentConfig::depth_grid24 depends on the device (AMD's GPUs have no D24S8): a shipped
    // list says what its maker's device had; precompile sets it for this one.
    const std::unique_ptr<Trace> t = corpus_trace("fragment_light.ctf"); // D24S8 depth
    for (bool float_depth_first : {false, true}) {
        CAPTURE(float_depth_first);
        const char* first = float_depth_first ? "d24s8" : "";
        const char* second = float_depth_first ? "" : "d24s8";
        std::vector<std::uint8_t> keys;
        {
            const ScopedEnv env("PICAVK_DEVICE_DISABLE", first);
            Session collect(256u << 20, config(true));
            REQUIRE(collect.replay(*t, nullptr).empty());
            keys = collect.export_shader_keys();
        }
        const ScopedEnv env("PICAVK_DEVICE_DISABLE", second);
        const std::string dir = temp_dir("precompile-depth-grid");
        {
            Session build(16u << 20, config(false, dir));
            const PrecompileReport r = build.precompile(keys, 2, true, nullptr);
            CHECK(r.error.empty());
            CHECK(r.failures.empty());
            CHECK(r.shaders_compiled >= 1);
        }
        Session warm(256u << 20, config(false, dir, ShaderCompile::Async));
        REQUIRE(warm.replay(*t, nullptr).empty());
        const RendererCounters w = warm.renderer_counters();
        CHECK(w.shaders_compiled == 0);
        CHECK(w.pipelines_unlisted == 0);
        CHECK(w.ubershader_draws == 0);
        CHECK(w.validation_messages == 0);
    }
}

TEST_CASE("precompile: a key list's unblended 16-bit colour targets are built narrowing the "
          "colour on every device, lists made before that rule too") {
    // vk::color_narrow: an unblended draw into RGB565, RGB5A1 or RGBA4 narrows its colour in the
    // shader, whether the device holds the target in a 16-bit image or (PICAVK_DEVICE_DISABLE=
    // packed16) an RGBA8 one; a blended one does not. Fragment light's keys, their targets made
    // RGB565 as a list from before the rule has them (no narrowing, alpha writes on), each once
    // unblended and once blended.
    const std::unique_ptr<Trace> t = corpus_trace("fragment_light.ctf");
    std::vector<std::uint8_t> list;
    {
        Session collect(256u << 20, config(true));
        REQUIRE(collect.replay(*t, nullptr).empty());
        list = collect.export_shader_keys();
    }
    std::string error;
    const std::vector<std::uint8_t> records =
        shadergen::read_key_list(list, sizeof(vk::PipelineKey), error);
    REQUIRE(error.empty());
    std::vector<vk::PipelineKey> keys(records.size() / sizeof(vk::PipelineKey));
    REQUIRE(!keys.empty());
    std::memcpy(keys.data(), records.data(), records.size());
    keys.insert(keys.end(), keys.begin(), keys.end());
    for (std::size_t i = 0; i < keys.size(); ++i) {
        vk::PipelineKey& k = keys[i];
        k.color_format = 3;
        k.write_mask = 0xF;
        k.fragment.color_narrow = 0;
        k.blend_enable = i >= keys.size() / 2;
        k.blend_eq_rgb = k.blend_eq_alpha = 0;
        k.src_rgb = k.src_alpha = k.blend_enable ? 6 : 1; // source alpha, one minus it
        k.dst_rgb = k.dst_alpha = k.blend_enable ? 7 : 0;
    }
    const std::vector<std::uint8_t> rgb565 = shadergen::write_key_list(
        {reinterpret_cast<const std::uint8_t*>(keys.data()), keys.size() * sizeof(vk::PipelineKey)},
        sizeof(vk::PipelineKey));
    for (bool rgba8_images : {false, true}) {
        CAPTURE(rgba8_images);
        const ScopedEnv env("PICAVK_DEVICE_DISABLE", rgba8_images ? "packed16" : "");
        const std::string dir = temp_dir("precompile-narrow");
        std::size_t pipelines = 0;
        {
            Session build(16u << 20, config(false, dir));
            const PrecompileReport r = build.precompile(rgb565, 2, true, nullptr);
            CHECK(r.error.empty());
            CHECK(r.failures.empty());
            pipelines = r.pipelines;
        }
        CHECK(pipelines == keys.size());
        // Every key as today's draws make it: two fragment shaders (the list's one, once narrowing
        // for the unblended keys and once not for the blended ones).
        const std::string text = inspect_shader_cache(dir, error);
        auto count = [&](const std::string& what) {
            std::size_t n = 0;
            for (std::size_t at = text.find(what); at != std::string::npos;
                 at = text.find(what, at + 1))
                ++n;
            return n;
        };
        CHECK(count("\nshader ") == 2);
        CHECK(count("colour narrowed to 16-bit format 3") == 1);
    }
}

TEST_CASE("precompile: key lists merge, and bad ones are refused with a reason") {
    const std::unique_ptr<Trace> a = corpus_trace("textured_cube.ctf");
    const std::unique_ptr<Trace> b = corpus_trace("proctex.ctf");
    Session sa(256u << 20, config(true)), sb(256u << 20, config(true));
    REQUIRE(sa.replay(*a, nullptr).empty());
    REQUIRE(sb.replay(*b, nullptr).empty());
    const std::vector<std::vector<std::uint8_t>> lists = {
        sa.export_shader_keys(), sb.export_shader_keys(), sa.export_shader_keys()};
    std::string error;
    const std::vector<std::uint8_t> merged = merge_shader_keys(lists, error);
    CHECK(error.empty());
    auto all = key_set(lists[0]);
    const auto second = key_set(lists[1]);
    all.insert(second.begin(), second.end());
    CHECK(key_set(merged) == all); // no duplicates, nothing lost

    std::vector<std::uint8_t> bad = merged;
    bad[bad.size() / 2] ^= 0x40;
    CHECK(shader_key_count(bad, error) == -1);
    CHECK(error.find("checksum") != std::string::npos);
    bad = merged;
    bad.erase(bad.end() - 3, bad.end()); // (resize: a false -Wstringop-overflow at -O1)
    CHECK(shader_key_count(bad, error) == -1);
    CHECK(error.find("truncated") != std::string::npos);
    bad = merged;
    bad[8] ^= 0x01; // another key layout version
    CHECK(shader_key_count(bad, error) == -1);
    CHECK(error.find("layout") != std::string::npos);
    const std::vector<std::uint8_t> other =
        shadergen::write_key_list(std::vector<std::uint8_t>(30), 10); // 10-byte records
    CHECK(shader_key_count(other, error) == -1);
    CHECK(error.find("bytes each") != std::string::npos);
    CHECK(shader_key_count(std::vector<std::uint8_t>{1, 2, 3}, error) == -1);
    CHECK(error == "not a picavk key list");
    CHECK(merge_shader_keys(std::vector<std::vector<std::uint8_t>>{merged, bad}, error).empty());
    CHECK(error.find("key list 2") != std::string::npos);
    // A refused list builds nothing.
    Session s(16u << 20, config(false, temp_dir("precompile-bad")));
    const PrecompileReport r = s.precompile(bad, 1, true, nullptr);
    CHECK(!r.error.empty());
    CHECK(r.shaders == 0);
    // A damaged key file in a cache directory is reported and rebuilt, never trusted.
    const std::string dir = temp_dir("precompile-damaged");
    {
        Session build(16u << 20, config(false, dir));
        CHECK(build.precompile(merged, 1, false, nullptr).error.empty());
    }
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        if (e.path().filename().string().rfind("picavk-keys-", 0) != 0) continue;
        std::fstream f(e.path(), std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(30);
        f.put('\x7f');
    }
    Session reopened(16u << 20, config(false, dir));
    CHECK(reopened.warning_count() == 1);
}

TEST_CASE_FIXTURE(test::WithoutComputeRaster,
                  "cache tools: verify, repair, inspect, dump GLSL, diff and prune") {
    const std::string dir = temp_dir("cache-tools");
    std::vector<std::uint8_t> cube_keys, all_keys;
    {
        const std::unique_ptr<Trace> a = corpus_trace("textured_cube.ctf");
        const std::unique_ptr<Trace> b = corpus_trace("fragment_light.ctf");
        Session sa(256u << 20, config(true)), sb(256u << 20, config(true));
        REQUIRE(sa.replay(*a, nullptr).empty());
        REQUIRE(sb.replay(*b, nullptr).empty());
        cube_keys = sa.export_shader_keys();
        std::string error;
        all_keys = merge_shader_keys(
            std::vector<std::vector<std::uint8_t>>{cube_keys, sb.export_shader_keys()}, error);
        Session build(16u << 20, config(false, dir));
        REQUIRE(build.precompile(all_keys, 2, false, nullptr).error.empty());
    }
    std::string error;
    CacheCheck c = verify_shader_cache(dir, false, error);
    REQUIRE(error.empty());
    CHECK(c.files == 1);
    CHECK(c.entries == 2);
    CHECK(c.problems.empty());

    // Inspect: every key in words.
    const std::string text = inspect_shader_cache(dir, error);
    CHECK(text.find("2 shaders") != std::string::npos);
    CHECK(text.find("2 pipeline keys") != std::string::npos);
    CHECK(text.find("texture 0") != std::string::npos);          // the cube's texture stage
    CHECK(text.find("lighting: 1 lights") != std::string::npos); // fragment_light

    // Dump: SPIRV-Cross output beside the generator's.
    const std::string out = temp_dir("cache-tools-glsl");
    CHECK(dump_shader_cache_glsl(dir, out, error) == 2);
    std::size_t crossed = 0;
    for (const auto& e : std::filesystem::directory_iterator(out)) {
        if (e.path().string().find(".spirv-cross.frag") == std::string::npos) continue;
        std::ifstream in(e.path());
        const std::string glsl((std::istreambuf_iterator<char>(in)),
                               std::istreambuf_iterator<char>());
        CHECK(glsl.rfind("#version 450", 0) == 0);
        CHECK(glsl.find("void main()") != std::string::npos);
        ++crossed;
    }
    CHECK(crossed == 2);

    // Diff: a copy is the same; a pruned copy lacks the lit shader and its key.
    const std::string copy = temp_dir("cache-tools-copy");
    std::filesystem::copy(dir, copy);
    bool same = false;
    diff_shader_caches(dir, copy, same, error);
    CHECK(same);
    const PruneReport p = prune_shader_cache(copy, cube_keys, error);
    CHECK(error.empty());
    CHECK(p.shaders_kept == 1);
    CHECK(p.shaders_removed == 1);
    CHECK(p.keys_kept == 1);
    CHECK(p.keys_removed == 1);
    CHECK(p.bytes_after < p.bytes_before);
    const std::string d = diff_shader_caches(dir, copy, same, error);
    CHECK_FALSE(same);
    CHECK(d.find("1 only in the first, 0 only in the second, 0 with other") != std::string::npos);

    // Damage one entry's SPIR-V: verify finds it; repair rebuilds it from the key list.
    std::filesystem::path shaders;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().filename().string().rfind("picavk-shaders-", 0) == 0) shaders = e.path();
    {
        std::fstream f(shaders, std::ios::in | std::ios::out | std::ios::binary);
        f.seekg(0, std::ios::end);
        const auto size = static_cast<long>(f.tellg());
        f.seekp(size / 2);
        f.put('\x55');
    }
    c = verify_shader_cache(dir, false, error);
    CHECK(c.damaged == 1);
    CHECK(c.entries == 1);
    CHECK(!c.problems.empty());
    c = verify_shader_cache(dir, true, error);
    CHECK(c.repaired == 1);
    c = verify_shader_cache(dir, false, error);
    CHECK(c.problems.empty());
    CHECK(c.entries == 2);
    // Refusals: not a directory, a foreign key list to keep.
    verify_shader_cache(dir + "/nothing-here", false, error);
    CHECK(error.find("is not a directory") != std::string::npos);
    prune_shader_cache(dir, std::vector<std::uint8_t>{1, 2, 3}, error);
    CHECK(error.find("refused") != std::string::npos);
}

TEST_CASE("precompile: a trace replayed after others in one session meets its own keys") {
    // What a trace does not carry (registers past a short snapshot, the LUTs, a pending jump)
    // must not leak from the trace before: cubemap, normal_mapping and toon_shading once built
    // other keys (a light turned directional, a cube-map draw skipped) after other traces.
    const char* const earlier[] = {"2d_shapes.ctf", "fragment_light.ctf", "geoshader.ctf",
                                   "lenny.ctf",     "mipmap_fog.ctf",     "proctex.ctf"};
    for (const char* name : {"cubemap.ctf", "normal_mapping.ctf", "toon_shading.ctf"}) {
        CAPTURE(name);
        const std::unique_ptr<Trace> t = corpus_trace(name);
        Session fresh(256u << 20, config(true));
        REQUIRE(fresh.replay(*t, nullptr).empty());
        const auto own = key_set(fresh.export_shader_keys());
        Session shared(256u << 20, config(true));
        for (const char* other : earlier)
            REQUIRE(shared.replay(*corpus_trace(other), nullptr).empty());
        const auto before = key_set(shared.export_shader_keys());
        REQUIRE(shared.replay(*t, nullptr).empty());
        const auto after = key_set(shared.export_shader_keys());
        // Every key of the trace alone is met, and nothing it does not meet alone is added.
        for (const auto& k : own)
            CHECK(after.count(k) == 1);
        for (const auto& k : after)
            CHECK((before.count(k) == 1 || own.count(k) == 1));
    }
}

namespace {
// Every file of a directory with its bytes.
std::map<std::string, std::vector<std::uint8_t>> directory_bytes(const std::string& dir) {
    std::map<std::string, std::vector<std::uint8_t>> out;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        std::ifstream in(e.path(), std::ios::binary);
        out[e.path().filename().string()] = {std::istreambuf_iterator<char>(in),
                                             std::istreambuf_iterator<char>()};
    }
    return out;
}

// The records of a key list as pipeline keys, and back.
std::vector<vk::PipelineKey> keys_in(const std::vector<std::uint8_t>& list) {
    std::string error;
    const std::vector<std::uint8_t> records =
        shadergen::read_key_list(list, sizeof(vk::PipelineKey), error);
    REQUIRE_MESSAGE(error.empty(), error);
    std::vector<vk::PipelineKey> keys(records.size() / sizeof(vk::PipelineKey));
    std::memcpy(keys.data(), records.data(), records.size());
    return keys;
}
std::vector<std::uint8_t> list_of(const std::vector<vk::PipelineKey>& keys) {
    return shadergen::write_key_list(
        {reinterpret_cast<const std::uint8_t*>(keys.data()), keys.size() * sizeof(vk::PipelineKey)},
        sizeof(vk::PipelineKey));
}

// The keys fragment_light meets, and among them the one that lights (what the tests of failing
// shaders forge theirs from).
std::vector<vk::PipelineKey> fragment_light_keys() {
    Session collect(256u << 20, config(true));
    REQUIRE(collect.replay(*corpus_trace("fragment_light.ctf"), nullptr).empty());
    return keys_in(collect.export_shader_keys());
}
// Runs `body` on a device whose draws take the graphics pipeline (the compute rasteriser off,
// as on a device with many raster units, whatever this one has), then on one whose draws take the
// compute rasteriser (PICAVK_DEVICE_ASSUME=few-raster-units); `body` is told which.
template <typename Body>
void on_both_raster_paths(const Body& body) {
    for (const bool compute : {false, true}) {
        CAPTURE(compute);
        ScopedEnv env("PICAVK_DEVICE_ASSUME", compute ? "few-raster-units" : "");
        std::optional<test::WithoutComputeRaster> graphics;
        if (!compute) graphics.emplace();
        body(compute);
    }
}

std::vector<vk::PipelineKey>::const_iterator lit_key(const std::vector<vk::PipelineKey>& keys) {
    const auto lit = std::find_if(keys.begin(), keys.end(), [](const vk::PipelineKey& k) {
        return k.fragment.lighting.enabled != 0;
    });
    REQUIRE(lit != keys.end());
    return lit;
}
} // namespace

TEST_CASE_FIXTURE(
    test::WithoutComputeRaster,
    "precompile: a key whose shader fails is reported with its hash, the rest are built") {
    const std::vector<vk::PipelineKey> keys = fragment_light_keys();
    const auto lit = lit_key(keys);
    // A forged light register block (GLSL indexes the 8 lights out of range: glslang refuses
    // the shader) and a forged light count (the generator refuses the key before indexing).
    vk::PipelineKey bad_light = *lit, bad_count = *lit;
    bad_light.fragment.lighting.lights[0].id = 9;
    bad_count.fragment.lighting.light_count = 200;
    std::vector<vk::PipelineKey> all = keys;
    all.push_back(bad_light);
    all.push_back(bad_count);
    const std::string dir = temp_dir("precompile-failing-key");
    Session build(16u << 20, config(false, dir));
    const PrecompileReport r = build.precompile(list_of(all), 2, true, nullptr);
    CHECK(r.error.empty());
    CHECK(!r.cancelled);
    REQUIRE(r.failures.size() == 2);
    char light_hash[24], count_hash[24];
    std::snprintf(light_hash, sizeof light_hash, "%016llx",
                  static_cast<unsigned long long>(shadergen::hash(bad_light.fragment)));
    std::snprintf(count_hash, sizeof count_hash, "%016llx",
                  static_cast<unsigned long long>(shadergen::hash(bad_count.fragment)));
    const std::string failures = r.failures[0] + "\n" + r.failures[1];
    CAPTURE(failures);
    CHECK(failures.find(std::string("shader ") + light_hash + ": the generated shader failed") !=
          std::string::npos);
    CHECK(failures.find(std::string("shader ") + count_hash +
                        ": generating the shader failed: light count 200") != std::string::npos);
    CHECK(r.shaders_compiled == r.shaders - 2); // every good key was built
    CHECK(r.pipelines == keys.size());
    CHECK(build.renderer_counters().validation_messages == 0);
}

TEST_CASE("precompile: a cancelled run leaves the cache directory as it was (with the compute "
          "rasteriser's shaders too)") {
    on_both_raster_paths([&](bool compute) {
        const std::string dir = temp_dir("precompile-cancel");
        std::vector<std::uint8_t> first, second;
        {
            Session a(256u << 20, config(true)), b(256u << 20, config(true));
            REQUIRE(a.replay(*corpus_trace("textured_cube.ctf"), nullptr).empty());
            REQUIRE(b.replay(*corpus_trace("fragment_light.ctf"), nullptr).empty());
            first = a.export_shader_keys();
            second = b.export_shader_keys();
        }
        {
            Session build(16u << 20, config(false, dir));
            REQUIRE(build.precompile(first, 1, true, nullptr).error.empty());
        }
        const auto before = directory_bytes(dir);
        REQUIRE(before.size() >= 2); // shaders, key list (and the pipeline blob)
        // With the compute rasteriser, its shaders' file too (the cancels must take it back).
        const bool compute_file = std::any_of(before.begin(), before.end(), [](const auto& file) {
            return file.first.rfind("picavk-compute-raster-", 0) == 0;
        });
        CHECK(compute_file == compute);
        for (const bool in_pipelines : {false, true}) {
            CAPTURE(in_pipelines);
            {
                Session build(16u << 20, config(false, dir));
                std::size_t calls = 0;
                const PrecompileReport r =
                    build.precompile(second, 2, true, [&](const PrecompileProgress& p) {
                        ++calls;
                        return p.pipelines != in_pipelines; // stop at the first step of that phase
                    });
                CHECK(r.cancelled);
                CHECK(r.shaders_compiled == 0);
                CHECK(r.pipelines == 0);
                CHECK(calls >= 1);
                // The session goes on drawing (and saves what it meets itself, not the cancelled
                // work): nothing drawn here, so its destructor writes nothing.
            }
            CHECK(directory_bytes(dir) == before);
        }
        // Not cancelled, the same call adds the second trace's shaders.
        {
            Session build(16u << 20, config(false, dir));
            const PrecompileReport r = build.precompile(second, 2, true, nullptr);
            CHECK(!r.cancelled);
            CHECK(r.shaders_compiled >= 1);
        }
        CHECK(directory_bytes(dir) != before);
    });
}

TEST_CASE("precompile: the pipelines are made on the threads asked for, each once, shaders two "
          "keys share compiled once") {
    ScopedEnv assume("PICAVK_DEVICE_ASSUME", "few-raster-units");
    // Six fragment shaders, each for two keys side by side in the list (so that threads take
    // them together): without a depth buffer and with a D16 one (the compute rasteriser's
    // shaders are shared too: its key leaves the depth format out).
    const std::vector<vk::PipelineKey> distinct = keys_in(scenes::synthetic_key_list(6));
    const std::size_t shaders = distinct.size();
    std::vector<vk::PipelineKey> keys;
    for (vk::PipelineKey k : distinct) {
        keys.push_back(k);
        k.depth_format = 0;
        keys.push_back(k);
    }
    Session build(16u << 20, config(false, temp_dir("precompile-threads")));
    REQUIRE(build.compute_raster());
    std::set<std::thread::id> pipeline_threads;
    std::size_t last = 0;
    bool counted_in_order = true;
    const PrecompileReport r =
        build.precompile(list_of(keys), 3, true, [&](const PrecompileProgress& p) {
            if (p.pipelines) {
                // (one call at a time: no lock needed here)
                pipeline_threads.insert(std::this_thread::get_id());
                counted_in_order = counted_in_order && p.done == last + 1 && p.total == keys.size();
                last = p.done;
            }
            return true;
        });
    CHECK(r.failures.empty());
    CHECK(r.shaders == shaders);
    CHECK(r.shaders_compiled == shaders);
    CHECK(r.pipelines == keys.size());
    // Two compute shaders a fragment shader (the CPU's cut triangles, the pre-pass's uncut
    // ones) and a pipeline for each of every key's.
    CHECK(r.compute_shaders == 2 * shaders);
    CHECK(r.compute_shaders_compiled == 2 * shaders);
    CHECK(r.compute_pipelines == 2 * keys.size());
    CHECK(last == keys.size());
    CHECK(counted_in_order);
    // Twelve keys, each two compute pipelines of about 60 ms on lavapipe: the other threads
    // finish some of them (one thread's run would report from one thread alone).
    CHECK(pipeline_threads.size() >= 2);
    const RendererCounters c = build.renderer_counters();
    CHECK(c.shaders_compiled == shaders); // none compiled again for its second key
    CHECK(c.compute_raster_compiled == 2 * shaders);
    // The pipelines' threads read each fragment shader from the disk cache once, the second
    // key's waiting for the first's module (a second read is counted).
    CHECK(c.shaders_from_disk == shaders);
    CHECK(c.pipelines_created == r.pipelines + r.compute_pipelines);
    CHECK(c.validation_messages == 0);
}

TEST_CASE("shader cache: a warm start makes the pipelines its key list names on the compile "
          "threads before a draw asks, each once") {
    on_both_raster_paths([&](bool compute) {
        const std::unique_ptr<Trace> t = corpus_trace("lenny.ctf");
        const std::string dir = temp_dir("warm-start-ahead");
        {
            Session first(256u << 20, config(false, dir));
            REQUIRE(first.replay(*t, nullptr).empty());
        }
        auto warm = [&](bool ahead) {
            RendererConfig c = config(false, dir, ShaderCompile::Async);
            c.build_listed_pipelines = ahead;
            return std::make_unique<Session>(256u << 20, c);
        };
        // The whole trace, and whatever its draws left to the compile threads.
        auto play = [&](Session& session) {
            REQUIRE(session.replay(*t, nullptr).empty());
            session.wait_for_shader_compiles();
            return session.renderer_counters();
        };
        // The boot: nothing drawn yet. With the background builds, every pipeline made so far is
        // one of them; without, none is made.
        std::unique_ptr<Session> s = warm(true);
        s->wait_for_shader_compiles();
        const RendererCounters booted = s->renderer_counters();
        CHECK(booted.pipelines_built_ahead >= 1);
        CHECK(booted.pipelines_created == booted.pipelines_built_ahead);
        CHECK((booted.compute_raster_from_disk >= 1) == compute);
        // The frames: whatever they need from the cache directory is made already (nothing more
        // read from it), no draw takes a stand-in.
        const RendererCounters played = play(*s);
        CHECK(played.shaders_from_disk == booted.shaders_from_disk);
        CHECK(played.compute_raster_from_disk == booted.compute_raster_from_disk);
        CHECK(played.vertex_prepasses_from_disk == booted.vertex_prepasses_from_disk);
        CHECK(played.ubershader_draws == 0);
        if (compute) CHECK(played.compute_raster_draws == played.draws);
        CHECK(played.validation_messages == 0);
        s.reset();
        // Without them the draws make those pipelines: nothing before the first frame.
        s = warm(false);
        s->wait_for_shader_compiles();
        CHECK(s->renderer_counters().pipelines_created == 0);
        const RendererCounters unaided = play(*s);
        CHECK(unaided.pipelines_created == played.pipelines_created);
        CHECK(unaided.pipelines_built_ahead == 0);
        s.reset();
        // Drawing at once, while they are made: draws and compile threads meet the same keys,
        // and each pipeline is still made once.
        s = warm(true);
        const RendererCounters raced = play(*s);
        CHECK(raced.pipelines_created == played.pipelines_created);
        CHECK(raced.shaders_from_disk == played.shaders_from_disk);
        CHECK(raced.compute_raster_from_disk == played.compute_raster_from_disk);
        CHECK(raced.ubershader_draws == 0);
        CHECK(raced.validation_messages == 0);
    });
}

namespace {
// The cache directory's files whose names start with `prefix`.
std::vector<std::filesystem::path> files_named(const std::string& dir, const char* prefix) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().filename().string().starts_with(prefix)) files.push_back(entry.path());
    return files;
}

// The cache directory's key list (PipelineCache's file, one a device).
std::filesystem::path key_list_file(const std::string& dir) {
    const std::vector<std::filesystem::path> lists = files_named(dir, "picavk-keys-");
    REQUIRE(lists.size() == 1);
    return lists[0];
}

// Its keys, in order.
std::vector<vk::PipelineKey> listed_keys(const std::string& dir) {
    std::ifstream in(key_list_file(dir), std::ios::binary);
    return keys_in(std::vector<std::uint8_t>((std::istreambuf_iterator<char>(in)),
                                             std::istreambuf_iterator<char>()));
}

void write_listed_keys(const std::string& dir, const std::vector<vk::PipelineKey>& keys) {
    std::ofstream out(key_list_file(dir), std::ios::binary | std::ios::trunc);
    const std::vector<std::uint8_t> list = list_of(keys);
    out.write(reinterpret_cast<const char*>(list.data()),
              static_cast<std::streamsize>(list.size()));
}
} // namespace

TEST_CASE_FIXTURE(test::WithoutComputeRaster,
                  "shader cache: the key list keeps the order its keys were first met, a later "
                  "session's new keys after the earlier ones") {
    const std::string dir = temp_dir("key-list-order");
    auto play = [&](std::initializer_list<const char*> traces) {
        Session s(256u << 20, config(false, dir));
        for (const char* name : traces)
            REQUIRE(s.replay(*corpus_trace(name), nullptr).empty());
        return keys_in(s.export_shader_keys()); // met, in order
    };
    // (Most corpus traces draw with one key: a session of five.)
    const std::vector<vk::PipelineKey> first =
        play({"gpusprites.ctf", "lenny.ctf", "proctex.ctf", "cubemap.ctf", "2d_shapes.ctf"});
    REQUIRE(first.size() >= 5); // (a set's order would match the order met by chance rarely)
    CHECK(listed_keys(dir) == first);
    // A warm session meeting old keys and new ones: the new ones follow, as it met them.
    const std::vector<vk::PipelineKey> second =
        play({"fragment_light.ctf", "lenny.ctf", "toon_shading.ctf"});
    std::vector<vk::PipelineKey> expected = first;
    for (const vk::PipelineKey& k : second)
        if (std::find(first.begin(), first.end(), k) == first.end()) expected.push_back(k);
    REQUIRE(expected.size() >= first.size() + 2);
    CHECK(listed_keys(dir) == expected);
}

TEST_CASE("shader cache: a warm start switched from Async mode at once builds nothing more "
          "ahead, and draws") {
    // Twelve keys on the compute rasteriser's path: 36 pipelines, the compute ones tens of
    // milliseconds each on lavapipe, which keep the one compile thread busy past the switch.
    ScopedEnv assume("PICAVK_DEVICE_ASSUME", "few-raster-units");
    const std::string dir = temp_dir("warm-start-switched");
    {
        Session first(16u << 20, config(false, dir));
        REQUIRE(first.compute_raster());
        REQUIRE(first.precompile(scenes::synthetic_key_list(12), 2, false, nullptr).error.empty());
    }
    const std::unique_ptr<Trace> t = corpus_trace("lenny.ctf");
    // Each pipeline a whole compile, as on a first run: the drivers' own shader caches off (Mesa's,
    // NVIDIA's), the directory's VkPipelineCache data removed before each session, one thread
    // whatever the environment asks.
    ScopedEnv mesa_uncached("MESA_SHADER_CACHE_DISABLE", "true");
    ScopedEnv nvidia_uncached("__GL_SHADER_DISK_CACHE", "0");
    ScopedEnv one_thread("PICAVK_COMPILE_THREADS", "1");
    for (const ShaderCompile mode : {ShaderCompile::Sync, ShaderCompile::UbershaderOnly}) {
        CAPTURE(static_cast<int>(mode));
        for (const std::filesystem::path& blob : files_named(dir, "picavk-pipelines-"))
            std::filesystem::remove(blob);
        RendererConfig c = config(false, dir, ShaderCompile::Async);
        c.compile_threads = 1;
        Session s(256u << 20, c);
        s.set_shader_compile(mode);
        s.wait_for_shader_compiles();
        // At most the job running at the switch finished; those queued were left.
        CHECK(s.renderer_counters().pipelines_built_ahead <= 1);
        REQUIRE(s.replay(*t, nullptr).empty());
        CHECK(s.renderer_counters().validation_messages == 0);
    }
    // Left in Async mode, a warm start builds every listed pipeline ahead: the twelve keys' 36,
    // and lenny's since.
    std::uint64_t listed = 0;
    {
        Session all(16u << 20, config(false, dir, ShaderCompile::Async));
        all.wait_for_shader_compiles();
        listed = all.renderer_counters().pipelines_built_ahead;
    }
    CHECK(listed >= 36);
}

TEST_CASE_FIXTURE(test::WithoutComputeRaster,
                  "shader cache: listed keys today's draws would not make are not built ahead") {
    // A blended draw to an RGB565 target with alpha writes on: today's draws mask the alpha write
    // (a format without alpha; PipelineCache::as_drawn), an older list held such keys. Its
    // fragment shader is the RGBA8 key's (blending that is not one and zero narrows nothing), so
    // that shader is on disk, and only the rule of today's draws leaves the key.
    const std::string dir = temp_dir("warm-start-old-list");
    {
        Session first(256u << 20, config(false, dir));
        REQUIRE(first.replay(*corpus_trace("gpusprites.ctf"), nullptr).empty());
    }
    std::vector<vk::PipelineKey> blended, forged;
    for (vk::PipelineKey k : listed_keys(dir))
        if (k.color_format == 0 && k.blend_enable && k.write_mask == 0xF) {
            blended.push_back(k);
            k.color_format = 3;
            REQUIRE(vk::color_narrow(k) == 0);
            forged.push_back(k);
        }
    REQUIRE(!blended.empty());
    auto built_ahead = [&](const std::vector<vk::PipelineKey>& keys) {
        write_listed_keys(dir, keys);
        Session s(256u << 20, config(false, dir, ShaderCompile::Async));
        s.wait_for_shader_compiles();
        CHECK(s.renderer_counters().validation_messages == 0);
        return s.renderer_counters().pipelines_built_ahead;
    };
    CHECK(built_ahead(blended) == blended.size());
    CHECK(built_ahead(forged) == 0);
}

TEST_CASE("precompile: the compute rasteriser's shaders are built ahead and read back, so a warm "
          "start draws every draw with it") {
    ScopedEnv assume("PICAVK_DEVICE_ASSUME", "few-raster-units");
    const std::unique_ptr<Trace> t = corpus_trace("lenny.ctf");
    std::vector<std::uint8_t> keys;
    {
        Session collect(256u << 20, config(true));
        REQUIRE(collect.replay(*t, nullptr).empty());
        keys = collect.export_shader_keys();
    }
    // A cold start for contrast: the first draws go through the graphics pipeline while the
    // compute shaders compile (async mode).
    Session cold(256u << 20,
                 config(false, temp_dir("precompile-compute-cold"), ShaderCompile::Async));
    REQUIRE(cold.compute_raster());
    REQUIRE(cold.replay(*t, nullptr).empty());
    cold.wait_for_shader_compiles(); // (what it asked for built, the draws' counts unchanged)
    const RendererCounters c = cold.renderer_counters();
    CHECK(c.compute_raster_compiled >= 1);
    CHECK(c.compute_raster_from_disk == 0);
    CHECK(c.compute_raster_draws < c.draws);

    for (const bool precompiled : {true, false}) {
        CAPTURE(precompiled);
        const std::string dir = temp_dir("precompile-compute");
        if (precompiled) {
            Session build(16u << 20, config(false, dir));
            const PrecompileReport r = build.precompile(keys, 2, true, nullptr);
            CHECK(r.error.empty());
            CHECK(r.failures.empty());
            CHECK(r.compute_shaders >= 1);
            CHECK(r.compute_shaders_compiled == r.compute_shaders);
            CHECK(r.compute_pipelines >= r.compute_shaders); // one per key
            const PrecompileReport again = build.precompile(keys, 2, false, nullptr);
            CHECK(again.compute_shaders_compiled == 0);
            CHECK(again.compute_shaders_from_disk == again.compute_shaders);
        } else { // an earlier run's cache: it keeps the keys compute draws met, and their shaders
            Session first(256u << 20, config(false, dir, ShaderCompile::Async));
            REQUIRE(first.replay(*t, nullptr).empty());
            // A run long enough for its compiles to finish: a session ended with compiles queued
            // drops them (shutting down does not wait for glslang), and the next start then
            // compiles those keys again. Under load four draws can end before the compiles do.
            first.wait_for_shader_compiles();
        }
        Session warm(256u << 20, config(false, dir, ShaderCompile::Async));
        REQUIRE(warm.replay(*t, nullptr).empty());
        const RendererCounters w = warm.renderer_counters();
        CHECK(w.compute_raster_compiled == 0);
        CHECK(w.compute_raster_from_disk >= 1);
        CHECK(w.compute_raster_draws == c.draws); // the first draws too
        CHECK(w.ubershader_draws == 0);
        CHECK(w.validation_messages == 0);
    }
}

TEST_CASE("compute rasteriser: a shader that fails is a counted warning, once, and the key gets "
          "no pipeline (its draws take the graphics pipeline)") {
    ScopedEnv assume("PICAVK_DEVICE_ASSUME", "few-raster-units");
    const std::vector<vk::PipelineKey> keys = fragment_light_keys();
    const auto lit = lit_key(keys);
    vk::PipelineKey bad = *lit; // glslang refuses the shader (precompile's forged light above)
    bad.fragment.lighting.lights[0].id = 9;
    vk::DeviceOptions options;
    options.validation = true;
    vk::Device device(options);
    REQUIRE(device.compute_raster());
    std::uint64_t bad_hash = 0; // the forged key's compute shader
    for (const vk::CompileMode mode : {vk::CompileMode::Sync, vk::CompileMode::Async}) {
        CAPTURE(static_cast<int>(mode));
        pica::Diagnostics diag;
        std::vector<std::string> messages;
        diag.set_sink([&](pica::Warning, const std::string& m) { messages.push_back(m); });
        vk::PipelineCache cache(device, vk::choose_host_formats(device), {}, diag, mode);
        REQUIRE(cache.compute_raster_candidate(bad));
        CHECK(cache.get_compute_raster(bad) == VK_NULL_HANDLE);
        cache.wait_idle();
        CHECK(cache.get_compute_raster(bad) == VK_NULL_HANDLE); // async: reported now
        CHECK(cache.get_compute_raster(bad) == VK_NULL_HANDLE); // not tried again
        CHECK(diag.count(pica::Warning::ShaderFailed) == 1);
        REQUIRE(messages.size() == 1);
        bad_hash = shadergen::hash(cache.compute_raster_key(bad));
        char hash[24];
        std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(bad_hash));
        CHECK(messages[0].find(std::string("compute rasteriser shader ") + hash) !=
              std::string::npos);
        // The key it was forged from builds.
        const VkPipeline first = cache.get_compute_raster(*lit);
        CHECK((first != VK_NULL_HANDLE || mode == vk::CompileMode::Async));
        cache.wait_idle();
        CHECK(cache.get_compute_raster(*lit) != VK_NULL_HANDLE);
        CHECK(diag.count(pica::Warning::ShaderFailed) == 1);
    }
    // picavk-precompile reports it with the others, by the compute shader's hash.
    Session build(16u << 20, config(false, temp_dir("precompile-compute-failing")));
    const PrecompileReport r = build.precompile(list_of({bad}), 1, true, nullptr);
    char hash[24];
    std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(bad_hash));
    std::string failures;
    for (const std::string& f : r.failures)
        failures += f + "\n";
    CAPTURE(failures);
    // Its fragment shader and its compute shaders: for cut triangles, and for the vertex
    // pre-pass's uncut ones.
    CHECK(r.failures.size() == 3);
    CHECK(failures.find(std::string("shader ") + hash +
                        ": the compute rasteriser's shader failed") != std::string::npos);
    CHECK(r.compute_shaders == 2);
    CHECK(r.compute_pipelines == 0);
}
