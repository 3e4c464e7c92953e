#include <algorithm>
#include <vector>
#include <omp.h>

// OpenMP reference for gemm (C = alpha*A*B + beta*C): cache blocking and register tiling.
// - C is scaled by beta once, then alpha*A*B is accumulated block by block.
// - A KC x NC panel of B stays in cache while every row of A passes over it (the
//   baseline streams all of B once per row of C).
// - A 6 x 32 tile of C lives in registers for the whole k loop of a panel: each vector
//   of B loaded feeds 6 multiply-adds, and C is loaded and stored once per panel.
// - Threads own disjoint blocks of MC rows of C (dynamic schedule): no race, no
//   reduction, any thread count.
namespace {
constexpr int MR = 6, NR = 32, KC = 256, NC = 512, MC = 48;

inline void tile_full(const double* const* a, const double* const* b, double* const* c,
                      int k0, int kc, int j, double alpha) {
  double t[MR][NR];
  for (int r = 0; r < MR; ++r)
    for (int x = 0; x < NR; ++x) t[r][x] = c[r][j + x];
  const double* ap[MR];
  for (int r = 0; r < MR; ++r) ap[r] = a[r];
  for (int k = k0; k < k0 + kc; ++k) {
    const double* bk = b[k] + j;
    for (int r = 0; r < MR; ++r) {
      const double ar = alpha * ap[r][k];
      for (int x = 0; x < NR; ++x) t[r][x] += ar * bk[x];
    }
  }
  for (int r = 0; r < MR; ++r)
    for (int x = 0; x < NR; ++x) c[r][j + x] = t[r][x];
}

inline void tile_edge(const double* const* a, const double* const* b, double* const* c,
                      int mr, int k0, int kc, int j, int nr, double alpha) {
  for (int r = 0; r < mr; ++r) {
    double* cr = c[r] + j;
    for (int k = k0; k < k0 + kc; ++k) {
      const double ak = alpha * a[r][k];
      const double* bk = b[k] + j;
      for (int x = 0; x < nr; ++x) cr[x] += ak * bk[x];
    }
  }
}
}  // namespace

void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                 std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B,
                 std::vector<std::vector<double>>& C) {
  std::vector<const double*> a(ni), b(nk);
  std::vector<double*> c(ni);
  for (int i = 0; i < ni; ++i) a[i] = A[i].data(), c[i] = C[i].data();
  for (int k = 0; k < nk; ++k) b[k] = B[k].data();
  const int chunks = (ni + MC - 1) / MC;
#pragma omp parallel for schedule(dynamic, 1)
  for (int ch = 0; ch < chunks; ++ch) {
    const int i0 = ch * MC, i1 = std::min(ni, i0 + MC);
    for (int i = i0; i < i1; ++i)
      for (int j = 0; j < nj; ++j) c[i][j] *= beta;
    for (int j0 = 0; j0 < nj; j0 += NC) {
      const int nc = std::min(NC, nj - j0);
      for (int k0 = 0; k0 < nk; k0 += KC) {
        const int kc = std::min(KC, nk - k0);
        for (int i = i0; i < i1; i += MR) {
          const int mr = std::min(MR, i1 - i);
          for (int j = j0; j < j0 + nc; j += NR) {
            const int nr = std::min(NR, j0 + nc - j);
            if (mr == MR && nr == NR)
              tile_full(&a[i], b.data(), &c[i], k0, kc, j, alpha);
            else
              tile_edge(&a[i], b.data(), &c[i], mr, k0, kc, j, nr, alpha);
          }
        }
      }
    }
  }
}
