#include <cstddef>
#include <vector>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

// Serial reference: the baseline tests one element per step with a branch each (gcc
// does not vectorize a loop with an early exit). Here 64 elements per step are tested
// with four 16-lane AVX-512 "low bit clear" tests whose masks are combined into one
// 64-bit mask and one branch; the first set bit is the answer. Without AVX-512: 8
// elements per branch.
size_t findFirstEven(std::vector<int> const& x) {
  const size_t n = x.size();
  const int* p = x.data();
  size_t i = 0;
#if defined(__AVX512F__)
  const __m512i one = _mm512_set1_epi32(1);
  for (; i + 64 <= n; i += 64) {
    const uint64_t m0 = _mm512_testn_epi32_mask(_mm512_loadu_si512(p + i), one);
    const uint64_t m1 = _mm512_testn_epi32_mask(_mm512_loadu_si512(p + i + 16), one);
    const uint64_t m2 = _mm512_testn_epi32_mask(_mm512_loadu_si512(p + i + 32), one);
    const uint64_t m3 = _mm512_testn_epi32_mask(_mm512_loadu_si512(p + i + 48), one);
    const uint64_t m = m0 | (m1 << 16) | (m2 << 32) | (m3 << 48);
    if (m != 0) return i + size_t(__builtin_ctzll(m));
  }
#endif
  for (; i + 8 <= n; i += 8) {
    unsigned odd = 1;
    for (size_t k = 0; k < 8; ++k) odd &= unsigned(p[i + k]);
    if ((odd & 1u) == 0)
      for (size_t k = 0; k < 8; ++k)
        if ((p[i + k] & 1) == 0) return i + k;
  }
  for (; i < n; ++i)
    if ((p[i] & 1) == 0) return i;
  return n;
}
