#include "golden_images.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace picavk::test {

std::string check_golden(const ScreenImage& image, const std::string& name,
                         const GoldenTolerance& tolerance) {
    const std::string path = std::string(PICAVK_GOLDEN_DIR) + "/" + name + ".png";
    if (updating_goldens()) {
        write_png(image, path);
        return {};
    }
    std::string flat = name;
    std::replace(flat.begin(), flat.end(), '/', '_');
    return compare_with_golden(image, path, tolerance,
                               std::string(PICAVK_TEST_TMP) + "/" + flat + "_diff.png");
}

bool updating_goldens() {
    return std::getenv("PICAVK_UPDATE_GOLDEN") != nullptr;
}

void write_png(const ScreenImage& image, const std::string& path) {
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    stbi_write_png(path.c_str(), static_cast<int>(image.width), static_cast<int>(image.height), 4,
                   image.rgba.data(), static_cast<int>(image.width * 4));
}

std::string compare_with_golden(const ScreenImage& image, const std::string& golden_path,
                                const GoldenTolerance& tolerance, const std::string& diff_path) {
    int w = 0, h = 0, n = 0;
    unsigned char* loaded = stbi_load(golden_path.c_str(), &w, &h, &n, 4);
    if (!loaded) return "missing golden image " + golden_path;
    ScreenImage golden{static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(h), {}};
    golden.rgba.assign(loaded, loaded + static_cast<std::size_t>(w) * h * 4);
    stbi_image_free(loaded);
    const std::string mismatch = compare_with_golden_image(image, golden, tolerance, diff_path);
    return mismatch.empty() ? mismatch : golden_path + ": " + mismatch;
}

std::string compare_with_golden_image(const ScreenImage& image, const ScreenImage& golden,
                                      const GoldenTolerance& tolerance,
                                      const std::string& diff_path) {
    if (golden.width != image.width || golden.height != image.height) {
        std::ostringstream m;
        m << "the golden is " << golden.width << "x" << golden.height << ", the picture "
          << image.width << "x" << image.height;
        return m.str();
    }

    ScreenImage diff = golden;
    std::size_t over = 0;
    double total = 0;
    const std::size_t pixels = image.rgba.size() / 4;
    const int width = static_cast<int>(image.width), height = static_cast<int>(image.height);
    for (std::size_t i = 0; i < pixels; ++i) {
        const int x = static_cast<int>(i % image.width), y = static_cast<int>(i / image.width);
        // The closest golden pixel within the radius: the largest channel difference decides,
        // the sum of the four is what the mean counts.
        int worst = 256, sum = 0;
        for (int dy = -tolerance.radius; dy <= tolerance.radius; ++dy) {
            for (int dx = -tolerance.radius; dx <= tolerance.radius; ++dx) {
                const int gx = x + dx, gy = y + dy;
                if (gx < 0 || gy < 0 || gx >= width || gy >= height) continue;
                const std::size_t g = (static_cast<std::size_t>(gy) * image.width + gx) * 4;
                int largest = 0, channels = 0;
                for (std::size_t c = 0; c < 4; ++c) {
                    const int d = std::abs(int(golden.rgba[g + c]) - int(image.rgba[i * 4 + c]));
                    largest = std::max(largest, d);
                    channels += d;
                }
                if (largest < worst) worst = largest, sum = channels;
            }
        }
        total += sum;
        const auto grey = static_cast<std::uint8_t>(
            (golden.rgba[i * 4] + golden.rgba[i * 4 + 1] + golden.rgba[i * 4 + 2]) / 6);
        const bool bad = worst > tolerance.channel;
        diff.rgba[i * 4 + 0] = bad ? 255 : grey;
        diff.rgba[i * 4 + 1] = bad ? 0 : grey;
        diff.rgba[i * 4 + 2] = bad ? 0 : grey;
        diff.rgba[i * 4 + 3] = 255;
        over += bad;
    }
    const double mean = total / static_cast<double>(image.rgba.size());
    const double fraction = static_cast<double>(over) / static_cast<double>(pixels);
    if (fraction <= tolerance.max_fraction_over && mean < tolerance.max_mean) return {};
    write_png(diff, diff_path);
    std::ostringstream m;
    m << over << " pixels (" << fraction * 100 << "%) differ by more than " << tolerance.channel
      << ", mean difference " << mean << "; diff image " << diff_path;
    return m.str();
}

ScreenImage box_downsample(const ScreenImage& image, std::uint32_t scale) {
    ScreenImage out{image.width / scale, image.height / scale, {}};
    out.rgba.resize(static_cast<std::size_t>(out.width) * out.height * 4);
    for (std::uint32_t y = 0; y < out.height; ++y)
        for (std::uint32_t x = 0; x < out.width; ++x)
            for (std::uint32_t c = 0; c < 4; ++c) {
                std::uint32_t sum = 0;
                for (std::uint32_t k = 0; k < scale * scale; ++k)
                    sum +=
                        image.rgba[((y * scale + k / scale) * image.width + x * scale + k % scale) *
                                       4 +
                                   c];
                out.rgba[(static_cast<std::size_t>(y) * out.width + x) * 4 + c] =
                    static_cast<std::uint8_t>((sum + scale * scale / 2) / (scale * scale));
            }
    return out;
}

} // namespace picavk::test
