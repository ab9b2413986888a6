#pragma once

// Keeping the Vulkan loader's drivers and layers loaded until the process exits. The loader
// unloads them when the last instance is destroyed and loads them again for the next one:
//  - NVIDIA's driver fails to load again after about 30 such cycles in one process ("Could not
//    get vkCreateInstance via vk_icdGetInstanceProcAddr", seen on an H100 with driver
//    580.159.04), which an embedder that makes a Session per game would reach. Kept loaded, it
//    is opened once and only reference-counted after that.
//  - Under LeakSanitizer, allocations of unloaded modules are reported with stacks in unnamed
//    modules, which no suppression can name. Kept resident, they keep their names, so
//    tests/sanitizers/lsan.supp suppresses exactly those modules and a leak of picavk's own
//    still fails.
// Only what appeared since a snapshot is kept: modules the embedder loaded itself stay its own.
// AddressSanitizer builds keep every module, those loaded before as well (a window library opens
// the Vulkan loader before picavk and closes it at exit).

#include <string>
#include <vector>

namespace picavk::vk {

// The shared objects loaded now, by path.
std::vector<std::string> loaded_modules();
// Keeps every shared object loaded now that `before` lacks loaded until the process exits.
void keep_new_modules_resident(const std::vector<std::string>& before);

} // namespace picavk::vk
