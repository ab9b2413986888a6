// A lost device and exhausted memory, injected (src/vk/device/fault_injection.h) at every
// submission, wait and memory allocation the demo makes in turn: the session reports a clear error
// through the API (a std::runtime_error naming the Vulkan call and result), keeps reporting it
// while the device stays lost, and is destroyed without an abort, a crash or a validation message.
#include "picavk/session.h"
#include "vk/device/fault_injection.h"

#include <doctest/doctest.h>

#include <cstddef>
#include <dlfcn.h>
#include <link.h>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>

using namespace picavk;

namespace {

struct Outcome {
    bool failed = false;        // the injected failure reached the caller
    std::string message;        // what it said
    bool still_failing = false; // a later frame failed again
    std::uint64_t validation_messages = 0;
};

// `keeps_failing`: after the failure, one more frame is drawn and must fail too.
Outcome run_with_fault(const std::string& spec, bool keeps_failing) {
    REQUIRE(vk::set_vk_fault(spec));
    Outcome o;
    std::unique_ptr<Session> s;
    try {
        s = std::make_unique<Session>(32u << 20, RendererConfig{true, 1, -1, true});
        for (std::uint32_t f = 0; f < 6; ++f)
            run_demo_frame(*s, f);
        (void)s->screen(Screen::Top);
    } catch (const std::exception& e) {
        o.failed = true;
        o.message = e.what();
    }
    if (s && o.failed && keeps_failing) {
        try {
            run_demo_frame(*s, 6);
            (void)s->screen(Screen::Top);
        } catch (const std::exception&) {
            o.still_failing = true;
        }
    }
    if (s) o.validation_messages = s->renderer_counters().validation_messages;
    s.reset(); // destruction after the failure: must neither throw nor abort
    vk::set_vk_fault("");
    return o;
}

} // namespace

TEST_CASE("device faults: a lost device at each submission and wait is a clear error") {
    int reached = 0;
    for (const char* site : {"submit", "wait"}) {
        for (int n = 1; n <= 14; ++n) {
            const std::string spec = std::string(site) + ":device-lost:" + std::to_string(n);
            CAPTURE(spec);
            const Outcome o = run_with_fault(spec, true);
            CHECK(o.validation_messages == 0);
            if (!o.failed) continue; // the demo made fewer such calls
            ++reached;
            CHECK(o.message.find("VK_ERROR_DEVICE_LOST") != std::string::npos);
            CHECK(o.message.find(std::string(site) == "submit"
                                     ? "vkQueueSubmit2"
                                     : "vkWaitSemaphores") != std::string::npos);
            CHECK_MESSAGE(o.still_failing, "a lost device must stay lost for the session");
        }
    }
    CHECK(reached >= 12); // the sweep really hit the demo's submissions and waits
}

TEST_CASE("device faults: a one-off failed submission or wait leaves the renderer failed, not "
          "hanging") {
    // An out-of-memory submission is not sticky in the injector (the device itself is fine),
    // but its tick is never signalled: a later wait for it would never return. The scheduler
    // reports the first failure from then on instead.
    int reached = 0;
    for (const char* site : {"submit", "wait"}) {
        for (int n = 1; n <= 6; ++n) {
            const std::string spec = std::string(site) + ":out-of-host-memory:" + std::to_string(n);
            CAPTURE(spec);
            const Outcome o = run_with_fault(spec, true);
            CHECK(o.validation_messages == 0);
            if (!o.failed) continue;
            ++reached;
            CHECK(o.message.find("VK_ERROR_OUT_OF_HOST_MEMORY") != std::string::npos);
            CHECK(o.still_failing);
        }
    }
    CHECK(reached >= 8);
}

TEST_CASE("device faults: out of memory at each allocation is a clear error") {
    int reached = 0;
    for (const char* result : {"out-of-device-memory", "out-of-host-memory"}) {
        for (int n = 1; n <= 6; ++n) {
            const std::string spec = std::string("allocate:") + result + ":" + std::to_string(n);
            CAPTURE(spec);
            const Outcome o = run_with_fault(spec, false);
            CHECK(o.validation_messages == 0);
            if (!o.failed) continue;
            ++reached;
            CHECK(o.message.find("vkAllocateMemory") != std::string::npos);
            CHECK(o.message.find(std::string(result) == "out-of-device-memory"
                                     ? "VK_ERROR_OUT_OF_DEVICE_MEMORY"
                                     : "VK_ERROR_OUT_OF_HOST_MEMORY") != std::string::npos);
        }
    }
    CHECK(reached >= 4);
}

TEST_CASE("device faults: a malformed injection spec is refused and injects nothing") {
    CHECK_FALSE(vk::set_vk_fault("submit:device-lost"));
    CHECK_FALSE(vk::set_vk_fault("flush:device-lost:1"));
    CHECK_FALSE(vk::set_vk_fault("submit:lost:1"));
    CHECK_FALSE(vk::set_vk_fault("submit:device-lost:0"));
    CHECK(vk::injected_fault(vk::FaultSite::Submit) == VK_SUCCESS);
    CHECK(vk::set_vk_fault("wait:device-lost:2"));
    CHECK(vk::injected_fault(vk::FaultSite::Submit) == VK_SUCCESS);
    CHECK(vk::injected_fault(vk::FaultSite::Wait) == VK_SUCCESS);
    CHECK(vk::injected_fault(vk::FaultSite::Wait) == VK_ERROR_DEVICE_LOST);
    CHECK(vk::injected_fault(vk::FaultSite::Allocate) == VK_ERROR_DEVICE_LOST); // stays lost
    CHECK(vk::set_vk_fault(""));
    CHECK(vk::injected_fault(vk::FaultSite::Allocate) == VK_SUCCESS);
}

namespace {
// Names of the shared objects mapped into the process now.
std::set<std::string> loaded_modules() {
    std::set<std::string> names;
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void* out) {
            if (info->dlpi_name && info->dlpi_name[0])
                static_cast<std::set<std::string>*>(out)->insert(info->dlpi_name);
            return 0;
        },
        &names);
    return names;
}
} // namespace

TEST_CASE("device lifetime: the driver and layers stay loaded after the last session, and many "
          "sessions one after another each render") {
    std::set<std::string> while_alive;
    {
        Session s(32u << 20, RendererConfig{true, 1, -1, true});
        // What the loader, the layer and the driver opened up to the device's creation (modules
        // the driver opens later for itself are its own business).
        while_alive = loaded_modules();
        run_demo_frame(s, 0);
    }
    // The Vulkan loader closes drivers and layers with the last instance; NVIDIA's driver then
    // fails to load again after about 30 cycles (vk/device/resident_modules.h). Nothing is
    // unloaded.
    const std::set<std::string> after = loaded_modules();
    for (const std::string& m : while_alive)
        CHECK_MESSAGE(after.count(m) == 1, m << " was unloaded with the session");
    // An emulator that makes a session per game, 40 times over (on the H100 the 30th failed).
    for (std::uint32_t i = 0; i < 40; ++i) {
        Session s(32u << 20, RendererConfig{true, 1, -1, true});
        run_demo_frame(s, i);
        REQUIRE(s.renderer_counters().draws == 1);
        REQUIRE(s.renderer_counters().validation_messages == 0);
    }
}
