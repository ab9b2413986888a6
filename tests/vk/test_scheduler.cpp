// The Scheduler's labelled passes across submissions: a submission in the middle of a pass (an
// upload that fills the staging ring does this) closes the pass's label in the command buffer
// that opened it and reopens it in the next one, so every command buffer's labels balance.
// Mesa 22.3's lavapipe underflowed its per-command-buffer label stack on an end with nothing
// open and crashed at the next label; the validation layer is on, and any message fails.
#include "vk/device/device.h"
#include "vk/device/scheduler.h"

#include <doctest/doctest.h>

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
