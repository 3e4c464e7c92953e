// A race through volatile 256-bit accesses, which the scalarizer leaves whole.
// Judged correct with a clean race check until 2026-12-04 (a red-team pass).
#include <vector>
#include <cstdint>
#include <immintrin.h>
void mapPowersOfTwo(std::vector<int> const& x, std::vector<bool>& mask) {
    const size_t n = x.size();
    std::vector<uint64_t> own((n + 63) / 64 + 4, 0);
    uint64_t* w = own.data();
    #pragma omp parallel for
    for (size_t i = 0; i < n; ++i) {
        int v = x[i];
        uint64_t b = (v > 0) && !(v & (v - 1));
        if (b) {
            volatile __m256i_u* p = (volatile __m256i_u*)(w + (i >> 6));
            __m256i cur = *p;
            *p = _mm256_or_si256(cur, _mm256_set_epi64x(0, 0, 0, (long long)(b << (i & 63))));
        }
    }
    for (size_t i = 0; i < n; ++i) mask[i] = (w[i >> 6] >> (i & 63)) & 1;
}
