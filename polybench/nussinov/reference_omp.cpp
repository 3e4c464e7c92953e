#include <algorithm>
#include <vector>

// OpenMP reference for nussinov: a wavefront over tiles. Entry (i, j) reads only
// table[i][j-1], table[i+1][j], table[i+1][j-1], table[i][k] and table[k+1][j] for
// i < k < j: entries to its left in row i and below it in column j. Cut the upper
// triangle into kB x kB tiles (I, J); a tile needs only tiles to its left in the same
// tile row and below it in the same tile column, i.e. tiles of a smaller tile diagonal
// J - I, plus its own earlier entries. So the tiles of one tile diagonal are computed in
// parallel (one barrier per tile diagonal, n/kB in all, instead of one per diagonal),
// each tile bottom-up and left to right as in the baseline. To read column j
// contiguously, every finished entry is also stored in a transposed copy
// (colT[j][i] = table[i][j], diagonal entries copied up front), so the split maximum
// max_k table[i][k] + table[k+1][j] runs over two contiguous arrays and vectorizes.
// Integer max is exact: the result equals the baseline's for any thread count.
// At MEDIUM the whole optimized computation takes ~1.4 ms on one core, so on 2 threads
// synchronization eats much of the gain (measured 1.19 ms vs 1.40 ms for the serial
// reference); splitting the serial reference's row pushes by columns with one
// point-to-point wait per row was about as fast (1.11 ms) but much slower whenever a
// core was shared with another process.
namespace {
constexpr int kB = 32;

inline int split_max(const int* __restrict a, const int* __restrict b, int len, int best) {
  for (int k = 0; k < len; ++k) best = std::max(best, a[k] + b[k]);
  return best;
}
}  // namespace

void kernel_nussinov(int n, std::vector<int>& seq, std::vector<std::vector<int>>& table) {
  if (n < 2) return;
  const int* s = seq.data();
  std::vector<int*> rows(n);
  for (int i = 0; i < n; ++i) rows[i] = table[i].data();
  std::vector<int> colT(size_t(n) * n);
  int* const* r = rows.data();
  int* ct = colT.data();
  const int nt = (n + kB - 1) / kB;
#pragma omp parallel
  {
#pragma omp for schedule(static)
    for (int j = 0; j < n; ++j) ct[size_t(j) * n + j] = r[j][j];
    for (int D = 0; D < nt; ++D) {
#pragma omp for schedule(dynamic, 1)
      for (int I = 0; I < nt - D; ++I) {
        const int J = I + D;
        const int i0 = I * kB, i1 = std::min(n, i0 + kB);
        const int j0 = J * kB, j1 = std::min(n, j0 + kB);
        for (int i = i1 - 1; i >= i0; --i) {
          int* ri = r[i];
          const int* rb = i + 1 < n ? r[i + 1] : nullptr;
          for (int j = std::max(j0, i + 1); j < j1; ++j) {
            int best = std::max(ri[j], std::max(ri[j - 1], rb[j]));
            const int pair = rb[j - 1] + ((i < j - 1 && s[i] + s[j] == 3) ? 1 : 0);
            best = std::max(best, pair);
            // k = i+1 .. j-1: table[i][k] + table[k+1][j] = ri[k] + colT[j][k+1]
            int* cj = ct + size_t(j) * n;
            best = split_max(ri + i + 1, cj + i + 2, j - i - 1, best);
            ri[j] = best;
            cj[i] = best;
          }
        }
      }
    }
  }
}
