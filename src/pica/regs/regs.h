#pragma once

#include "pica/regs/reg_table.h"
#include "pica/regs/reg_views.h"

#include <array>
#include <cstddef>
#include <cstdint>

namespace picavk::pica {

// The PICA's internal register file: 0x300 words, read through typed views.
//   regs.get<reg::FACECULLING_CONFIG>().culling_mode()
//   regs.get<reg::TEXUNIT_DIM>(1).width()          // the view's ids[1], GPUREG_TEXUNIT1_DIM
struct Regs {
    std::array<std::uint32_t, kRegCount> words{};

    std::uint32_t operator[](std::size_t id) const { return words[id]; }
    std::uint32_t& operator[](std::size_t id) { return words[id]; }

    template <class View>
    View get() const {
        return View{words[View::id]};
    }
    template <class View>
    View get(std::size_t instance) const {
        return View{words[View::ids[instance]]};
    }
    template <class View>
    void set(View v) {
        words[View::id] = v.raw;
    }
    template <class View>
    void set(std::size_t instance, View v) {
        words[View::ids[instance]] = v.raw;
    }
};

} // namespace picavk::pica
