#include "vk/device/resident_modules.h"

#if defined(__SANITIZE_ADDRESS__)
#define PICAVK_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PICAVK_ASAN 1
#endif
#endif

#include <algorithm>
#include <cstddef>
#include <dlfcn.h>
#include <link.h>

namespace picavk::vk {

std::vector<std::string> loaded_modules() {
    std::vector<std::string> names;
    // Names only: dlopen inside the callback would take the loader's locks in the opposite order
    // to a dlopen on another thread.
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void* out) {
            if (info->dlpi_name && info->dlpi_name[0])
                static_cast<std::vector<std::string>*>(out)->emplace_back(info->dlpi_name);
            return 0;
        },
        &names);
    std::sort(names.begin(), names.end());
    return names;
}

void keep_new_modules_resident(const std::vector<std::string>& before) {
#ifdef PICAVK_ASAN
    // Every module, the ones loaded before too: a window library (GLFW) opens the Vulkan loader
    // and its WSI libraries before the instance exists and closes them at its end.
    const bool all = true;
#else
    const bool all = false;
#endif
    for (const std::string& name : loaded_modules())
        if (all || !std::binary_search(before.begin(), before.end(), name))
            // RTLD_NOLOAD only looks the module up; RTLD_NODELETE then stops any later dlclose
            // from unmapping it. The handle is never closed on purpose.
            dlopen(name.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
}

} // namespace picavk::vk
