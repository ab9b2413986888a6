/* Super Haxagon's 3DS music player includes <stb_vorbis.c>; Debian's libstb-dev ships that file
 * as <stb/stb_vorbis.h> (header and implementation). */
#include <stb/stb_vorbis.h>
