#pragma once

// A corpus trace (tests/corpus) as a file's bytes, and parsed; a trace that does not parse fails
// the calling test.

#include "picavk/session.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

namespace picavk::test {

inline std::vector<std::uint8_t> corpus_bytes(const char* name) {
    std::ifstream in(std::string(PICAVK_CORPUS_DIR) + "/" + name, std::ios::binary);
    REQUIRE_MESSAGE(in, name);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The names of every trace in tests/corpus (file names without .ctf), sorted.
inline std::vector<std::string> corpus_names() {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(PICAVK_CORPUS_DIR))
        if (entry.path().extension() == ".ctf") names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

inline std::unique_ptr<Trace> corpus_trace(const char* name) {
    std::string error;
    std::unique_ptr<Trace> t = Trace::parse(corpus_bytes(name), error);
    REQUIRE_MESSAGE(t, error);
    return t;
}

} // namespace picavk::test
