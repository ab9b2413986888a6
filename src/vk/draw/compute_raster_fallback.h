#pragma once

#include <cstdint>

namespace picavk::vk {

// Why a draw went to the graphics pipeline on a device where the compute rasteriser takes draws
// (Device::compute_raster), counted per reason: what the next step of the compute rasteriser
// should cover is what games hit here. (Its work budget is counted apart:
// RasterizerStats::compute_raster_over_budget.)
enum class ComputeRasterFallback : std::uint8_t {
    ProcTexFilter, // fragment state it does not cover (shadergen::ComputeRasterGap)
    ShadowWrite,
    GasWrite,
    LogicOp,
    TargetFormat,  // a colour format it cannot write on this device
    ColorStorage,  // its colour buffer cannot be given storage usage
    DepthBuffer,   // a depth test without a D16 or D24S8 image (the D32F fallback)
    StencilBuffer, // a stencil test without a D24S8 image
    Vertices,      // a sub-pixel grid finer than 8 bits (the shader's integers); where the CPU does
                   // not cut, indices past the vertices
    GuardBand,     // triangles the CPU could not cut to its guard band (a vertex at the eye, or
                   // indices past the vertices)
    Compiling,     // its shader is being built (or failed: reported)
    Count
};
inline constexpr unsigned kComputeRasterFallbackCount =
    static_cast<unsigned>(ComputeRasterFallback::Count);

} // namespace picavk::vk
