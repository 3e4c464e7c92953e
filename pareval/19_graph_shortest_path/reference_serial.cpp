#include <climits>
#include <cstddef>
#include <cstdint>
#include <vector>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

// Serial reference: level-synchronous breadth-first search on bitmaps. The vertices not
// yet reached are a bitmap; expanding a frontier vertex u reads row u of A only in the
// 64-column blocks that still hold unreached vertices, turns each block into a 64-bit
// mask (AVX-512 compares) and ANDs it with the bitmap, instead of testing N ints and N
// vector<bool> bits one by one. The search stops as soon as dest is reached (at
// discovery, one level earlier than the baseline, which stops when dest leaves the
// queue). Rows of vertices beyond dest's level are never read.
namespace {
inline uint64_t pack64(const int* row, size_t cnt) {
#if defined(__AVX512F__)
  if (cnt == 64) {
    const __m512i one = _mm512_set1_epi32(1);
    const uint64_t m0 = _mm512_cmpeq_epi32_mask(_mm512_loadu_si512(row), one);
    const uint64_t m1 = _mm512_cmpeq_epi32_mask(_mm512_loadu_si512(row + 16), one);
    const uint64_t m2 = _mm512_cmpeq_epi32_mask(_mm512_loadu_si512(row + 32), one);
    const uint64_t m3 = _mm512_cmpeq_epi32_mask(_mm512_loadu_si512(row + 48), one);
    return m0 | (m1 << 16) | (m2 << 32) | (m3 << 48);
  }
#endif
  uint64_t m = 0;
  for (size_t k = 0; k < cnt; ++k) m |= uint64_t(row[k] == 1) << k;
  return m;
}
}  // namespace

int shortestPathLength(std::vector<int> const& A, size_t N, int source, int dest) {
  if (source == dest) return 0;
  const size_t W = (N + 63) / 64;
  std::vector<uint64_t> unreached(W, ~uint64_t(0)), next(W);
  if (N % 64) unreached[W - 1] = (uint64_t(1) << (N % 64)) - 1;
  unreached[size_t(source) / 64] &= ~(uint64_t(1) << (source % 64));
  const size_t dw = size_t(dest) / 64;
  const uint64_t dbit = uint64_t(1) << (dest % 64);
  std::vector<int> frontier{source}, upcoming;
  for (int level = 1; !frontier.empty(); ++level) {
    std::fill(next.begin(), next.end(), 0);
    for (int u : frontier) {
      const int* row = A.data() + size_t(u) * N;
      for (size_t w = 0; w < W; ++w)
        if (unreached[w]) next[w] |= pack64(row + w * 64, w + 1 == W && N % 64 ? N % 64 : 64) & unreached[w];
    }
    if (next[dw] & dbit) return level;
    upcoming.clear();
    for (size_t w = 0; w < W; ++w) {
      uint64_t m = next[w];
      unreached[w] &= ~m;
      while (m) {
        upcoming.push_back(int(w * 64 + size_t(__builtin_ctzll(m))));
        m &= m - 1;
      }
    }
    frontier.swap(upcoming);
  }
  return INT_MAX;
}
