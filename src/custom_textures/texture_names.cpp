#include "custom_textures/texture_names.h"

#include <cinttypes>
#include <cstdio>
#include <vector>

namespace picavk::custom_textures {
namespace {

// Reads an unsigned number in `base` at `s[i]`, as scanf's %u / %X do for the names packs use
// (digits only: no sign, no 0x, no spaces). False when there is no digit or it overflows.
bool read_number(std::string_view s, std::size_t& i, unsigned base, std::uint64_t max,
                 std::uint64_t& out) {
    std::uint64_t v = 0;
    const std::size_t start = i;
    for (; i < s.size(); ++i) {
        const char c = s[i];
        unsigned d;
        if (c >= '0' && c <= '9')
            d = static_cast<unsigned>(c - '0');
        else if (base == 16 && c >= 'a' && c <= 'f')
            d = static_cast<unsigned>(c - 'a' + 10);
        else if (base == 16 && c >= 'A' && c <= 'F')
            d = static_cast<unsigned>(c - 'A' + 10);
        else
            break;
        if (v > (max - d) / base) return false;
        v = v * base + d;
    }
    out = v;
    return i > start;
}

bool expect(std::string_view s, std::size_t& i, std::string_view text) {
    if (s.substr(i, text.size()) != text) return false;
    i += text.size();
    return true;
}

} // namespace

std::string dump_file_name(const TextureName& n) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "tex1_%ux%u_%016" PRIX64 "_%u_mip%u.png", n.width, n.height,
                  n.hash, n.format, n.level);
    return buf;
}

std::optional<TextureName> parse_texture_stem(std::string_view s) {
    TextureName n;
    std::size_t i = 0;
    std::uint64_t w = 0, h = 0, f = 0;
    if (!expect(s, i, "tex1_") || !read_number(s, i, 10, UINT32_MAX, w) || !expect(s, i, "x") ||
        !read_number(s, i, 10, UINT32_MAX, h) || !expect(s, i, "_") ||
        !read_number(s, i, 16, UINT64_MAX, n.hash) || !expect(s, i, "_") ||
        !read_number(s, i, 10, UINT32_MAX, f))
        return std::nullopt;
    n.width = static_cast<std::uint32_t>(w);
    n.height = static_cast<std::uint32_t>(h);
    n.format = static_cast<std::uint32_t>(f);
    // "_mip{level}" follows in dumped names; loaders do not need it, but tools report it.
    std::uint64_t level = 0;
    if (expect(s, i, "_mip") && read_number(s, i, 10, 15, level))
        n.level = static_cast<std::uint32_t>(level);
    return n;
}

std::optional<PackFileName> parse_pack_file_name(std::string_view file_name) {
    std::vector<std::string_view> parts;
    for (std::size_t start = 0;;) {
        const std::size_t dot = file_name.find('.', start);
        parts.push_back(file_name.substr(start, dot - start));
        if (dot == std::string_view::npos) break;
        start = dot + 1;
    }
    // Azahar: one to three parts; the last is the extension.
    if (parts.size() < 2 || parts.size() > 3 || parts.front().empty()) return std::nullopt;
    PackFileName out;
    const std::string_view ext = parts.back();
    out.kind = ext == "png"   ? FileKind::Png
               : ext == "dds" ? FileKind::Dds
               : ext == "ktx" ? FileKind::Ktx
                              : FileKind::Other;
    if (parts.size() == 3) out.map = parts[1] == "norm" ? MapKind::Normal : MapKind::Unknown;
    out.stem = std::string(parts.front());
    out.parsed = parse_texture_stem(parts.front());
    return out;
}

} // namespace picavk::custom_textures
