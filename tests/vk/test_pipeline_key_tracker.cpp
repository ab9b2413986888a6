// PipelineKeyTracker (src/vk/pipeline/pipeline_key_tracker.h): the per-draw key is rebuilt only
// when a register it reads changed. Its register list must be complete, or draws would use a stale
// shader: these tests prove that no other register changes build_pipeline_key. No device needed.
#include "vk/pipeline/pipeline_key_tracker.h"

#include "pica/regs/reg_ids.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>

using namespace picavk;
using namespace picavk::pica;

namespace {

struct Inputs {
    vk::RenderTargetInfo target;
    bool border = false, logic_op = false;
};

// Every register word random: about half the states have lighting on and a stage reading its
// colours, texture units on, blending or logic ops, so every part of the key is exercised.
Regs random_regs(std::mt19937& rng) {
    Regs r;
    for (auto& w : r.words)
        w = static_cast<std::uint32_t>(rng());
    return r;
}

Inputs random_inputs(std::mt19937& rng) {
    Inputs in;
    in.target = {240, 400, rng() % 4 != 0, rng() % 3 != 0, rng() % 2 != 0};
    in.border = rng() % 2;
    in.logic_op = rng() % 2;
    return in;
}

vk::PipelineKey build(const Regs& r, const Inputs& in) {
    return vk::build_pipeline_key(r, in.target, false, in.border, in.logic_op);
}

std::string hex(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%X", v);
    return buf;
}

bool listed(std::uint32_t id) {
    const auto ids = vk::pipeline_key_registers();
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

} // namespace

TEST_CASE("pipeline key tracker: no register outside its list changes the key") {
    std::mt19937 rng(1234);
    unsigned checked = 0;
    for (unsigned state = 0; state < 48; ++state) {
        Regs r = random_regs(rng);
        const Inputs in = random_inputs(rng);
        const vk::PipelineKey before = build(r, in);
        for (std::uint32_t id = 0; id < kRegCount; ++id) {
            if (listed(id)) continue;
            const std::uint32_t saved = r[id];
            for (std::uint32_t v : {0u, 0xFFFFFFFFu, static_cast<std::uint32_t>(rng())}) {
                r[id] = v;
                const bool same = build(r, in) == before;
                if (!same)
                    FAIL_CHECK("register " << hex(id) << " = " << hex(v)
                                           << " changes the key but is not listed");
                if (!same) return; // one report is enough
                ++checked;
            }
            r[id] = saved;
        }
    }
    CHECK(checked > 48u * 600u);
}

TEST_CASE("pipeline key tracker: every listed register changes the key in some state") {
    // The converse: the list holds nothing the key ignores (each entry costs every draw a load).
    std::mt19937 rng(99);
    std::vector<Regs> states;
    std::vector<Inputs> inputs;
    for (unsigned i = 0; i < 400; ++i) {
        states.push_back(random_regs(rng));
        inputs.push_back(random_inputs(rng));
    }
    for (std::uint16_t id : vk::pipeline_key_registers()) {
        bool matters = false;
        for (unsigned i = 0; i < states.size() && !matters; ++i) {
            Regs r = states[i];
            const vk::PipelineKey before = build(r, inputs[i]);
            r[id] ^= static_cast<std::uint32_t>(rng()) | 1u;
            matters = !(build(r, inputs[i]) == before);
        }
        CHECK_MESSAGE(matters, "register " << hex(id) << " never changes the key");
    }
}

TEST_CASE("pipeline key tracker: reuses the key until a listed register or the target changes") {
    std::mt19937 rng(7);
    Regs r = random_regs(rng);
    Inputs in = random_inputs(rng);
    vk::PipelineKeyTracker tracker;
    std::uint64_t rebuilds = 0;
    for (unsigned draw = 0; draw < 2000; ++draw) {
        const unsigned what = rng() % 8;
        bool expect_rebuild = draw == 0;
        if (what < 4) {
            // Values only (colours, uniforms, vertex buffers): any unlisted register.
            std::uint32_t id;
            do {
                id = static_cast<std::uint32_t>(rng() % kRegCount);
            } while (listed(id));
            r[id] = static_cast<std::uint32_t>(rng());
        } else if (what < 6) {
            const auto ids = vk::pipeline_key_registers();
            const std::uint16_t id = ids[rng() % ids.size()];
            const std::uint32_t v = static_cast<std::uint32_t>(rng());
            expect_rebuild |= v != r[id];
            r[id] = v;
        } else if (what == 6) {
            const Inputs next = random_inputs(rng);
            const vk::RenderTargetInfo &a = next.target, &b = in.target;
            expect_rebuild |= a.has_color != b.has_color || a.has_depth != b.has_depth ||
                              a.has_stencil != b.has_stencil || next.border != in.border ||
                              next.logic_op != in.logic_op;
            in = next;
        } else if (draw % 5 == 0) {
            tracker.invalidate();
            expect_rebuild = true;
        }
        const vk::PipelineKey& k = tracker.update(r, in.target, in.border, in.logic_op);
        const vk::PipelineKey fresh = build(r, in);
        REQUIRE(k == fresh);
        REQUIRE(tracker.hash() == vk::hash(fresh));
        if (expect_rebuild) ++rebuilds;
        REQUIRE(tracker.rebuilds() == rebuilds);
    }
    CHECK(tracker.rebuilds() + tracker.reuses() == 2000);
    CHECK(tracker.reuses() > 900);
}
