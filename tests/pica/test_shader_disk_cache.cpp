// The shader disk cache's file checks (src/shadergen/shader_disk_cache.h): what it wrote it reads
// back; anything truncated, corrupted or written for another layout, device or shader generator
// is refused whole.
#include "shadergen/pipeline_blob.h"
#include "shadergen/shader_disk_cache.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <random>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace picavk::shadergen;

namespace {
FragmentConfig config(std::uint32_t n) {
    FragmentConfig c{};
    c.stages[0].sources = n;
    c.alpha_test_func = static_cast<std::uint8_t>(n & 7);
    return c;
}
std::vector<std::uint32_t> spirv(std::uint32_t n) {
    return {0x07230203u, 0x00010600u, n, n * 3, 0xDEADBEEF};
}
// 8 KB of SPIR-V-looking words naming generation g.
std::vector<std::uint32_t> generation_words(std::uint32_t g) {
    std::vector<std::uint32_t> words(2000, g);
    words[0] = 0x07230203u;
    return words;
}
} // namespace

TEST_CASE("shader disk cache: round trip, then every kind of damage is refused") {
    ShaderDiskCache a("profile A");
    for (std::uint32_t n = 1; n <= 20; ++n)
        a.insert(config(n), spirv(n));
    const std::vector<std::uint8_t> file = a.save();

    ShaderDiskCache b("profile A");
    CHECK(b.load(file).empty());
    CHECK(b.size() == 20);
    REQUIRE(b.find(config(7)));
    CHECK(*b.find(config(7)) == spirv(7));
    CHECK_FALSE(b.find(config(99)));
    CHECK_FALSE(b.dirty());

    SUBCASE("another device or driver") {
        ShaderDiskCache c("profile B");
        CHECK(c.load(file).find("another device") != std::string::npos);
        CHECK(c.size() == 0);
        CHECK(c.file_name("/d") != a.file_name("/d"));
    }
    SUBCASE("another version of the shader generator") {
        // Same device, same file name: read, refused for its generator, and written over.
        ShaderDiskCache g1("profile A", "0123456789abcdef"), g2("profile A", "fedcba9876543210");
        CHECK(g1.file_name("/d") == a.file_name("/d"));
        CHECK(g2.file_name("/d") == g1.file_name("/d"));
        g1.insert(config(1), spirv(1));
        const std::vector<std::uint8_t> old = g1.save();
        CHECK(g2.load(old).find("shader generator") != std::string::npos);
        CHECK(g2.size() == 0);
        CHECK(b.load(old).find("shader generator") != std::string::npos); // none named either
        ShaderDiskCache same("profile A", "0123456789abcdef");
        CHECK(same.load(old).empty());
        CHECK(same.size() == 1);
    }
    SUBCASE("truncated anywhere") {
        for (std::size_t cut :
             {std::size_t{0}, std::size_t{7}, std::size_t{40}, file.size() / 2, file.size() - 1}) {
            CAPTURE(cut);
            ShaderDiskCache c("profile A");
            CHECK_FALSE(c.load(std::span(file).first(cut)).empty());
            CHECK(c.size() == 0);
        }
    }
    SUBCASE("one flipped bit anywhere") {
        for (std::size_t at = 0; at < file.size(); at += 37) {
            CAPTURE(at);
            auto bad = file;
            bad[at] ^= 0x10;
            ShaderDiskCache c("profile A");
            CHECK_FALSE(c.load(bad).empty());
            CHECK(c.size() == 0);
        }
    }
    SUBCASE("another key layout: the header names it") {
        auto bad = file;
        const std::uint32_t old_layout = FragmentConfig::kLayoutVersion - 1;
        std::memcpy(&bad[8], &old_layout, 4);
        ShaderDiskCache c("profile A");
        CHECK_FALSE(c.load(bad).empty()); // whole-file checksum catches the edit first
        CHECK(c.size() == 0);
    }
}

TEST_CASE("shader disk cache: a writer killed (kill -9) at random points leaves the old file or "
          "the new one") {
    // A child process saves caches of changing size and content in a loop; the parent kills it
    // at a random moment, then loads what is on disk. Every generation g holds 50 + g % 50
    // entries whose SPIR-V words (after the magic) all read g, so a file mixed from two
    // generations, or cut short, is told apart from a whole one. The checksums would refuse a
    // partial file too; this shows one is never even put under the cache's name.
    const std::string dir = std::string(PICAVK_TEST_TMP) + "/crash-cache";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const ShaderDiskCache naming("crash profile");
    const std::string path = naming.file_name(dir);

    // The kills land within a few saves' time of the child's start, measured here first: under
    // ASan on a loaded machine one save took long enough that kills within a fixed 20 ms never
    // reached the first one (CI, stop 69). The child also says when it runs, so the time it
    // takes to be scheduled after fork is not counted.
    std::filesystem::create_directories(dir + "/timing");
    const auto save_start = std::chrono::steady_clock::now();
    for (std::uint32_t g = 97; g < 100; ++g) {
        ShaderDiskCache c("crash profile");
        for (std::uint32_t i = 0; i < 50 + g % 50; ++i)
            c.insert(config(i + 1), generation_words(g));
        c.save_file(dir + "/timing");
    }
    const auto save_us = std::chrono::duration_cast<std::chrono::microseconds>(
                             std::chrono::steady_clock::now() - save_start)
                             .count() /
                         3;
    const auto window_us = static_cast<std::uint32_t>(std::max<long long>(2000, 4 * save_us));
    std::filesystem::remove_all(dir + "/timing");

    std::mt19937 rng(12345);
    int mid_write = 0, loaded = 0, rounds = 0;
    std::uint32_t last_generation = 0;
    // At least 60 kills, and more (up to 400) until one has landed inside a save and one file
    // has loaded whole, so the check below is about the cache, not about the machine's load.
    for (; rounds < 400 && (rounds < 60 || mid_write == 0 || loaded == 0); ++rounds) {
        int ready[2];
        REQUIRE(pipe(ready) == 0);
        const pid_t child = fork();
        REQUIRE(child >= 0);
        if (child == 0) {
            close(ready[0]);
            const char running = 'r';
            [[maybe_unused]] const auto written = write(ready[1], &running, 1);
            for (std::uint32_t g = last_generation + 1;; ++g) {
                ShaderDiskCache c("crash profile");
                for (std::uint32_t i = 0; i < 50 + g % 50; ++i)
                    c.insert(config(i + 1), generation_words(g));
                c.save_file(dir);
            }
        }
        close(ready[1]);
        char running = 0;
        [[maybe_unused]] const auto got = read(ready[0], &running, 1);
        close(ready[0]);
        std::this_thread::sleep_for(std::chrono::microseconds(rng() % window_us));
        kill(child, SIGKILL);
        int status = 0;
        waitpid(child, &status, 0);
        const std::string temp = path + ".tmp." + std::to_string(child);
        if (std::filesystem::exists(temp)) {
            ++mid_write; // killed between opening the temporary file and the rename
            std::filesystem::remove(temp);
        }

        ShaderDiskCache c("crash profile");
        const std::string why = c.load_file(dir);
        if (why == "no cache file yet") continue; // killed before the first rename
        CAPTURE(rounds);
        REQUIRE_MESSAGE(why.empty(), why);
        ++loaded;
        const std::vector<std::uint32_t>* first = c.find(config(1));
        REQUIRE(first);
        const std::uint32_t g = first->at(1);
        CHECK(c.size() == 50 + g % 50);
        for (std::uint32_t i = 0; i < c.size(); ++i) {
            const std::vector<std::uint32_t>* words = c.find(config(i + 1));
            REQUIRE(words);
            CHECK(*words == generation_words(g));
        }
        CHECK(g >= last_generation); // never older than what a finished save left
        last_generation = g;
    }
    MESSAGE(mid_write << " of " << rounds << " kills landed inside a save, " << loaded
                      << " files loaded whole; one save took " << save_us << " us");
    CHECK(mid_write > 0); // the dangerous window was really hit
    CHECK(loaded > 0);
}

TEST_CASE("pipeline-cache blob: a whole file unwraps to the driver's data, any damage is refused") {
    const std::vector<std::uint8_t> data = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
    const std::vector<std::uint8_t> file = wrap_pipeline_blob(data);
    REQUIRE(file.size() == data.size() + 12);
    auto whole = file;
    CHECK(unwrap_pipeline_blob(whole));
    CHECK(whole == data);
    for (std::size_t cut = 0; cut < file.size(); ++cut) {
        auto part = std::vector<std::uint8_t>(file.begin(), file.begin() + static_cast<long>(cut));
        CHECK_FALSE(unwrap_pipeline_blob(part));
    }
    for (std::size_t at = 0; at < file.size(); ++at) {
        auto bad = file;
        bad[at] ^= 0x01;
        CHECK_FALSE(unwrap_pipeline_blob(bad));
        CHECK(bad[at] == (file[at] ^ 0x01)); // a refused file is left as it was
    }
    auto empty = wrap_pipeline_blob({});
    CHECK(unwrap_pipeline_blob(empty));
    CHECK(empty.empty());
}
