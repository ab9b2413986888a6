// The Scheduler's labelled passes across submissions: a submission in the middle of a pass (an
// upload that fills the staging ring does this) closes the pass's label in the command buffer
// that opened it and reopens it in the next one, so every command buffer's labels balance.
// Mesa 22.3's lavapipe underflowed its per-command-buffer label stack on an end with nothing
// open and crashed at the next label; the validation layer is on, and any message fails.
#include "scoped_env.h"
#include "vk/device/device.h"
#include "vk/device/scheduler.h"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace picavk::vk;

TEST_CASE("scheduler: a pass cut by a submission keeps its label balanced in each command buffer") {
    DeviceOptions options;
    options.validation = true;
    Device device(options);
    Scheduler scheduler(device);
    scheduler.timer().set_profiling(true);
    for (int round = 0; round < 3; ++round) {
        // Cut, then ended in the next command buffer: the case that crashed lavapipe.
        scheduler.begin_pass("cut pass");
        scheduler.submit();
        scheduler.cmd();
        scheduler.end_pass();
        scheduler.begin_pass("outer pass");
        scheduler.begin_pass("nested pass");
        scheduler.submit();   // both labels open: closed here, reopened by the next cmd()
        scheduler.end_pass(); // the nested pass ends before any command buffer is begun
        scheduler.begin_pass("second nested pass"); // begins the next command buffer
        scheduler.submit();
        scheduler.end_pass();
        scheduler.end_pass();
        scheduler.begin_pass("a pass after them");
        scheduler.end_pass();
        scheduler.finish();
    }
    // An end with no pass open does nothing.
    scheduler.end_pass();
    scheduler.begin_pass("last");
    scheduler.end_pass();
    scheduler.finish();
    CHECK(scheduler.submissions() >= 7);
    // Only whole passes were timed: the ones that began and ended in one command buffer.
    std::uint64_t timed = 0;
    for (const GpuPassTime& p : scheduler.timer().passes())
        timed += p.count;
    CHECK(timed > 0);
    CHECK(device.validation_messages() == 0);
}

namespace {
// A device with the validation layer on, its scheduler, and an event only the host sets, which
// a command buffer can wait for: the GPU cannot finish it, whatever its speed, until then.
struct HostEventScheduler {
    static DeviceOptions validated() {
        DeviceOptions options;
        options.validation = true;
        return options;
    }
    Device device{validated()};
    Scheduler scheduler{device};
    VkEvent event = VK_NULL_HANDLE;
    HostEventScheduler() {
        VkEventCreateInfo ei{VK_STRUCTURE_TYPE_EVENT_CREATE_INFO};
        REQUIRE(vkCreateEvent(device.device(), &ei, nullptr, &event) == VK_SUCCESS);
    }
    ~HostEventScheduler() {
        scheduler.finish_for_teardown();
        vkDestroyEvent(device.device(), event, nullptr);
    }
    // The command buffer being recorded waits for the event (an execution dependency on the
    // host stage: no memory passes from the host to the GPU).
    void wait_for_event() {
        vkCmdWaitEvents(scheduler.cmd(), 1, &event, VK_PIPELINE_STAGE_HOST_BIT,
                        VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, nullptr, 0, nullptr, 0, nullptr);
    }
};
} // namespace

TEST_CASE("scheduler: end_frame leaves up to frames_in_flight - 1 frames on the GPU, and waits for "
          "the one before them") {
    // Frame 1's command buffer waits for an event only the host sets: until then the GPU
    // cannot finish it, whatever the device's speed. With three frames in flight, ending
    // frames 1 and 2 must not wait for it; ending frame 3 must. The event is set once frame
    // 2's checks are done, or by a helper after 30 s in any case, so that an end_frame that
    // waits when it should not returns (and the checks fail) instead of hanging.
    HostEventScheduler f;
    Device& device = f.device;
    Scheduler& scheduler = f.scheduler;
    VkEvent event = f.event;
    f.wait_for_event();
    const std::uint64_t first = scheduler.current_tick();
    struct Setter {
        VkDevice device;
        VkEvent event;
        std::mutex m;
        std::condition_variable cv;
        bool release = false; // the main thread's go
        std::atomic<bool> set{false};
        std::thread thread;
        void set_now() {
            {
                const std::lock_guard<std::mutex> lock(m);
                release = true;
            }
            cv.notify_one();
        }
        ~Setter() { // also when a check throws: the thread is joined, the event set
            set_now();
            if (thread.joinable()) thread.join();
        }
    } setter{device.device(), event};
    setter.thread = std::thread([&setter] {
        std::unique_lock<std::mutex> lock(setter.m);
        setter.cv.wait_for(lock, std::chrono::seconds(30), [&] { return setter.release; });
        setter.set = true;
        vkSetEvent(setter.device, setter.event);
    });
    scheduler.end_frame(3); // frame 1: nothing waited for
    CHECK(!setter.set);
    CHECK(!scheduler.is_done(first));
    scheduler.cmd(); // frame 2: an empty command buffer
    scheduler.end_frame(3);
    CHECK(!setter.set);
    CHECK(!scheduler.is_done(first));
    setter.set_now();
    // Frame 3: at most two frames may be left unfinished, so frame 1 is waited for.
    scheduler.cmd();
    scheduler.end_frame(3);
    CHECK(scheduler.is_done(first));
    setter.thread.join();
    scheduler.finish();
    CHECK(device.validation_messages() == 0);
}

TEST_CASE("scheduler: the host's waits for the GPU are counted, those inside a frame apart from "
          "end_frame's") {
    // Each command buffer waits for an event a helper sets 20 ms after it is started: every
    // wait below must block, whatever the device's speed.
    HostEventScheduler f;
    Device& device = f.device;
    Scheduler& scheduler = f.scheduler;
    VkEvent event = f.event;
    auto blocked_until_set = [&] {
        f.wait_for_event();
        return std::thread([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            vkSetEvent(device.device(), event);
        });
    };
    CHECK(scheduler.gpu_waits() == 0);
    std::thread setter = blocked_until_set();
    const std::uint64_t tick = scheduler.submit();
    scheduler.wait(tick); // inside a frame: a read-back's wait
    setter.join();
    CHECK(scheduler.gpu_waits() == 1);
    CHECK(scheduler.mid_frame_waits() == 1);
    CHECK(scheduler.mid_frame_wait_ns() > 0);
    CHECK(scheduler.gpu_wait_ns() == scheduler.mid_frame_wait_ns());
    scheduler.wait(tick); // known complete: no wait
    CHECK(scheduler.gpu_waits() == 1);
    REQUIRE(vkResetEvent(device.device(), event) == VK_SUCCESS);
    setter = blocked_until_set();
    scheduler.end_frame(1); // the frame's own end: not inside it
    setter.join();
    CHECK(scheduler.gpu_waits() == 2);
    CHECK(scheduler.mid_frame_waits() == 1);
    CHECK(scheduler.gpu_wait_ns() > scheduler.mid_frame_wait_ns());
    scheduler.finish();
    CHECK(device.validation_messages() == 0);
}

TEST_CASE("scheduler: a wait polls the GPU's progress for its spin time, then blocks") {
    // Device::spin_waits (on CPU devices only where assumed): a wait whose submission completes
    // within the spin time ends while polling; one that completes later blocks in the driver
    // and still returns once it has. With spin-waits off every wait blocks.
    using picavk::test::ScopedEnv;
    const auto waits = [](bool spin, std::uint64_t spin_ns, int set_after_ms) {
        ScopedEnv assume("PICAVK_DEVICE_ASSUME",
                         ScopedEnv::plus("PICAVK_DEVICE_ASSUME", "spin-waits").c_str());
        ScopedEnv off("PICAVK_DEVICE_DISABLE",
                      spin ? "" : ScopedEnv::plus("PICAVK_DEVICE_DISABLE", "spin-waits").c_str());
        HostEventScheduler f;
        CHECK(f.device.spin_waits() == spin);
        f.scheduler.set_spin_ns(spin_ns);
        f.wait_for_event();
        const std::uint64_t tick = f.scheduler.submit();
        // The GPU cannot finish before the event is set, set_after_ms after this.
        std::thread setter([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(set_after_ms));
            vkSetEvent(f.device.device(), f.event);
        });
        f.scheduler.wait(tick);
        setter.join();
        CHECK(f.scheduler.is_done(tick));
        CHECK(f.scheduler.gpu_waits() == 1);
        f.scheduler.finish();
        CHECK(f.device.validation_messages() == 0);
        return f.scheduler.spun_waits();
    };
    // Set at 20 ms, within a spin time of a minute: it ends while polling.
    CHECK(waits(true, 60'000'000'000ull, 20) == 1);
    // Set at 300 ms, past a spin time of 1 ms: it blocks.
    CHECK(waits(true, 1'000'000, 300) == 0);
    // Off: it blocks, whatever the spin time.
    CHECK(waits(false, 60'000'000'000ull, 20) == 0);
}

TEST_CASE("scheduler: a read-back asked for in a command buffer ends that one with one barrier "
          "to the host, and only that one") {
    // read_back_at_submit: a copy the host reads once the submission completes (the compute
    // rasteriser's bin counts) is made visible to it by a barrier at the command buffer's end.
    // Without it a GPU with caches the host does not see would hand back stale counts.
    DeviceOptions options;
    options.validation = true;
    Device device(options);
    Scheduler scheduler(device);
    scheduler.cmd();
    scheduler.read_back_at_submit();
    scheduler.read_back_at_submit(); // (a second copy in the same command buffer)
    CHECK(scheduler.host_read_barriers() == 0);
    scheduler.submit();
    CHECK(scheduler.host_read_barriers() == 1);
    // The next command buffer asked for none.
    scheduler.cmd();
    scheduler.submit();
    CHECK(scheduler.host_read_barriers() == 1);
    // Asked with nothing recorded: no copy can precede it, so nothing is carried over.
    scheduler.read_back_at_submit();
    scheduler.cmd();
    scheduler.submit();
    CHECK(scheduler.host_read_barriers() == 1);
    scheduler.cmd();
    scheduler.read_back_at_submit();
    scheduler.finish();
    CHECK(scheduler.host_read_barriers() == 2);
    CHECK(device.validation_messages() == 0);
}

TEST_CASE("scheduler: a pass left open has its barrier recorded by the next cmd(), in the next "
          "command buffer too, and not by cmd_beside for its own kind") {
    DeviceOptions options;
    options.validation = true;
    Device device(options);
    Scheduler scheduler(device);
    scheduler.barrier();
    const std::uint64_t first = scheduler.barriers();
    CHECK(first == 1);
    // Nothing recording: nothing to leave open.
    scheduler.submit();
    scheduler.leave_open(Scheduler::kOpenSurfaces);
    CHECK(scheduler.open_kinds() == 0);
    // A fill left open; a pass of the same kind goes beside it, any other after a barrier.
    (void)scheduler.cmd();
    scheduler.leave_open(Scheduler::kOpenSurfaces);
    CHECK(scheduler.open_kinds() == Scheduler::kOpenSurfaces);
    (void)scheduler.cmd_beside(Scheduler::kOpenSurfaces);
    CHECK(scheduler.barriers() == first);
    (void)scheduler.cmd_beside(0);
    CHECK(scheduler.barriers() == first + 1);
    CHECK(scheduler.open_kinds() == 0);
    (void)scheduler.cmd(); // nothing open: no barrier
    CHECK(scheduler.barriers() == first + 1);
    // Left open at a submission: the next command buffer begins with the barrier.
    scheduler.leave_open(Scheduler::kOpenSurfaces);
    scheduler.submit();
    CHECK(scheduler.open_kinds() == Scheduler::kOpenSurfaces);
    (void)scheduler.cmd();
    CHECK(scheduler.barriers() == first + 2);
    // barrier() takes the open pass's barrier with it.
    scheduler.leave_open(Scheduler::kOpenSurfaces);
    scheduler.barrier();
    CHECK(scheduler.barriers() == first + 3);
    CHECK(scheduler.open_kinds() == 0);
    scheduler.finish();
    CHECK(device.validation_messages() == 0);
}
