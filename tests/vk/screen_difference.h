#pragma once

// How far two screens are apart: the pixels whose channels differ, and the largest channel
// difference.

#include "picavk/session.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <utility>

namespace picavk::test {

inline std::pair<std::size_t, int> difference(const ScreenImage& a, const ScreenImage& b) {
    REQUIRE(a.rgba.size() == b.rgba.size());
    std::size_t pixels = 0;
    int most = 0;
    for (std::size_t p = 0; p < a.rgba.size(); p += 4) {
        int d = 0;
        for (int c = 0; c < 4; ++c)
            d = std::max(d, std::abs(int{a.rgba[p + c]} - int{b.rgba[p + c]}));
        pixels += d != 0;
        most = std::max(most, d);
    }
    return {pixels, most};
}

} // namespace picavk::test
