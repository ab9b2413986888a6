#pragma once

// The VkPipelineCache blob as picavk keeps it on disk: the driver's data, then "PVKP" and an
// XXH3-64 of the data, so that a truncated or corrupted file never reaches the driver (drivers
// check their own header, not the whole blob).

#include <cstdint>
#include <span>
#include <vector>

namespace picavk::shadergen {

std::vector<std::uint8_t> wrap_pipeline_blob(std::span<const std::uint8_t> driver_data);

// True when `file` is a whole, unchanged blob; it is then cut down to the driver's data.
// Otherwise `file` is left as it was.
bool unwrap_pipeline_blob(std::vector<std::uint8_t>& file);

} // namespace picavk::shadergen
