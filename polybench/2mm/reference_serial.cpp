#include <algorithm>
#include <vector>

// Serial reference for 2mm: both products use a register-tiled kernel in i-k-j order
// (4 x 32 tile of the result held in registers across a slice of k, vectorized along the
// rows of B and C) instead of the textbook i-j-k order that walks B down its columns.
// C[i][j] = (accumulate ? C[i][j] : 0) + scale * sum_k A[i][k] * B[k][j] for rows i in
// [i0, i1), all n columns, k in [0, kd). Rows are separate vectors, so the kernel works on
// row pointers. A 4 x 32 tile of C stays in registers over a KC-long slice of k; the
// innermost loop runs along rows of B and C (contiguous, vectorized).
namespace {
constexpr int MR = 4, NR = 32, KC = 256;

inline void tile_full(const double* const* a, const double* const* b, double* const* c,
                      int j, int k0, int kc, double scale) {
  double t[MR][NR];
  for (int r = 0; r < MR; ++r)
    for (int x = 0; x < NR; ++x) t[r][x] = c[r][j + x];
  for (int k = k0; k < k0 + kc; ++k) {
    const double* bk = b[k] + j;
    const double a0 = scale * a[0][k], a1 = scale * a[1][k], a2 = scale * a[2][k],
                 a3 = scale * a[3][k];
    for (int x = 0; x < NR; ++x) {
      const double v = bk[x];
      t[0][x] += a0 * v;
      t[1][x] += a1 * v;
      t[2][x] += a2 * v;
      t[3][x] += a3 * v;
    }
  }
  for (int r = 0; r < MR; ++r)
    for (int x = 0; x < NR; ++x) c[r][j + x] = t[r][x];
}

inline void tile_edge(const double* const* a, const double* const* b, double* const* c,
                      int mr, int j, int nr, int k0, int kc, double scale) {
  for (int r = 0; r < mr; ++r) {
    double* cr = c[r] + j;
    for (int k = k0; k < k0 + kc; ++k) {
      const double s = scale * a[r][k];
      const double* bk = b[k] + j;
      for (int x = 0; x < nr; ++x) cr[x] += s * bk[x];
    }
  }
}

// rows i0..i1 of C (+)= scale * A * B; A has kd columns, B and C have n columns.
void matmul_rows(std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B,
                 std::vector<std::vector<double>>& C, int i0, int i1, int n, int kd,
                 double scale, bool accumulate) {
  std::vector<const double*> b(kd > 0 ? kd : 1);
  for (int k = 0; k < kd; ++k) b[k] = B[k].data();
  if (!accumulate)
    for (int i = i0; i < i1; ++i) std::fill(C[i].begin(), C[i].begin() + n, 0.0);
  for (int k0 = 0; k0 < kd; k0 += KC) {
    const int kc = std::min(KC, kd - k0);
    for (int i = i0; i < i1; i += MR) {
      const int mr = std::min(MR, i1 - i);
      const double* a[MR];
      double* c[MR];
      for (int r = 0; r < MR; ++r) {
        const int row = i + (r < mr ? r : 0);
        a[r] = A[row].data();
        c[r] = C[row].data();
      }
      int j = 0;
      if (mr == MR)
        for (; j + NR <= n; j += NR) tile_full(a, b.data(), c, j, k0, kc, scale);
      if (j < n) tile_edge(a, b.data(), c, mr, j, n - j, k0, kc, scale);
    }
  }
}
}  // namespace

void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
                std::vector<std::vector<double>>& tmp, std::vector<std::vector<double>>& A,
                std::vector<std::vector<double>>& B, std::vector<std::vector<double>>& C,
                std::vector<std::vector<double>>& D) {
  // tmp = alpha * A * B
  matmul_rows(A, B, tmp, 0, ni, nj, nk, alpha, false);
  // D = beta * D + tmp * C
  for (int i = 0; i < ni; ++i)
    for (int j = 0; j < nl; ++j) D[i][j] *= beta;
  matmul_rows(tmp, C, D, 0, ni, nl, nj, 1.0, true);
}
