#include "pica/diagnostics.h"

#include <cstdio>

namespace picavk::pica {

const char* warning_name(Warning w) {
    switch (w) {
    case Warning::UndocumentedRegister:
        return "undocumented-register";
    case Warning::RegisterOutOfRange:
        return "register-out-of-range";
    case Warning::TruncatedCommand:
        return "truncated-command";
    case Warning::UnalignedBufferSize:
        return "unaligned-buffer-size";
    case Warning::MissingFinalize:
        return "missing-finalize";
    case Warning::JumpOutsideMemory:
        return "jump-outside-memory";
    case Warning::JumpBudgetExceeded:
        return "jump-budget-exceeded";
    case Warning::LutIndexOutOfRange:
        return "lut-index-out-of-range";
    case Warning::UniformIndexOutOfRange:
        return "uniform-index-out-of-range";
    case Warning::CodeIndexOutOfRange:
        return "code-index-out-of-range";
    case Warning::FixedAttribIndexOutOfRange:
        return "fixed-attrib-index-out-of-range";
    case Warning::TransferRejected:
        return "transfer-rejected";
    case Warning::TransferOutsideMemory:
        return "transfer-outside-memory";
    case Warning::TransferHangsHardware:
        return "transfer-hangs-hardware";
    case Warning::TransferUnconfirmed:
        return "transfer-unconfirmed";
    case Warning::VertexDataOutsideMemory:
        return "vertex-data-outside-memory";
    case Warning::ShaderBudgetExceeded:
        return "shader-budget-exceeded";
    case Warning::ShaderInvalidProgram:
        return "shader-invalid-program";
    case Warning::InvalidDrawConfig:
        return "invalid-draw-config";
    case Warning::InvalidRenderTarget:
        return "invalid-render-target";
    case Warning::InvalidTexture:
        return "invalid-texture";
    case Warning::UnsupportedFeature:
        return "unsupported-feature";
    case Warning::TraceRepaired:
        return "trace-repaired";
    case Warning::InvalidExternalWrite:
        return "invalid-external-write";
    case Warning::CacheIgnored:
        return "cache-ignored";
    case Warning::CustomTexture:
        return "custom-texture";
    case Warning::ShaderFailed:
        return "shader-failed";
    case Warning::kCount:
        break;
    }
    return "unknown";
}

std::string hex_string(std::uint64_t value) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(value));
    return buf;
}

void Diagnostics::warn(Warning w, const std::string& message) {
    const std::uint64_t n = ++counts_[static_cast<unsigned>(w)];
    if (n > kReportsPerKind) return;
    const std::string text =
        n == kReportsPerKind ? message + " (further ones counted, not shown)" : message;
    if (sink_) {
        sink_(w, text);
    } else {
        std::fprintf(stderr, "picavk: warning [%s]: %s\n", warning_name(w), text.c_str());
    }
}

std::uint64_t Diagnostics::total() const {
    std::uint64_t t = 0;
    for (auto c : counts_)
        t += c;
    return t;
}

} // namespace picavk::pica
