#include <cstddef>
#include <vector>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

// Serial reference: std::find tests one element per step with a branch each (gcc
// unrolls it but does not vectorize a loop with an early exit). Here 64 elements are
// compared per step with four 16-lane AVX-512 compares whose masks are OR-ed into one
// branch, so the scan runs at memory speed. Without AVX-512: 8 elements per branch.
bool contains(std::vector<int> const& x, int target) {
  const size_t n = x.size();
  const int* p = x.data();
  size_t i = 0;
#if defined(__AVX512F__)
  const __m512i t = _mm512_set1_epi32(target);
  for (; i + 64 <= n; i += 64) {
    const __mmask16 m0 = _mm512_cmpeq_epi32_mask(_mm512_loadu_si512(p + i), t);
    const __mmask16 m1 = _mm512_cmpeq_epi32_mask(_mm512_loadu_si512(p + i + 16), t);
    const __mmask16 m2 = _mm512_cmpeq_epi32_mask(_mm512_loadu_si512(p + i + 32), t);
    const __mmask16 m3 = _mm512_cmpeq_epi32_mask(_mm512_loadu_si512(p + i + 48), t);
    if ((m0 | m1 | m2 | m3) != 0) return true;
  }
#endif
  for (; i + 8 <= n; i += 8) {
    bool hit = false;
    for (size_t k = 0; k < 8; ++k) hit |= p[i + k] == target;
    if (hit) return true;
  }
  for (; i < n; ++i)
    if (p[i] == target) return true;
  return false;
}
