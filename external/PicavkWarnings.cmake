# Warning flags for project code only (system packages are never compiled with them).
add_library(picavk_warnings INTERFACE)
target_compile_options(picavk_warnings INTERFACE -Wall -Wextra -Wshadow -Wnon-virtual-dtor
                                                 -Wconversion -Wno-sign-conversion
                                                 -Wno-missing-field-initializers)
if(PICAVK_WERROR)
  target_compile_options(picavk_warnings INTERFACE -Werror)
endif()
