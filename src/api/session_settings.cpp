// How a session works, set at run time: resolution scale, where vertex shaders run and textures
// are decoded, shader compiles, GPU profiling, and where warnings and log lines go.
#include "session_impl.h"

#include <algorithm>

namespace picavk {

void Session::set_warning_sink(std::function<void(const std::string&)> sink) {
    const Impl::Call call(*impl_);
    impl_->diagnostics.set_sink([sink = std::move(sink)](pica::Warning w, const std::string& m) {
        if (sink) sink(std::string(pica::warning_name(w)) + ": " + m);
    });
}

void Session::set_log_sink(std::function<void(LogLevel, const std::string&)> sink,
                           LogLevel min_level) {
    const Impl::Call call(*impl_);
    impl_->log_sink = std::move(sink);
    impl_->log_min = min_level;
    Impl* impl = impl_.get();
    impl_->diagnostics.set_sink([impl](pica::Warning w, const std::string& message) {
        impl->log(LogLevel::Warning, std::string(pica::warning_name(w)) + ": " + message);
    });
}

void Session::set_scale(std::uint32_t scale) {
    const Impl::Call call(*impl_);
    if (!impl_->renderer) return;
    scale = std::clamp<std::uint32_t>(scale, 1, 10);
    if (scale == impl_->renderer->scale()) return;
    impl_->renderer->set_scale(scale);
    impl_->log(LogLevel::Info, "resolution scale " + std::to_string(scale));
}

std::uint32_t Session::scale() const {
    const Impl::Call call(*impl_);
    return impl_->renderer ? impl_->renderer->scale() : 1;
}

void Session::set_vertex_shaders(VertexShaders where, std::uint32_t gpu_min_draw) {
    const Impl::Call call(*impl_, false);
    impl_->set_vertex_shaders(where);
    impl_->set_gpu_min_draw(gpu_min_draw);
}

void Session::set_texture_decode(TextureDecode where) {
    const Impl::Call call(*impl_, false);
    impl_->set_texture_decode(where);
}

void Session::set_frames_in_flight(std::uint32_t frames) {
    const Impl::Call call(*impl_, false);
    if (impl_->renderer) impl_->renderer->set_frames_in_flight(frames);
}

void Session::set_guest_writes_reported(bool reported) {
    const Impl::Call call(*impl_, false);
    if (impl_->renderer) impl_->renderer->set_guest_writes_reported(reported);
}

void Session::Impl::set_custom_textures(const CustomTextureConfig& c) {
    if (!renderer) {
        custom_config = c;
        return;
    }
    renderer->set_custom_textures(nullptr, nullptr); // detached before either is replaced
    const bool new_pack = c.pack_dir != custom_config.pack_dir ||
                          c.preload != custom_config.preload ||
                          c.memory_budget != custom_config.memory_budget || !texture_pack;
    if (new_pack) {
        texture_pack.reset();
        if (!c.pack_dir.empty()) {
            custom_textures::TexturePack::Options options{c.memory_budget, true};
            if (!cache_dir.empty())
                options.cache_file = custom_textures::pack_cache_path(cache_dir, c.pack_dir);
            texture_pack = std::make_unique<custom_textures::TexturePack>(c.pack_dir, options);
            const custom_textures::PackStats stats = texture_pack->stats();
            std::string line = "texture pack " + c.pack_dir + ": " + std::to_string(stats.files) +
                               " replacements, " + std::to_string(stats.cached) +
                               " of them converted (" + cache_dir + ")";
            if (c.preload)
                line += ", " + std::to_string(texture_pack->preload()) + " decoded in advance";
            log(LogLevel::Info, line);
        }
    }
    if (c.dump_dir != custom_config.dump_dir || !texture_dumper) {
        texture_dumper.reset(); // finishes what it has queued
        if (!c.dump_dir.empty())
            texture_dumper = std::make_unique<custom_textures::TextureDumper>(c.dump_dir);
    }
    custom_config = c;
    renderer->set_custom_textures(texture_pack.get(), texture_dumper.get());
}

void Session::set_custom_textures(const CustomTextureConfig& config) {
    const Impl::Call call(*impl_);
    impl_->set_custom_textures(config);
}

CustomTextureConfig Session::custom_textures() const {
    const Impl::Call call(*impl_);
    return impl_->custom_config;
}

void Session::set_texture_filter(TextureFilter filter) {
    const Impl::Call call(*impl_);
    if (impl_->renderer) impl_->renderer->set_texture_filter(static_cast<std::uint8_t>(filter));
}

TextureFilter Session::texture_filter() const {
    const Impl::Call call(*impl_);
    return impl_->renderer ? static_cast<TextureFilter>(impl_->renderer->texture_filter())
                           : TextureFilter::None;
}

void Session::set_gpu_profile(bool on) {
    const Impl::Call call(*impl_);
    if (impl_->renderer) impl_->renderer->set_gpu_profile(on);
}

void Session::set_shader_compile(ShaderCompile mode) {
    const Impl::Call call(*impl_);
    if (impl_->renderer) impl_->renderer->set_compile_mode(static_cast<vk::CompileMode>(mode));
}

} // namespace picavk
