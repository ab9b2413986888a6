#include "pica/regs/register_dump.h"

#include "pica/regs/number_formats.h"

#include <cstdio>
#include <cstring>

namespace picavk::pica {

namespace {

float decode_format(const char* format, std::uint32_t raw) {
    struct Entry {
        const char* name;
        float (*fn)(std::uint32_t);
    };
    static constexpr Entry kFormats[] = {
        {"float1.5.10", f16_to_float},       {"float1.7.12", f20_to_float},
        {"float1.7.16", f24_to_float},       {"float1.7.23", f31_to_float},
        {"float1.8.23", f32_bits_to_float},  {"fixed1.1.11", fix_s1_11_to_float},
        {"fixed0.0.12", fix_u0_12_to_float}, {"fixed1.0.11", fix_s0_11_to_float},
        {"fixed1.3.12", fix_s3_12_to_float}, {"fixed1.4.8", fix_s4_8_to_float},
        {"fixed0.16.8", fix_u16_8_to_float}, {"fixed0.0.24", fix_u0_24_to_float},
    };
    for (const auto& e : kFormats)
        if (std::strcmp(e.name, format) == 0) return e.fn(raw);
    return 0.0f;
}

} // namespace

std::string describe_register(std::uint32_t id, std::uint32_t value) {
    const RegInfo& info = reg_info(id);
    char line[160];
    std::snprintf(line, sizeof line, "%03X %-40s = 0x%08X\n", id,
                  info.name ? info.name : "(out of range)", value);
    std::string out = line;
    for (const RegField* f = info.fields; f && f->name; ++f) {
        const std::uint32_t raw = reg::field(value, f->lo, f->width);
        switch (f->kind) {
        case FieldKind::Constant:
            continue;
        case FieldKind::Unsigned:
            std::snprintf(line, sizeof line, "      %-52s %u\n", f->name, raw);
            break;
        case FieldKind::Signed:
            std::snprintf(line, sizeof line, "      %-52s %d\n", f->name,
                          reg::signed_field(value, f->lo, f->width));
            break;
        case FieldKind::Float:
        case FieldKind::Fixed:
            std::snprintf(line, sizeof line, "      %-52s %g (%s 0x%X)\n", f->name,
                          static_cast<double>(decode_format(f->format, raw)), f->format, raw);
            break;
        }
        out += line;
    }
    return out;
}

std::string dump_registers(const Regs& regs, bool only_nonzero) {
    std::string out;
    for (std::uint32_t id = 0; id < kRegCount; ++id) {
        if (only_nonzero && regs[id] == 0) continue;
        out += describe_register(id, regs[id]);
    }
    return out;
}

} // namespace picavk::pica
