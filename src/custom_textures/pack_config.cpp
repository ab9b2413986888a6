#include "custom_textures/pack_config.h"

#include <charconv>
#include <nlohmann/json.hpp>

namespace picavk::custom_textures {

PackConfig parse_pack_config(std::string_view text) {
    PackConfig out;
    // No exceptions (allow_exceptions false), comments accepted (ignore_comments true).
    const nlohmann::json json = nlohmann::json::parse(text, nullptr, false, true);
    if (json.is_discarded() || !json.is_object()) {
        out.problems.push_back("pack.json does not parse as a JSON object");
        return out;
    }
    const auto options = json.find("options");
    if (options == json.end() || !options->is_object()) {
        out.problems.push_back("pack.json has no \"options\" object");
        return out;
    }
    PackOptions parsed;
    for (auto [key, value] : {std::pair{"skip_mipmap", &parsed.skip_mipmap},
                              std::pair{"flip_png_files", &parsed.flip_png_files},
                              std::pair{"use_new_hash", &parsed.use_new_hash}}) {
        const auto it = options->find(key);
        if (it == options->end() || !it->is_boolean()) {
            out.problems.push_back(std::string("pack.json option \"") + key +
                                   "\" is missing or not true/false");
            return out;
        }
        *value = it->get<bool>();
    }
    const auto textures = json.find("textures");
    if (textures != json.end() && !textures->is_object()) {
        out.problems.push_back("pack.json \"textures\" is not an object");
        return out;
    }
    out.valid = true;
    out.options = parsed;
    if (textures == json.end()) return out;
    for (const auto& [key, value] : textures->items()) {
        std::uint64_t hash = 0;
        const auto [end, error] = std::from_chars(key.data(), key.data() + key.size(), hash, 16);
        if (error != std::errc{} || end != key.data() + key.size() || key.empty()) {
            out.problems.push_back("pack.json texture key \"" + key + "\" is not a hex hash");
            continue;
        }
        auto add = [&](const nlohmann::json& file) {
            if (!file.is_string()) return false;
            std::string name = file.get<std::string>();
            // The file name alone counts (Azahar: FileUtil::GetFilename).
            if (const std::size_t slash = name.find_last_of("/\\"); slash != std::string::npos)
                name.erase(0, slash + 1);
            out.file_hashes[name].push_back(hash);
            return true;
        };
        bool ok = true;
        if (value.is_array()) {
            for (const auto& file : value)
                ok = add(file) && ok;
        } else {
            ok = add(value);
        }
        if (!ok)
            out.problems.push_back("pack.json texture \"" + key +
                                   "\" names no file (a string or an array of strings)");
    }
    return out;
}

std::string pack_config_template() {
    nlohmann::ordered_json json;
    json["author"] = "picavk";
    json["version"] = "1.0.0";
    json["description"] = "Textures dumped by picavk";
    auto& options = json["options"];
    options["skip_mipmap"] = false;
    options["flip_png_files"] = true;
    options["use_new_hash"] = true;
    return json.dump(4) + "\n";
}

} // namespace picavk::custom_textures
