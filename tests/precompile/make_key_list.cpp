// make-key-list N OUT: writes a key list of N distinct texture-environment keys
// (scenes/synthetic_keys.h) for picavk-precompile --keys: a run long enough to interrupt, and
// one to watch the progress bar of.
#include "scenes/synthetic_keys.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fputs("usage: make-key-list N OUT\n", stderr);
        return 2;
    }
    const std::vector<std::uint8_t> list =
        picavk::scenes::synthetic_key_list(std::strtoull(argv[1], nullptr, 10));
    std::ofstream out(argv[2], std::ios::binary);
    out.write(reinterpret_cast<const char*>(list.data()),
              static_cast<std::streamsize>(list.size()));
    return out ? 0 : 1;
}
