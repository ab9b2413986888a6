#include "pica/thread_count.h"

#include <algorithm>
#include <cstdlib>
#include <thread>

namespace picavk::pica {

unsigned thread_count(const ThreadCountRule& rule, unsigned asked) {
    const unsigned limit = std::max(rule.limit, 1u);
    if (const char* env = std::getenv(rule.env)) {
        char* end = nullptr;
        const unsigned long n = std::strtoul(env, &end, 10);
        if (*env >= '0' && *env <= '9' && *end == '\0' && n >= 1)
            return static_cast<unsigned>(std::min<unsigned long>(n, limit));
    }
    if (asked != 0) return std::min(asked, limit);
    // hardware_concurrency() may say 0 (unknown): then one.
    const unsigned host = std::thread::hardware_concurrency();
    const unsigned by_host = host > rule.host_spare ? host - rule.host_spare : 1u;
    return std::clamp(by_host, 1u, std::min(std::max(rule.auto_limit, 1u), limit));
}

} // namespace picavk::pica
