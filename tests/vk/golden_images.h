#pragma once

// Golden-image comparison for the renderer tests (tests/golden/, reviewed like code).
// PICAVK_UPDATE_GOLDEN=1 makes the comparisons write the files instead (look at every one).

#include "picavk/session.h"

#include <string>

namespace picavk::test {

// How far a picture may stray from its golden image: at most `max_fraction_over` of the pixels
// may differ by more than `channel` in some channel, and the mean absolute channel difference
// must stay below `max_mean`. With `radius` > 0 a pixel is compared with the closest of the
// golden's pixels up to `radius` away (edges that moved by a pixel, as a scaled render's do).
struct GoldenTolerance {
    int channel = 24;
    double max_fraction_over = 0.005;
    double max_mean = 1.0;
    int radius = 0;
};

// Empty when `image` matches the PNG at `golden_path` within `tolerance`; otherwise what differs.
// On a mismatch a diff image is written to `diff_path` (the golden greyed, differing pixels red)
// and named in the message.
std::string compare_with_golden(const ScreenImage& image, const std::string& golden_path,
                                const GoldenTolerance& tolerance, const std::string& diff_path);

// The same against a golden picture in memory (another render of the same scene).
std::string compare_with_golden_image(const ScreenImage& image, const ScreenImage& golden,
                                      const GoldenTolerance& tolerance,
                                      const std::string& diff_path);

// The golden image tests/golden/NAME.png (NAME may hold a folder, "lighting/diffuse"): written
// when updating goldens, else compared; empty when it matches (a diff image goes under the build
// directory, named after NAME).
std::string check_golden(const ScreenImage& image, const std::string& name,
                         const GoldenTolerance& tolerance);

// True when PICAVK_UPDATE_GOLDEN is set: the caller writes its goldens with write_png.
bool updating_goldens();
void write_png(const ScreenImage& image, const std::string& path);

// The picture at scale 1: each scale x scale block averaged (a scaled render compared with a
// scale-1 golden).
ScreenImage box_downsample(const ScreenImage& image, std::uint32_t scale);

} // namespace picavk::test
