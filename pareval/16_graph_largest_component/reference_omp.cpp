#include <omp.h>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

void dfs_helper(std::vector<int> const& A, int node, size_t N, std::vector<bool>& visited, int& count) {
  visited[node] = true;
  ++count;
  for (size_t j = 0; j < N; ++j)
    if (A[node * N + j] == 1 && !visited[j]) dfs_helper(A, int(j), N, visited, count);
}

// OpenMP reference: the serial reference's method (read only the upper triangle, pack it
// into bits, mirror it by 64x64 bit-block transposes, BFS on the bit matrix) with the
// packing pass (the only pass over the N^2 ints, bandwidth-bound) split across threads in
// cyclic chunks of 64 rows for balance, and the transposes split by destination block row. Every
// thread writes only its own words, so there are no races; the BFS (about N^2/64 word
// operations) runs on one thread. Correct for any thread count.
namespace {
// Bits k of the result: row[k] == 1, for k < cnt (cnt <= 64).
inline uint64_t edge_bits(const int* row, size_t cnt) {
#if defined(__AVX512F__)
  if (cnt == 64) {
    const __m512i one = _mm512_set1_epi32(1);
    uint64_t m0 = _mm512_cmpeq_epi32_mask(_mm512_loadu_si512(row), one);
    uint64_t m1 = _mm512_cmpeq_epi32_mask(_mm512_loadu_si512(row + 16), one);
    uint64_t m2 = _mm512_cmpeq_epi32_mask(_mm512_loadu_si512(row + 32), one);
    uint64_t m3 = _mm512_cmpeq_epi32_mask(_mm512_loadu_si512(row + 48), one);
    return m0 | (m1 << 16) | (m2 << 32) | (m3 << 48);
  }
#endif
  uint64_t m = 0;
  for (size_t k = 0; k < cnt; ++k) m |= uint64_t(row[k] == 1) << k;
  return m;
}

// In-place transpose of a 64x64 bit block (bit c of a[r] is entry (r, c)): swap the
// off-diagonal j x j sub-blocks of every 2j x 2j block, for j = 32, 16, ..., 1.
inline void transpose64(uint64_t a[64]) {
  static const uint64_t keep[6] = {0x00000000FFFFFFFFull, 0x0000FFFF0000FFFFull,
                                   0x00FF00FF00FF00FFull, 0x0F0F0F0F0F0F0F0Full,
                                   0x3333333333333333ull, 0x5555555555555555ull};
  for (int s = 0, j = 32; j; ++s, j >>= 1) {
    const uint64_t m = keep[s];
    for (int k = 0; k < 64; ++k) {
      if (k & j) continue;
      const uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
      a[k | j] ^= t;
      a[k] ^= t << j;
    }
  }
}

// Breadth-first search on the bit matrix b (N rows of W words) with a bitmap of the
// unvisited vertices; returns the largest component size.
int largest_by_bfs(const uint64_t* b, size_t N, size_t W) {
  std::vector<uint64_t> unvisited(W, ~uint64_t(0));
  if (N % 64) unvisited[W - 1] = (uint64_t(1) << (N % 64)) - 1;
  std::vector<int> queue(N);
  int largest = 0;
  for (size_t sw = 0; sw < W; ++sw) {
    while (unvisited[sw]) {
      const size_t s = sw * 64 + size_t(__builtin_ctzll(unvisited[sw]));
      unvisited[sw] &= unvisited[sw] - 1;
      size_t head = 0, tail = 0;
      queue[tail++] = int(s);
      while (head < tail) {
        const uint64_t* brow = b + size_t(queue[head++]) * W;
        for (size_t w = sw; w < W; ++w) {  // words before sw are all visited
          uint64_t found = brow[w] & unvisited[w];
          if (!found) continue;
          unvisited[w] &= ~found;
          do {
            queue[tail++] = int(w * 64 + size_t(__builtin_ctzll(found)));
            found &= found - 1;
          } while (found);
        }
      }
      if (int(tail) > largest) largest = int(tail);
    }
  }
  return largest;
}
}  // namespace

int largestComponent(std::vector<int> const& A, size_t N) {
  if (N == 0) return 0;
  const size_t W = (N + 63) / 64;
  const long n = long(N), nw = long(W);
  // Every word is written below (upper part by the packing, lower by the mirror), so the
  // matrix is left uninitialised: its pages are first touched by the threads that fill them.
  std::unique_ptr<uint64_t[]> bits(new uint64_t[N * W]);
  const int* a = A.data();
  uint64_t* b = bits.get();
  // (1) Pack the upper triangle: row i, from the 64-column word holding the diagonal on.
#pragma omp parallel for schedule(static, 64) if (N >= 512)
  for (long il = 0; il < n; ++il) {
    const size_t i = size_t(il);
    const int* row = a + i * N;
    uint64_t* brow = b + i * W;
    for (size_t w = i / 64; w < W; ++w)
      brow[w] = edge_bits(row + w * 64, (w + 1 == W && N % 64) ? N % 64 : 64);
  }
  // (2) Mirror: block (wb, rb) below the diagonal is the transpose of block (rb, wb).
  //     Loop over destination block rows, so each thread writes only its own rows.
#pragma omp parallel for schedule(dynamic, 1) if (N >= 512)
  for (long wbl = 1; wbl < nw; ++wbl) {
    const size_t wb = size_t(wbl);
    uint64_t blk[64];
    for (size_t rb = 0; rb < wb; ++rb) {
      for (size_t r = 0; r < 64; ++r) blk[r] = b[(rb * 64 + r) * W + wb];
      transpose64(blk);
      for (size_t r = 0; r < 64 && wb * 64 + r < N; ++r) b[(wb * 64 + r) * W + rb] = blk[r];
    }
  }
  // (3) Search the bit matrix.
  return largest_by_bfs(b, N, W);
}
