#include "shadergen/generator_fingerprint.h"

#include "generator_fingerprint_value.h" // made at build time (src/CMakeLists.txt)

namespace picavk::shadergen {

const char* generator_fingerprint() {
    return kGeneratorFingerprint;
}

} // namespace picavk::shadergen
