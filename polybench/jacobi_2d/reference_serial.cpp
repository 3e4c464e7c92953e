#include <algorithm>
#include <vector>

// Serial reference for jacobi_2d: temporal blocking by a row wavefront. The baseline
// streams both n x n grids through the cache once per half-step (at LARGE the two grids,
// 27 MB, live in L3, and the sweep is limited by L3 bandwidth). Here K time steps (2K
// half-steps) advance together in one pass over the rows: at pass position p, half-step h
// (h = 1 .. 2K) updates row p - (h - 1), i.e. every half-step trails the previous one by
// one row. Row r of half-step h needs rows r-1 .. r+1 of half-step h-1, computed at this
// or earlier positions; with the half-steps of a position done in increasing h, a row of
// A (or B) is overwritten only after every later reader of its previous value has run, so
// the two grids suffice. The rows in flight (~2K + 3 of each grid) stay in L2, so each
// grid crosses L3 once per K time steps instead of twice per step. Each row update uses
// the baseline's expression in the same order (bitwise identical results) on contiguous
// __restrict rows, vectorised.
namespace {
inline void row_update(const double* __restrict up, const double* __restrict mid,
                       const double* __restrict down, double* __restrict dst, int n) {
  for (int j = 1; j < n - 1; ++j)
    dst[j] = 0.2 * (mid[j] + mid[j - 1] + mid[j + 1] + down[j] + up[j]);
}
}  // namespace

void kernel_jacobi_2d(int tsteps, int n, std::vector<std::vector<double>>& A,
                      std::vector<std::vector<double>>& B) {
  if (n < 3 || tsteps <= 0) return;
  // time steps per pass: ~2K+3 rows of each grid in flight (~560 KB of L2 at LARGE)
  constexpr int K = 12;
  std::vector<double*> a(n), b(n);
  for (int i = 0; i < n; ++i) a[i] = A[i].data(), b[i] = B[i].data();
  for (int t0 = 0; t0 < tsteps; t0 += K) {
    const int H = 2 * std::min(K, tsteps - t0);
    for (int p = 1; p < n - 1 + H - 1; ++p) {
      for (int h = 1; h <= H; ++h) {
        const int r = p - (h - 1);
        if (r < 1) break;            // later half-steps are further behind
        if (r > n - 2) continue;     // this half-step has finished its rows
        if (h % 2)
          row_update(a[r - 1], a[r], a[r + 1], b[r], n);
        else
          row_update(b[r - 1], b[r], b[r + 1], a[r], n);
      }
    }
  }
}
