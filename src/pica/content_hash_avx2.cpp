// XXH3 with AVX2 (compiled with -mavx2).
#define PICAVK_XXH_VECTOR XXH_AVX2
#define PICAVK_XXH_FUNCTION xxh3_avx2
#define PICAVK_XXH_COPY_FUNCTION xxh3_copy_avx2
#include "pica/content_hash_vector.inc"
