// Leaks on purpose, after bringing up the renderer (driver and validation layer loaded), to show
// that the LeakSanitizer suppressions in lsan.supp hide only foreign modules: ctest expects the
// report of this program's own leak (tests/CMakeLists.txt, sanitizer builds only).
#include "picavk/session.h"

#include <cstdio>

namespace {
void* volatile sink; // the only pointer to the leaked block, dropped at once
// Kept out of line so the allocation has this file's frame on its stack.
[[gnu::noinline]] void* leak_on_purpose() {
    return new char[4321];
}
} // namespace

int main() {
    {
        picavk::Session session(16u << 20, picavk::RendererConfig{true, 1, -1, true});
        std::printf("renderer: %s\n", session.has_renderer() ? "up" : "missing");
    }
    sink = leak_on_purpose();
    sink = nullptr; // the only pointer is gone: a direct leak
    return 0;
}
