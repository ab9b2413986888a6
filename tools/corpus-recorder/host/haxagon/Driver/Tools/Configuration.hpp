#ifndef CONFIGURATION_HPP
#define CONFIGURATION_HPP
/* What Super Haxagon's CMake writes from driver/All/include/Driver/Tools/Configuration.hpp.in
 * for its 3DS build (project SuperHaxagon 3.9.1, DEBUG_CONSOLE false). */
#define APP_NAME "SuperHaxagon"
#define VERSION "V3.9.1"
#define DEBUG_CONSOLE false
#define PLATFORM_NAME "3DS"
#endif
