#include <omp.h>
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <vector>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

// OpenMP reference: both arrays are cut into chunks of 32768 ints (x's chunks first,
// then y's) that the threads take in order from one atomic counter; each chunk is
// scanned with the serial reference's 64-element AVX-512 compare. A hit sets the flag
// of its array, and the threads skip the remaining chunks of an array whose flag is
// set. The answer is flag(x) != flag(y), which does not depend on which thread found
// what: correct for any thread count.
namespace {
constexpr size_t kChunk = 32768;

bool contains_in(const int* p, size_t n, int val) {
  size_t i = 0;
#if defined(__AVX512F__)
  const __m512i t = _mm512_set1_epi32(val);
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
    for (size_t k = 0; k < 8; ++k) hit |= p[i + k] == val;
    if (hit) return true;
  }
  for (; i < n; ++i)
    if (p[i] == val) return true;
  return false;
}
}  // namespace

bool xorContains(std::vector<int> const& x, std::vector<int> const& y, int val) {
  const size_t nx = x.size(), ny = y.size();
  if (nx + ny <= 4 * kChunk) return contains_in(x.data(), nx, val) != contains_in(y.data(), ny, val);
  const size_t cx = (nx + kChunk - 1) / kChunk, cy = (ny + kChunk - 1) / kChunk;
  std::atomic<size_t> next(0);
  std::atomic<bool> found[2] = {{false}, {false}};
#pragma omp parallel
  {
    for (;;) {
      const size_t c = next.fetch_add(1, std::memory_order_relaxed);
      if (c >= cx + cy) break;
      const int which = c < cx ? 0 : 1;
      if (found[which].load(std::memory_order_relaxed)) continue;
      const std::vector<int>& v = which == 0 ? x : y;
      const size_t lo = (which == 0 ? c : c - cx) * kChunk, hi = std::min(v.size(), lo + kChunk);
      if (contains_in(v.data() + lo, hi - lo, val)) found[which].store(true, std::memory_order_relaxed);
    }
  }
  return found[0].load() != found[1].load();
}
