#include <omp.h>
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <vector>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

// OpenMP reference: the array is cut into chunks of 32768 ints that the threads take in
// order from an atomic counter; each chunk is scanned with the serial reference's
// 64-element AVX-512 compares. A hit sets a shared flag and every thread stops at its
// next chunk, so an early answer is found without scanning the rest. The answer does
// not depend on which thread finds it, so this is correct for any thread count.
namespace {
constexpr size_t kChunk = 32768;

bool contains_in(const int* p, size_t n, int target) {
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
}  // namespace

bool contains(std::vector<int> const& x, int target) {
  const size_t n = x.size();
  const int* p = x.data();
  if (n <= 2 * kChunk) return contains_in(p, n, target);
  const size_t chunks = (n + kChunk - 1) / kChunk;
  std::atomic<size_t> next(0);
  std::atomic<bool> found(false);
#pragma omp parallel
  {
    for (;;) {
      if (found.load(std::memory_order_relaxed)) break;
      const size_t c = next.fetch_add(1, std::memory_order_relaxed);
      if (c >= chunks) break;
      const size_t lo = c * kChunk, hi = std::min(n, lo + kChunk);
      if (contains_in(p + lo, hi - lo, target)) {
        found.store(true, std::memory_order_relaxed);
        break;
      }
    }
  }
  return found.load();
}
