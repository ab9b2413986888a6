// vk/surface/pixel_repeat.h: guest pixels repeated n x n times for uploads at the resolution scale.
#include "vk/surface/pixel_repeat.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <vector>

using picavk::vk::repeat_pixels;

TEST_CASE("pixel repeat: every output pixel is the guest pixel it covers, for each pixel size "
          "and scale") {
    constexpr std::uint32_t kW = 5, kH = 3;
    for (std::uint32_t bpp : {1u, 2u, 4u, 8u}) {
        for (std::uint32_t n : {1u, 2u, 3u, 8u}) {
            CAPTURE(bpp);
            CAPTURE(n);
            std::vector<std::uint8_t> src(kW * kH * bpp);
            for (std::size_t i = 0; i < src.size(); ++i)
                src[i] = static_cast<std::uint8_t>(i * 37 + 11);
            std::vector<std::uint8_t> dst(src.size() * n * n, 0xAB);
            REQUIRE(repeat_pixels(src, dst, kW, kH, bpp, n));
            bool all_match = true;
            for (std::uint32_t y = 0; y < kH * n; ++y)
                for (std::uint32_t x = 0; x < kW * n; ++x)
                    all_match &=
                        std::memcmp(&dst[(std::size_t{y} * kW * n + x) * bpp],
                                    &src[(std::size_t{y / n} * kW + x / n) * bpp], bpp) == 0;
            CHECK(all_match);
        }
    }
}

TEST_CASE("pixel repeat: sizes that disagree write nothing") {
    std::vector<std::uint8_t> src(4 * 4 * 4, 1), dst(8 * 8 * 4, 0);
    CHECK_FALSE(repeat_pixels(src, dst, 4, 4, 3, 2)); // no 3-byte pixels
    CHECK_FALSE(repeat_pixels(src, dst, 4, 4, 4, 0));
    CHECK_FALSE(repeat_pixels(src, dst, 4, 4, 4, 3)); // the output needs 12x12
    CHECK_FALSE(repeat_pixels({src.data(), 10}, dst, 4, 4, 4, 2));
    CHECK(std::all_of(dst.begin(), dst.end(), [](std::uint8_t b) { return b == 0; }));
}
