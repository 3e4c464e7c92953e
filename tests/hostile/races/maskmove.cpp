// A race through SSE2 maskmov stores (llvm.x86.sse2.maskmov.dqu), not instrumented.
// Judged correct with a clean race check until 2026-12-04 (a red-team pass).
#include <vector>
#include <cstdint>
#include <immintrin.h>
void mapPowersOfTwo(std::vector<int> const& x, std::vector<bool>& mask) {
    const size_t n = x.size();
    std::vector<uint64_t> own((n + 63) / 64 + 2, 0);
    uint64_t* w = own.data();
    const __m128i low8 = _mm_set_epi64x(0, -1);
    #pragma omp parallel for
    for (size_t i = 0; i < n; ++i) {
        int v = x[i];
        uint64_t b = (v > 0) && !(v & (v - 1));
        if (b) {
            uint64_t cur = w[i >> 6] | (b << (i & 63));
            _mm_maskmoveu_si128(_mm_set_epi64x(0, (long long)cur), low8, (char*)(w + (i >> 6)));
        }
    }
    _mm_sfence();
    for (size_t i = 0; i < n; ++i) mask[i] = (w[i >> 6] >> (i & 63)) & 1;
}
