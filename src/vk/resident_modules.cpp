#include "vk/resident_modules.h"

#include <cstddef>
#include <dlfcn.h>
#include <link.h>

namespace picavk::vk {

void keep_loaded_modules_resident() {
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void*) {
            // RTLD_NOLOAD only looks the module up; RTLD_NODELETE then stops any later dlclose
            // from unmapping it. The handle is never closed on purpose.
            if (info->dlpi_name && info->dlpi_name[0])
                dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
            return 0;
        },
        nullptr);
}

} // namespace picavk::vk
