#pragma once

namespace picavk::vk {

// In AddressSanitizer builds, keeps every shared object loaded so far (the Vulkan loader, the
// driver, the validation layer and what they pulled in) loaded until the process exits. The
// loader unloads drivers and layers when the instance is destroyed; LeakSanitizer then reports
// their allocations with stacks in unnamed modules, which no suppression can name. Kept resident,
// they keep their names, so tests/sanitizers/lsan.supp suppresses exactly those modules and a
// leak of picavk's own still fails. Does nothing in other builds.
void keep_loaded_modules_resident();

} // namespace picavk::vk
