#include <algorithm>
#include <cstddef>
#include <vector>

// Serial reference: the baseline's elimination, but blocked: A is copied and factored
// A = L*U in place by a blocked right-looking LU (same arithmetic as the baseline, no
// pivoting), then L*y = b and U*x = y are solved by substitution along rows.
// The baseline's k-i-j elimination is vectorized along rows but sweeps the whole
// trailing matrix (up to N^2 doubles, more than L2) once per k: N passes over memory.
// The blocked LU takes the columns in panels of NB:
//   1. factor the panel (N-k0 rows x NB columns) with the unblocked algorithm;
//   2. U12 = L11^-1 * A12: forward substitution on the NB rows right of the panel;
//   3. A22 -= L21 * U12: a matrix multiply, where all the work is, done with a
//      register-tiled kernel (a 4 x 32 tile of A22 stays in registers for the NB-long
//      k loop; U12's rows are reused from cache by every row tile).
// So the trailing matrix is swept once per NB columns instead of once per column.
namespace {
constexpr size_t NB = 64, MR = 4, NR = 32;

// C[0..MR)[0..NR) -= L[0..MR)[0..kb) * U[0..kb)[0..NR); every matrix has row stride n.
inline void tile_full(const double* L, const double* U, double* C, size_t kb, size_t n) {
  double c[MR][NR];
  for (size_t r = 0; r < MR; ++r)
    for (size_t j = 0; j < NR; ++j) c[r][j] = C[r * n + j];
  for (size_t k = 0; k < kb; ++k) {
    const double* u = U + k * n;
    const double l0 = L[k], l1 = L[n + k], l2 = L[2 * n + k], l3 = L[3 * n + k];
    for (size_t j = 0; j < NR; ++j) {
      const double uj = u[j];
      c[0][j] -= l0 * uj;
      c[1][j] -= l1 * uj;
      c[2][j] -= l2 * uj;
      c[3][j] -= l3 * uj;
    }
  }
  for (size_t r = 0; r < MR; ++r)
    for (size_t j = 0; j < NR; ++j) C[r * n + j] = c[r][j];
}

// Partial tile at the edges: mr <= MR rows, nr <= NR columns.
inline void tile_edge(const double* L, const double* U, double* C, size_t mr, size_t nr,
                      size_t kb, size_t n) {
  for (size_t r = 0; r < mr; ++r) {
    double* c = C + r * n;
    for (size_t k = 0; k < kb; ++k) {
      const double l = L[r * n + k];
      const double* u = U + k * n;
      for (size_t j = 0; j < nr; ++j) c[j] -= l * u[j];
    }
  }
}

// Rows [r0, r1) of the trailing update A22 -= L21 * U12 for the panel at k0 (width kb).
void trailing_rows(double* A, size_t n, size_t k0, size_t kb, size_t r0, size_t r1) {
  const size_t c0 = k0 + kb;
  for (size_t i = r0; i < r1; i += MR) {
    const size_t mr = std::min(MR, r1 - i);
    for (size_t j = c0; j < n; j += NR) {
      const size_t nr = std::min(NR, n - j);
      const double* L = A + i * n + k0;
      const double* U = A + k0 * n + j;
      double* C = A + i * n + j;
      if (mr == MR && nr == NR)
        tile_full(L, U, C, kb, n);
      else
        tile_edge(L, U, C, mr, nr, kb, n);
    }
  }
}

// Unblocked LU of the panel: rows [k0, n), columns [k0, k0 + kb).
void factor_panel(double* A, size_t n, size_t k0, size_t kb) {
  for (size_t k = k0; k < k0 + kb; ++k) {
    for (size_t i = k + 1; i < n; ++i) {
      double* ri = A + i * n;
      const double* rk = A + k * n;
      const double f = ri[k] / rk[k];
      ri[k] = f;
      for (size_t j = k + 1; j < k0 + kb; ++j) ri[j] -= f * rk[j];
    }
  }
}

// U12 = L11^-1 * A12: rows [k0, k0 + kb), columns [c0, c1) right of the panel.
void solve_u12(double* A, size_t n, size_t k0, size_t kb, size_t c0, size_t c1) {
  for (size_t k = k0; k < k0 + kb; ++k) {
    const double* rk = A + k * n;
    for (size_t i = k + 1; i < k0 + kb; ++i) {
      double* ri = A + i * n;
      const double f = ri[k];
      for (size_t j = c0; j < c1; ++j) ri[j] -= f * rk[j];
    }
  }
}

void lu_blocked(double* a, size_t N) {
  for (size_t k0 = 0; k0 < N; k0 += NB) {
    const size_t kb = std::min(NB, N - k0);
    factor_panel(a, N, k0, kb);
    if (k0 + kb == N) break;
    solve_u12(a, N, k0, kb, k0 + kb, N);
    trailing_rows(a, N, k0, kb, k0 + kb, N);
  }
}
}  // namespace

void solveLinearSystem(std::vector<double> const& A, std::vector<double> const& b, std::vector<double>& x, size_t N) {
  std::vector<double> M(N * N);
  const double* src = A.data();
  double* m = M.data();
  for (size_t i = 0; i < N * N; ++i) m[i] = src[i];
  lu_blocked(m, N);
  x.resize(N);
  double* xp = x.data();
  for (size_t i = 0; i < N; ++i) {  // L*y = b (unit diagonal), y stored in x
    double s = b[i];
    const double* row = m + i * N;
    for (size_t j = 0; j < i; ++j) s -= row[j] * xp[j];
    xp[i] = s;
  }
  for (size_t ii = N; ii > 0; --ii) {  // U*x = y
    const size_t i = ii - 1;
    const double* row = m + i * N;
    double s = xp[i];
    for (size_t j = i + 1; j < N; ++j) s -= row[j] * xp[j];
    xp[i] = s / row[i];
  }
}
