#include <algorithm>
#include <vector>

// Serial reference for lu: the same row-by-row factorization as the baseline, but each
// row is formed in i-k-j order: after L[i][k] is final, row k of U is subtracted from
// the rest of row i as a contiguous, vectorized axpy, instead of the baseline's dot
// products that walk A down its columns (a cache miss per element for large n). Four
// rows of U are applied per pass over row i. Blocked by 32 rows for cache reuse: the
// rows of a block are finished first, then applied to all later rows while they are hot
// (each entry still receives its updates in increasing k).
namespace {
// Row i of the factorization in "i-k-j" order: for k = 0 .. i-1, L[i][k] is final once
// the updates from rows k' < k are in, then row k of U is subtracted from the rest of
// row i (a contiguous, vectorized axpy). Four rows k..k+3 are applied per pass over row
// i (their small triangle first), so row i is loaded and stored once per four rows.
// Only rows k in [kb, ke) are applied (all of them, kb = 0 and ke = i, finish row i).
void apply_rows(std::vector<std::vector<double>>& A, int n, int i, int kb, int ke) {
  double* ai = A[i].data();
  int k = kb;
  for (; k + 4 <= ke; k += 4) {
    const double* r0 = A[k].data();
    const double* r1 = A[k + 1].data();
    const double* r2 = A[k + 2].data();
    const double* r3 = A[k + 3].data();
    const double a0 = ai[k] / r0[k];
    ai[k] = a0;
    ai[k + 1] -= a0 * r0[k + 1];
    const double a1 = ai[k + 1] / r1[k + 1];
    ai[k + 1] = a1;
    ai[k + 2] -= a0 * r0[k + 2];
    ai[k + 2] -= a1 * r1[k + 2];
    const double a2 = ai[k + 2] / r2[k + 2];
    ai[k + 2] = a2;
    ai[k + 3] -= a0 * r0[k + 3];
    ai[k + 3] -= a1 * r1[k + 3];
    ai[k + 3] -= a2 * r2[k + 3];
    const double a3 = ai[k + 3] / r3[k + 3];
    ai[k + 3] = a3;
    for (int j = k + 4; j < n; ++j)
      ai[j] -= a0 * r0[j] + a1 * r1[j] + a2 * r2[j] + a3 * r3[j];
  }
  for (; k < ke; ++k) {
    const double* rk = A[k].data();
    const double a = ai[k] / rk[k];
    ai[k] = a;
    for (int j = k + 1; j < n; ++j) ai[j] -= a * rk[j];
  }
}
}  // namespace

void kernel_lu(int n, std::vector<std::vector<double>>& A) {
  constexpr int B = 32;
  for (int k0 = 0; k0 < n; k0 += B) {
    const int k1 = std::min(n, k0 + B);
    for (int i = k0; i < k1; ++i) apply_rows(A, n, i, k0, i);
    for (int i = k1; i < n; ++i) apply_rows(A, n, i, k0, k1);
  }
}
