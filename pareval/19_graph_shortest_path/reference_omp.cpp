#include <omp.h>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <vector>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

// OpenMP reference: the serial reference's level-synchronous bitmap BFS (rows read only
// in 64-column blocks that still hold unreached vertices, AVX-512 compares into 64-bit
// masks, stop when dest is reached) with the frontier rows of a level split across the
// threads when the level has at least 32 vertices (narrow levels run on one thread: a
// fork/join costs more than they take). Each thread ORs what it finds into its own
// bitmap; after the join they are merged, so no memory is written by two threads at
// once. Correct for any thread count.
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
  const int nt = omp_get_max_threads();
  std::vector<uint64_t> unreached(W, ~uint64_t(0)), found(size_t(nt) * W);
  if (N % 64) unreached[W - 1] = (uint64_t(1) << (N % 64)) - 1;
  unreached[size_t(source) / 64] &= ~(uint64_t(1) << (source % 64));
  const size_t dw = size_t(dest) / 64;
  const uint64_t dbit = uint64_t(1) << (dest % 64);
  std::vector<int> frontier{source}, upcoming;
  for (int level = 1; !frontier.empty(); ++level) {
    std::fill(found.begin(), found.end(), 0);
    const long nf = long(frontier.size());
    // a team only for wide levels: a fork/join per narrow level costs more than it saves
#pragma omp parallel num_threads(nt) if (nf >= 32 && N >= 1024)
    {
      uint64_t* mine = found.data() + size_t(omp_get_thread_num()) * W;
#pragma omp for schedule(dynamic, 4)
      for (long k = 0; k < nf; ++k) {
        const int* row = A.data() + size_t(frontier[size_t(k)]) * N;
        for (size_t w = 0; w < W; ++w)
          if (unreached[w])
            mine[w] |= pack64(row + w * 64, w + 1 == W && N % 64 ? N % 64 : 64) & unreached[w];
      }
    }
    upcoming.clear();
    bool hit = false;
    for (size_t w = 0; w < W; ++w) {
      uint64_t m = 0;
      for (int t = 0; t < nt; ++t) m |= found[size_t(t) * W + w];
      if (w == dw && (m & dbit)) hit = true;
      unreached[w] &= ~m;
      while (m) {
        upcoming.push_back(int(w * 64 + size_t(__builtin_ctzll(m))));
        m &= m - 1;
      }
    }
    if (hit) return level;
    frontier.swap(upcoming);
  }
  return INT_MAX;
}
