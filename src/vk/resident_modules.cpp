#include "vk/resident_modules.h"

#if defined(__SANITIZE_ADDRESS__)
#define PICAVK_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PICAVK_ASAN 1
#endif
#endif

#ifdef PICAVK_ASAN
#include <cstddef>
#include <dlfcn.h>
#include <link.h>
#endif

namespace picavk::vk {

void keep_loaded_modules_resident() {
#ifdef PICAVK_ASAN
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void*) {
            // RTLD_NOLOAD only looks the module up; RTLD_NODELETE then stops any later dlclose
            // from unmapping it. The handle is never closed on purpose.
            if (info->dlpi_name && info->dlpi_name[0])
                dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
            return 0;
        },
        nullptr);
#endif
}

} // namespace picavk::vk
