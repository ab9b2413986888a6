#include "vk/device/fault_injection.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace picavk::vk {

namespace {

struct FaultState {
    std::mutex mutex;
    bool armed = false;
    FaultSite site = FaultSite::Submit;
    VkResult result = VK_SUCCESS;
    long countdown = 0; // calls at `site` still to pass before the failure
    bool lost = false;  // a device-lost failure has been injected: everything fails from now on
};

// Checked on every injectable call: a relaxed flag keeps the cost to one load when nothing is
// configured (the normal case).
std::atomic<bool> g_configured{false};

bool parse(const std::string& spec, FaultState& s) {
    const std::size_t a = spec.find(':'), b = spec.find(':', a == std::string::npos ? a : a + 1);
    if (a == std::string::npos || b == std::string::npos) return false;
    const std::string site = spec.substr(0, a), result = spec.substr(a + 1, b - a - 1);
    char* end = nullptr;
    const long n = std::strtol(spec.c_str() + b + 1, &end, 10);
    if (*end != '\0' || n < 1) return false;
    if (site == "submit")
        s.site = FaultSite::Submit;
    else if (site == "wait")
        s.site = FaultSite::Wait;
    else if (site == "allocate")
        s.site = FaultSite::Allocate;
    else
        return false;
    if (result == "device-lost")
        s.result = VK_ERROR_DEVICE_LOST;
    else if (result == "out-of-device-memory")
        s.result = VK_ERROR_OUT_OF_DEVICE_MEMORY;
    else if (result == "out-of-host-memory")
        s.result = VK_ERROR_OUT_OF_HOST_MEMORY;
    else
        return false;
    s.countdown = n - 1;
    s.armed = true;
    return true;
}

FaultState& state() {
    static FaultState s;
    static std::once_flag from_environment;
    std::call_once(from_environment, [] {
        if (const char* env = std::getenv("PICAVK_VK_FAULT"); env && *env) {
            if (parse(env, s))
                g_configured = true;
            else
                std::fprintf(stderr, "picavk: PICAVK_VK_FAULT='%s' is not SITE:RESULT:N; ignored\n",
                             env);
        }
    });
    return s;
}

} // namespace

VkResult injected_fault(FaultSite site) {
    FaultState& s = state();
    if (!g_configured.load(std::memory_order_relaxed)) return VK_SUCCESS;
    std::lock_guard lock(s.mutex);
    if (s.lost) return VK_ERROR_DEVICE_LOST;
    if (!s.armed || s.site != site) return VK_SUCCESS;
    if (s.countdown-- > 0) return VK_SUCCESS;
    s.armed = false;
    s.lost = s.result == VK_ERROR_DEVICE_LOST;
    g_configured = s.lost; // one-shot failures leave injection off
    return s.result;
}

bool set_vk_fault(const std::string& spec) {
    FaultState& s = state();
    std::lock_guard lock(s.mutex);
    s.armed = false;
    s.lost = false;
    const bool ok = spec.empty() || parse(spec, s);
    if (!ok) s.armed = false;
    g_configured = s.armed;
    return ok;
}

} // namespace picavk::vk
