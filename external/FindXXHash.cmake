# Debian's libxxhash-dev ships a header and a shared library but no CMake package.
find_path(XXHash_INCLUDE_DIR xxhash.h)
find_library(XXHash_LIBRARY NAMES xxhash)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(XXHash REQUIRED_VARS XXHash_LIBRARY XXHash_INCLUDE_DIR)
if(XXHash_FOUND AND NOT TARGET XXHash::xxhash)
  add_library(XXHash::xxhash UNKNOWN IMPORTED)
  set_target_properties(XXHash::xxhash PROPERTIES IMPORTED_LOCATION "${XXHash_LIBRARY}"
                                                  INTERFACE_INCLUDE_DIRECTORIES "${XXHash_INCLUDE_DIR}")
endif()
