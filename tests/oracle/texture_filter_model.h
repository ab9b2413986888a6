#pragma once

// CPU references of the texture filters (shaders/texture_filter_*.frag), written from the
// published algorithms: MMPX (McGuire and Gagiu, JCGT 2021, the paper's rule listing), the cubic
// B-spline (the weights Citra's bicubic.frag uses), ScaleFORCE (BreadFish64's scale_force.frag:
// bilinear neighbourhood, YCbCr distances, a moved B-spline sample), xBRZ freescale. Images are
// RGBA8, rows top first; the result is `scale` times the size. MMPX is exact; the others are
// computed in double and rounded, within a unit of the GPU's float result.

#include <cstdint>
#include <vector>

namespace picavk::oracle {

struct FilterImage {
    std::uint32_t width = 0, height = 0;
    std::vector<std::uint8_t> rgba;
};

FilterImage mmpx_model(const FilterImage& in, std::uint32_t scale);
FilterImage bicubic_model(const FilterImage& in, std::uint32_t scale);
FilterImage scaleforce_model(const FilterImage& in, std::uint32_t scale);
// xBRZ freescale (after Zenju's xBRZ; the four corners as the published shader writes them), in
// float as the GPU computes: a threshold decision can still fall the other way where float
// rounding differs (FMA), which the test allows on a few pixels.
FilterImage xbrz_model(const FilterImage& in, std::uint32_t scale);
// Anime4K v1.0 RC2 UltraFast (bloc97; Citra's x_gradient, y_gradient and refine passes): a Sobel
// gradient of the luminance on a grid twice the source's size, then lines pulled towards their
// light side. In double; the GPU keeps the gradient images in float.
FilterImage anime4k_model(const FilterImage& in, std::uint32_t scale);

} // namespace picavk::oracle
