// Key lists and ahead-of-time building (Session::export_shader_keys, Session::precompile):
// the records are vk::PipelineKey bytes (shadergen/key_list.h is the file format).
#include "session_impl.h"

#include "shadergen/key_list.h"
#include "vk/pipeline/pipeline_key.h"

#include <cstring>
#include <unordered_set>

namespace picavk {

namespace {
constexpr std::uint32_t kRecord = sizeof(vk::PipelineKey);

std::vector<vk::PipelineKey> keys_of(std::span<const std::uint8_t> list, std::string& error) {
    const std::vector<std::uint8_t> records = shadergen::read_key_list(list, kRecord, error);
    std::vector<vk::PipelineKey> keys(records.size() / kRecord);
    if (!keys.empty()) std::memcpy(keys.data(), records.data(), records.size());
    return keys;
}

std::vector<std::uint8_t> list_of(std::span<const vk::PipelineKey> keys) {
    return shadergen::write_key_list(
        {reinterpret_cast<const std::uint8_t*>(keys.data()), keys.size() * kRecord}, kRecord);
}

struct KeyHash {
    std::size_t operator()(const vk::PipelineKey& k) const { return vk::hash(k); }
};
} // namespace

long shader_key_count(std::span<const std::uint8_t> key_list, std::string& error) {
    const std::vector<vk::PipelineKey> keys = keys_of(key_list, error);
    return error.empty() ? static_cast<long>(keys.size()) : -1;
}

std::vector<std::uint8_t> merge_shader_keys(std::span<const std::vector<std::uint8_t>> key_lists,
                                            std::string& error) {
    std::vector<vk::PipelineKey> merged;
    std::unordered_set<vk::PipelineKey, KeyHash> seen;
    for (std::size_t i = 0; i < key_lists.size(); ++i) {
        std::string why;
        const std::vector<vk::PipelineKey> keys = keys_of(key_lists[i], why);
        if (!why.empty()) {
            error = "key list " + std::to_string(i + 1) + ": " + why;
            return {};
        }
        for (const vk::PipelineKey& k : keys)
            if (seen.insert(k).second) merged.push_back(k);
    }
    error.clear();
    return list_of(merged);
}

std::vector<std::uint8_t> Session::export_shader_keys() const {
    const Impl::Call call(*impl_);
    if (!impl_->renderer) return list_of({});
    return list_of(impl_->renderer->met_keys());
}

PrecompileReport
Session::precompile(std::span<const std::uint8_t> key_list, unsigned threads, bool pipelines,
                    const std::function<bool(const PrecompileProgress&)>& progress) {
    const Impl::Call call(*impl_);
    PrecompileReport report;
    const std::vector<vk::PipelineKey> keys = keys_of(key_list, report.error);
    if (!report.error.empty()) return report;
    if (!impl_->renderer) {
        report.error = "the session has no renderer";
        return report;
    }
    report.keys = keys.size();
    const vk::PrecompileResult r =
        impl_->renderer->precompile(keys, threads, pipelines, [&](const vk::PrecompileProgress& p) {
            return !progress || progress({p.done, p.total, p.pipelines});
        });
    report.cancelled = r.cancelled;
    report.shaders = r.shaders;
    report.shaders_compiled = r.shaders_compiled;
    report.shaders_from_disk = r.shaders_from_disk;
    report.pipelines = r.pipelines;
    report.compute_shaders = r.compute_shaders;
    report.compute_shaders_compiled = r.compute_shaders_compiled;
    report.compute_shaders_from_disk = r.compute_shaders_from_disk;
    report.compute_pipelines = r.compute_pipelines;
    for (const auto& [hash, message] : r.failures) {
        char h[24];
        std::snprintf(h, sizeof h, "%016llx", static_cast<unsigned long long>(hash));
        report.failures.push_back("shader " + std::string(h) + ": " + message);
    }
    return report;
}

} // namespace picavk
