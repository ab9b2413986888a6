#pragma once

// The display transfer's pixel work, one output row at a time: decode each input pixel to 8-bit
// RGBA (bit replication), average the 2x1 or 2x2 pixels a downscale merges (truncating), encode
// by truncation (hwtests displaytransfer.cpp; transfer_engine.cpp says which cases). Per output
// pixel this is encode_texel(out, average(decode_texel(in, ...))); the functions differ from that
// loop only in speed: each pair of formats and each downscale has its own, with the formats fixed
// at compile time (one switch a row instead of two a pixel), and a copy where the formats match
// without a downscale (decoding by bit replication and encoding by truncation give the input's
// bits back).

#include "pica/transfer/transfer_engine.h"

#include <cstddef>
#include <cstdint>

namespace picavk::pica {

// rows[0] (and rows[1] for a 2x2 downscale) hold width * kx input pixels; out gets width pixels.
// Each row, input and output, has kTransferRowSlack bytes after its pixels that the function may
// read or overwrite (a 3-byte pixel is loaded and stored as a word).
inline constexpr std::size_t kTransferRowSlack = 4;
using TransferRowFn = void (*)(const std::uint8_t* const rows[2], std::uint8_t* out,
                               std::uint32_t width);

// The row function for these formats and downscale (0: none, 1: 2x1, 2: 2x2; flags bits 24-25).
// Null for an unknown format or downscale 3 (the transfer refuses those first).
TransferRowFn transfer_row_fn(TransferFormat in, TransferFormat out, std::uint32_t downscale);

} // namespace picavk::pica
