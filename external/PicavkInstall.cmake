# `cmake --install` puts the public headers, the static libraries and a CMake package in the
# prefix, so that an embedder writes find_package(picavk) and
# target_link_libraries(app picavk::picavk). picavk is a static library: the internal libraries
# it is built from travel with it (exported under picavk::, linked only), and picavkConfig.cmake
# finds the Debian packages they need (Vulkan, glslang, xxhash, nlohmann-json).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/picavk DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS picavk picavk_vk picavk_shadergen picavk_custom_textures picavk_pica picavk_scenes
                picavk_warnings
        EXPORT picavkTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
set(picavk_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/picavk)
install(EXPORT picavkTargets NAMESPACE picavk:: DESTINATION ${picavk_cmake_dir})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/picavkConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/picavkConfig.cmake
                              INSTALL_DESTINATION ${picavk_cmake_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/picavkConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/picavkConfig.cmake ${PROJECT_BINARY_DIR}/picavkConfigVersion.cmake
              ${CMAKE_CURRENT_LIST_DIR}/FindXXHash.cmake
        DESTINATION ${picavk_cmake_dir})
