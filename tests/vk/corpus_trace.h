#pragma once

// A corpus trace (tests/corpus) as a file's bytes, and parsed; a trace that does not parse fails
// the calling test.

#include "picavk/session.h"

#include <doctest/doctest.h>

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

inline std::unique_ptr<Trace> corpus_trace(const char* name) {
    std::string error;
    std::unique_ptr<Trace> t = Trace::parse(corpus_bytes(name), error);
    REQUIRE_MESSAGE(t, error);
    return t;
}

} // namespace picavk::test
