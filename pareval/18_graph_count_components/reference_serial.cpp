#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

void dfs_helper(std::vector<int> const& A, int node, size_t N, std::vector<bool>& visited) {
  visited[node] = true;
  for (size_t j = 0; j < N; ++j)
    if (A[node * N + j] == 1 && !visited[j]) dfs_helper(A, int(j), N, visited);
}

// Serial reference. One streaming pass packs every row of A into bits (64 entries per
// word, one AVX-512 compare per 16 ints); then a breadth-first search runs on the
// cache-resident bit matrix: each dequeued vertex ANDs its row with a bitmap of the
// unvisited vertices, 64 candidates per operation, instead of testing N ints one by one.
// No recursion, so no stack-depth limit.
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

int count_by_bfs(const uint64_t* b, size_t N, size_t W) {
  std::vector<uint64_t> unvisited(W, ~uint64_t(0));
  if (N % 64) unvisited[W - 1] = (uint64_t(1) << (N % 64)) - 1;
  std::vector<int> queue(N);
  int components = 0;
  for (size_t sw = 0; sw < W; ++sw) {
    while (unvisited[sw]) {
      const size_t s = sw * 64 + size_t(__builtin_ctzll(unvisited[sw]));
      unvisited[sw] &= unvisited[sw] - 1;
      ++components;
      size_t head = 0, tail = 0;
      queue[tail++] = int(s);
      while (head < tail) {
        const uint64_t* row = b + size_t(queue[head++]) * W;
        for (size_t w = sw; w < W; ++w) {  // all words before sw are visited already
          uint64_t found = row[w] & unvisited[w];
          if (!found) continue;
          unvisited[w] &= ~found;
          do {
            queue[tail++] = int(w * 64 + size_t(__builtin_ctzll(found)));
            found &= found - 1;
          } while (found);
        }
      }
    }
  }
  return components;
}
}  // namespace

int componentCount(std::vector<int> const& A, size_t N) {
  if (N == 0) return 0;
  const size_t W = (N + 63) / 64;
  std::unique_ptr<uint64_t[]> bits(new uint64_t[N * W]);
  for (size_t i = 0; i < N; ++i)
    for (size_t w = 0; w < W; ++w)
      bits[i * W + w] = pack64(A.data() + i * N + w * 64, w + 1 == W && N % 64 ? N % 64 : 64);
  return count_by_bfs(bits.get(), N, W);
}
