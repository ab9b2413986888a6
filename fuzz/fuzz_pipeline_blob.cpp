// Fuzzes the pipeline-cache blob's checks (src/shadergen/pipeline_blob.h): a file is handed to the
// driver only when it is whole. Half the runs get a correct trailer, so that both the refusal and
// the acceptance paths run; an accepted file must be exactly what wrapping its data gives.
#include "shadergen/pipeline_blob.h"

#include <cstdint>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace picavk::shadergen;
    std::vector<std::uint8_t> file(data, data + size);
    if (size > 0 && (data[0] & 1)) file = wrap_pipeline_blob(std::span(data + 1, size - 1));
    const std::vector<std::uint8_t> original = file;
    if (unwrap_pipeline_blob(file)) {
        if (wrap_pipeline_blob(file) != original) __builtin_trap();
    } else if (file != original) {
        __builtin_trap(); // a refused file is left as it was
    }
    return 0;
}
