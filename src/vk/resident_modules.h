#pragma once

namespace picavk::vk {

// Keeps every shared object loaded so far (the Vulkan loader, the driver, the validation layer
// and what they pulled in) loaded until the process exits. The Vulkan loader unloads drivers
// and layers when the last instance is destroyed, and loads them again for the next one:
//  - NVIDIA's driver fails to load again after about 30 such cycles in one process ("Could not
//    get vkCreateInstance via vk_icdGetInstanceProcAddr", seen on an H100 with driver
//    580.159.04), which an embedder that makes a Session per game would reach. Kept loaded, it
//    is opened once and reference-counted after that.
//  - Under LeakSanitizer, allocations of unloaded modules are reported with stacks in unnamed
//    modules, which no suppression can name. Kept resident, they keep their names, so
//    tests/sanitizers/lsan.supp suppresses exactly those modules and a leak of picavk's own
//    still fails.
void keep_loaded_modules_resident();

} // namespace picavk::vk
