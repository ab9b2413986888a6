// XXH3 with AVX-512 (compiled with -mavx512f).
#define PICAVK_XXH_VECTOR XXH_AVX512
#define PICAVK_XXH_FUNCTION xxh3_avx512
#define PICAVK_XXH_COPY_FUNCTION xxh3_copy_avx512
#include "pica/content_hash_vector.inc"
