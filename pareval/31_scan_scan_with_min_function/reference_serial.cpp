#include <algorithm>
#include <cstddef>
#include <vector>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

// Serial reference. The baseline's loop carries one dependent min per element (a
// load-min-store chain through x[i-1]). Here 16 elements at a time are scanned inside
// a register with a log-step (Hillis-Steele) min scan: 4 lane shifts, each followed by a
// masked min; then the running minimum of everything before the block is applied with
// one more min. The only dependency between blocks is that running minimum (one min per
// 16 elements). Without AVX-512 the scalar loop keeps the running minimum in a register.
void partialMinimums(std::vector<float>& x) {
  const size_t n = x.size();
  float* p = x.data();
  size_t i = 0;
  float run = n ? p[0] : 0.0f;
#if defined(__AVX512F__)
  if (n >= 16) {
    const __m512i lane = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    const __m512i s1 = _mm512_sub_epi32(lane, _mm512_set1_epi32(1));
    const __m512i s2 = _mm512_sub_epi32(lane, _mm512_set1_epi32(2));
    const __m512i s4 = _mm512_sub_epi32(lane, _mm512_set1_epi32(4));
    const __m512i s8 = _mm512_sub_epi32(lane, _mm512_set1_epi32(8));
    const __m512i last = _mm512_set1_epi32(15);
    __m512 carry = _mm512_set1_ps(p[0]);
    for (; i + 16 <= n; i += 16) {
      __m512 v = _mm512_loadu_ps(p + i);
      v = _mm512_mask_min_ps(v, 0xFFFE, v, _mm512_permutexvar_ps(s1, v));
      v = _mm512_mask_min_ps(v, 0xFFFC, v, _mm512_permutexvar_ps(s2, v));
      v = _mm512_mask_min_ps(v, 0xFFF0, v, _mm512_permutexvar_ps(s4, v));
      v = _mm512_mask_min_ps(v, 0xFF00, v, _mm512_permutexvar_ps(s8, v));
      _mm512_storeu_ps(p + i, _mm512_min_ps(v, carry));
      carry = _mm512_min_ps(carry, _mm512_permutexvar_ps(last, v));
    }
    run = p[i - 1];
  }
#endif
  for (; i < n; ++i) {
    run = std::min(run, p[i]);
    p[i] = run;
  }
}
