#include <omp.h>
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

// OpenMP reference: the array is cut into chunks of 32768 ints that the threads take in
// ascending order from an atomic counter; each chunk is searched with the serial
// reference's 64-element AVX-512 test. A hit lowers the shared best index (atomic min).
// A thread stops once the next chunk starts at or after the best index found: every
// chunk below a hit was taken earlier and is finished by its thread, so the smallest
// hit is the answer for any thread count. No hit anywhere: x.size().
namespace {
constexpr size_t kChunk = 32768;

size_t first_even_in(const int* p, size_t lo, size_t hi) {  // hi if none in [lo, hi)
  size_t i = lo;
#if defined(__AVX512F__)
  const __m512i one = _mm512_set1_epi32(1);
  for (; i + 64 <= hi; i += 64) {
    const uint64_t m0 = _mm512_testn_epi32_mask(_mm512_loadu_si512(p + i), one);
    const uint64_t m1 = _mm512_testn_epi32_mask(_mm512_loadu_si512(p + i + 16), one);
    const uint64_t m2 = _mm512_testn_epi32_mask(_mm512_loadu_si512(p + i + 32), one);
    const uint64_t m3 = _mm512_testn_epi32_mask(_mm512_loadu_si512(p + i + 48), one);
    const uint64_t m = m0 | (m1 << 16) | (m2 << 32) | (m3 << 48);
    if (m != 0) return i + size_t(__builtin_ctzll(m));
  }
#endif
  for (; i < hi; ++i)
    if ((p[i] & 1) == 0) return i;
  return hi;
}
}  // namespace

size_t findFirstEven(std::vector<int> const& x) {
  const size_t n = x.size();
  const int* p = x.data();
  if (n <= 2 * kChunk) return first_even_in(p, 0, n);
  const size_t chunks = (n + kChunk - 1) / kChunk;
  std::atomic<size_t> next(0);
  std::atomic<size_t> best(n);
#pragma omp parallel
  {
    for (;;) {
      const size_t c = next.fetch_add(1, std::memory_order_relaxed);
      if (c >= chunks) break;
      const size_t lo = c * kChunk, hi = std::min(n, lo + kChunk);
      if (best.load(std::memory_order_relaxed) <= lo) break;  // all later chunks are higher
      const size_t r = first_even_in(p, lo, hi);
      if (r < hi) {
        size_t cur = best.load(std::memory_order_relaxed);
        while (r < cur && !best.compare_exchange_weak(cur, r, std::memory_order_relaxed)) {
        }
        break;  // every chunk this thread could take next is higher
      }
    }
  }
  return best.load();
}
