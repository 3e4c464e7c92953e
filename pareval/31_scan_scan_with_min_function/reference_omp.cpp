#include <omp.h>
#include <algorithm>
#include <cstddef>
#include <limits>
#include <vector>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

// OpenMP reference: scan-then-fix. Pass 1: each thread scans its own contiguous block in
// place with the serial reference's in-register min scan (16 lanes per step), so the
// block's last element is the block's minimum. Pass 2: thread t takes the minimum m of
// all blocks before it and lowers its own elements to m; since its scanned block is
// non-increasing, it stops at the first element <= m (usually after a few elements).
// Correct for any thread count: blocks depend only on n and the thread number.
namespace {
void scan_block(float* p, size_t n) {
  if (n == 0) return;
  size_t i = 0;
  float run = p[0];
#if defined(__AVX512F__)
  const __m512i lane = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  const __m512i s1 = _mm512_sub_epi32(lane, _mm512_set1_epi32(1));
  const __m512i s2 = _mm512_sub_epi32(lane, _mm512_set1_epi32(2));
  const __m512i s4 = _mm512_sub_epi32(lane, _mm512_set1_epi32(4));
  const __m512i s8 = _mm512_sub_epi32(lane, _mm512_set1_epi32(8));
  const __m512i last = _mm512_set1_epi32(15);
  __m512 carry = _mm512_set1_ps(run);
  for (; i + 16 <= n; i += 16) {
    __m512 v = _mm512_loadu_ps(p + i);
    v = _mm512_mask_min_ps(v, 0xFFFE, v, _mm512_permutexvar_ps(s1, v));
    v = _mm512_mask_min_ps(v, 0xFFFC, v, _mm512_permutexvar_ps(s2, v));
    v = _mm512_mask_min_ps(v, 0xFFF0, v, _mm512_permutexvar_ps(s4, v));
    v = _mm512_mask_min_ps(v, 0xFF00, v, _mm512_permutexvar_ps(s8, v));
    _mm512_storeu_ps(p + i, _mm512_min_ps(v, carry));
    carry = _mm512_min_ps(carry, _mm512_permutexvar_ps(last, v));
  }
  if (i) run = p[i - 1];
#endif
  for (; i < n; ++i) {
    run = std::min(run, p[i]);
    p[i] = run;
  }
}
}  // namespace

void partialMinimums(std::vector<float>& x) {
  const size_t n = x.size();
  float* p = x.data();
  if (n < 65536) {
    scan_block(p, n);
    return;
  }
  std::vector<float> blockMin(size_t(omp_get_max_threads()) + 1);
#pragma omp parallel
  {
    const size_t t = size_t(omp_get_thread_num()), nt = size_t(omp_get_num_threads());
    const size_t lo = n * t / nt, hi = n * (t + 1) / nt;
    scan_block(p + lo, hi - lo);
    if (hi > lo) blockMin[t] = p[hi - 1];
#pragma omp barrier
    float m = std::numeric_limits<float>::infinity();
    for (size_t k = 0; k < t; ++k)
      if (n * (k + 1) / nt > n * k / nt) m = std::min(m, blockMin[k]);
    for (size_t i = lo; i < hi && p[i] > m; ++i) p[i] = m;
  }
}
