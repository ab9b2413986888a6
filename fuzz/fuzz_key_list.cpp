// Fuzzes the key-list reader (src/shadergen/key_list.h; picavk-precompile's --keys and the key
// file of a cache directory): a list is accepted only whole, of this layout and record size,
// and then reads back to exactly what was written. Half the runs wrap the input as a valid list
// (with a record size from its first byte), so the acceptance path runs too.
#include "shadergen/key_list.h"

#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace picavk::shadergen;
    const std::uint32_t record = size > 0 ? 1u + data[0] % 64u : 1u;
    std::vector<std::uint8_t> file(data, data + size);
    bool valid = false;
    if (size > 1 && (data[1] & 1)) {
        const std::size_t n = (size - 2) / record * record;
        file = write_key_list(std::span(data + 2, n), record);
        valid = true;
    }
    std::string error;
    const std::vector<std::uint8_t> records = read_key_list(file, record, error);
    if (error.empty()) {
        if (records.size() % record != 0) __builtin_trap();
        if (write_key_list(records, record) != file) __builtin_trap(); // read back exactly
    } else if (valid || !records.empty()) {
        __builtin_trap(); // a list just written is accepted; a refused one yields nothing
    }
    return 0;
}
