#!/usr/bin/env python3
"""Generates picavk's register model from the public 3DS GPU register reference.

Reads the register list (ID -> GPUREG_* name) and every register's bit table from
shared/spec/004_*.txt and writes:
  src/pica/regs/reg_ids.h        enum RegId: one enumerator per documented register ID
  src/pica/regs/reg_views.h      one typed view struct per documented register layout
  src/pica/regs/reg_table.cpp    name and field tables for dumps and validation

The outputs are committed; rerun this after the spec changes:
  python3 tools/gen_regs.py ../shared/spec/004_*.txt
Only facts (IDs, names, bit positions, number formats) are taken from the document.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "pica" / "regs"

NUMBER_FORMATS = {
    # spec type -> (C++ decode function, bit width the format needs)
    "float1.5.10": ("f16_to_float", 16),
    "float1.7.12": ("f20_to_float", 20),
    "float1.7.16": ("f24_to_float", 24),
    "float1.7.23": ("f31_to_float", 31),
    "float1.8.23": ("f32_bits_to_float", 32),
    "fixed1.1.11": ("fix_s1_11_to_float", 13),
    "fixed0.0.12": ("fix_u0_12_to_float", 12),
    "fixed1.0.11": ("fix_s0_11_to_float", 12),
    "fixed1.3.12": ("fix_s3_12_to_float", 16),
    "fixed1.4.8": ("fix_s4_8_to_float", 13),
    "fixed0.16.8": ("fix_u16_8_to_float", 24),
    "fixed0.0.24": ("fix_u0_24_to_float", 24),
}


def parse_list(lines):
    """Returns {id: (name, anchor)} from the register list tables."""
    regs = {}
    row = re.compile(r"^\|\s*([0-9A-F]{4})\s*\|\s*\[(GPUREG_[A-Z0-9_]+)\]\(#([A-Za-z0-9_]+)")
    for line in lines:
        m = row.match(line)
        if m:
            regs[int(m.group(1), 16)] = (m.group(2), m.group(3))
    return regs


def snake(text):
    text = re.sub(r"\\", "", text)
    text = re.sub(r"\s*\*i\*", "", text)
    text = re.sub(r"\([^)]*\)", "", text)
    text = text.replace(">>", " shr ").replace(" - 1", " minus 1").replace("+", " plus ")
    text = text.replace("/", " div ").replace("-", " ")
    text = re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").lower()
    if text and text[0].isdigit():
        text = "n" + text
    return text or "value"


def parse_sections(lines):
    """Returns {anchor: [(lo, hi, kind, name, description)]} from the first bit table of
    each register section."""
    sections = {}
    anchor = None
    in_table = False
    have_table = False
    for line in lines:
        if line.startswith("## "):
            anchor = None
        h = re.match(r"^### (GPUREG_\S+)", line)
        if h:
            anchor = h.group(1).replace("*", "")
            sections[anchor] = []
            in_table = have_table = False
            continue
        if anchor is None:
            continue
        if re.match(r"^\|\s*Bits\s*\|", line):
            in_table = not have_table
            have_table = True
            continue
        if not in_table:
            continue
        if not line.startswith("|"):
            in_table = False
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or cells[0].startswith("-"):
            continue
        bits, desc = cells[0], cells[1]
        if "**" in bits:
            # Multi-word layouts (FIXEDATTRIB_DATAi): handled by the FIFO code, not a view.
            sections[anchor] = None
            anchor = None
            continue
        m = re.match(r"^(\d+)(?:-(\d+))?$", bits)
        if not m:
            continue
        lo = int(m.group(1))
        hi = int(m.group(2) or lo)
        if re.match(r"^0x[0-9A-Fa-f]+$", desc):
            kind, name = "const", None
        else:
            parts = desc.split(",", 1)
            t = parts[0].strip()
            if t in ("unsigned", "signed") or t in NUMBER_FORMATS:
                kind = t
                name = snake(parts[1]) if len(parts) > 1 else "value"
            elif t.startswith("fixed0.0.12 with two"):
                kind = "fixed1.0.11"
                name = snake(parts[1])
            else:
                kind, name = "unsigned", snake(desc)
        sections[anchor].append((lo, hi, kind, name, desc.replace("\\", "")))
    return {k: v for k, v in sections.items() if v}


def type_name(anchor):
    return re.sub(r"[a-z]", "", anchor[len("GPUREG_"):]).strip("_")


def dedupe(fields):
    seen = {}
    out = []
    for lo, hi, kind, name, desc in fields:
        if kind == "const":
            out.append((lo, hi, kind, name, desc))
            continue
        if name in seen:
            seen[name] += 1
            name = f"{name}_{seen[name]}"
        else:
            seen[name] = 1
        out.append((lo, hi, kind, name, desc))
    return out


def main():
    spec = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else next(
        (ROOT.parent / "shared" / "spec").glob("004_*.txt"))
    lines = spec.read_text().splitlines()
    reg_list = parse_list(lines)
    sections = parse_sections(lines)

    # anchor -> ids using it
    users = {}
    for rid, (name, anchor) in sorted(reg_list.items()):
        users.setdefault(anchor, []).append(rid)

    OUT.mkdir(parents=True, exist_ok=True)
    header = ("// Generated by tools/gen_regs.py from the public 3DS GPU register reference\n"
              "// (shared/spec/004_*.txt). Do not edit by hand: rerun the generator.\n")

    # ---- reg_ids.h
    ids = [header, "#pragma once\n\n#include <cstdint>\n\nnamespace picavk::pica {\n\n",
           "// Every register ID the reference names. IDs it lists only as GPUREG_xxxx are left out:\n"
           "// they are undocumented (see reg_documented()).\n",
           "enum RegId : std::uint16_t {\n"]
    for rid, (name, anchor) in sorted(reg_list.items()):
        if re.fullmatch(r"GPUREG_[0-9A-F]{4}", name):
            continue
        ids.append(f"    {name} = 0x{rid:03X},\n")
    ids.append("};\n\n} // namespace picavk::pica\n")
    (OUT / "reg_ids.h").write_text("".join(ids))

    # ---- reg_views.h
    v = [header, "#pragma once\n\n#include \"pica/regs/number_formats.h\"\n#include \"pica/regs/reg_ids.h\"\n\n"
         "#include <array>\n#include <cstdint>\n\nnamespace picavk::pica::reg {\n\n"
         "using u32 = std::uint32_t;\nusing s32 = std::int32_t;\n\n"
         "constexpr u32 field(u32 raw, unsigned lo, unsigned width) {\n"
         "    return width >= 32 ? raw : (raw >> lo) & ((1u << width) - 1u);\n}\n"
         "constexpr u32 with_field(u32 raw, unsigned lo, unsigned width, u32 value) {\n"
         "    const u32 mask = width >= 32 ? ~0u : ((1u << width) - 1u) << lo;\n"
         "    return (raw & ~mask) | ((value << lo) & mask);\n}\n"
         "constexpr s32 signed_field(u32 raw, unsigned lo, unsigned width) {\n"
         "    const u32 f = field(raw, lo, width);\n"
         "    const u32 sign = 1u << (width - 1);\n"
         "    return static_cast<s32>((f ^ sign) - sign);\n}\n\n"]
    for anchor, fields in sections.items():
        rids = users.get(anchor)
        if not rids:
            continue
        tname = type_name(anchor)
        fields = dedupe(fields)
        names = ", ".join(reg_list[r][0] for r in rids)
        v.append(f"// {anchor}: {names}\n")
        v.append(f"struct {tname} {{\n")
        if len(rids) == 1:
            v.append(f"    static constexpr std::uint16_t id = 0x{rids[0]:03X};\n")
        else:
            lst = ", ".join(f"0x{r:03X}" for r in rids)
            v.append(f"    static constexpr std::array<std::uint16_t, {len(rids)}> ids{{{lst}}};\n")
        v.append("    u32 raw = 0;\n")
        for lo, hi, kind, name, desc in fields:
            if kind == "const":
                continue
            width = hi - lo + 1
            v.append(f"    // bits {lo}-{hi}: {desc}\n")
            if kind == "signed":
                v.append(f"    constexpr s32 {name}() const {{ return signed_field(raw, {lo}, {width}); }}\n")
            elif kind in NUMBER_FORMATS:
                fn, _ = NUMBER_FORMATS[kind]
                v.append(f"    constexpr u32 {name}_raw() const {{ return field(raw, {lo}, {width}); }}\n")
                v.append(f"    float {name}() const {{ return {fn}(field(raw, {lo}, {width})); }}\n")
            else:
                v.append(f"    constexpr u32 {name}() const {{ return field(raw, {lo}, {width}); }}\n")
            v.append(f"    constexpr void set_{name}(u32 v) {{ raw = with_field(raw, {lo}, {width}, v); }}\n")
        v.append("};\n\n")
    v.append("} // namespace picavk::pica::reg\n")
    (OUT / "reg_views.h").write_text("".join(v))

    # ---- reg_table.cpp
    t = [header, "#include \"pica/regs/reg_table.h\"\n\n#include <array>\n\nnamespace picavk::pica {\n\nnamespace {\n\n"]
    t.append("constexpr RegField kNoFields[] = {{nullptr, 0, 0, FieldKind::Unsigned, \"\"}};\n")
    kind_enum = {"unsigned": "Unsigned", "signed": "Signed", "const": "Constant"}
    field_arrays = {}
    for anchor, fields in sections.items():
        if anchor not in users:
            continue
        tname = type_name(anchor)
        rows = []
        for lo, hi, kind, name, desc in dedupe(fields):
            k = kind_enum.get(kind)
            if k is None:
                k = "Float" if kind.startswith("float") else "Fixed"
                fmt = kind
            else:
                fmt = ""
            nm = f"\"{name}\"" if name else "\"(fixed)\""
            rows.append(f"    {{{nm}, {lo}, {hi - lo + 1}, FieldKind::{k}, \"{fmt}\"}},\n")
        rows.append("    {nullptr, 0, 0, FieldKind::Unsigned, \"\"},\n")
        t.append(f"constexpr RegField k{tname}[] = {{\n" + "".join(rows) + "};\n")
        field_arrays[anchor] = f"k{tname}"
    t.append("\nconstexpr std::array<RegInfo, kRegCount> make_table() {\n")
    t.append("    std::array<RegInfo, kRegCount> t{};\n")
    t.append("    for (auto& r : t) r = RegInfo{nullptr, kNoFields, false};\n")
    for rid, (name, anchor) in sorted(reg_list.items()):
        documented = not re.fullmatch(r"GPUREG_[0-9A-F]{4}", name)
        fa = field_arrays.get(anchor, "kNoFields")
        t.append(f"    t[0x{rid:03X}] = RegInfo{{\"{name}\", {fa}, {'true' if documented else 'false'}}};\n")
    t.append("    return t;\n}\n\nconstexpr auto kTable = make_table();\n\n} // namespace\n\n")
    t.append("const RegInfo& reg_info(std::uint32_t id) {\n"
             "    static constexpr RegInfo kOutOfRange{nullptr, kNoFields, false};\n"
             "    return id < kRegCount ? kTable[id] : kOutOfRange;\n}\n\n"
             "} // namespace picavk::pica\n")
    (OUT / "reg_table.cpp").write_text("".join(t))
    print(f"{len(reg_list)} register IDs, {len(sections)} layouts")


if __name__ == "__main__":
    main()
