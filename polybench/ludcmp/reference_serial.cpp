#include <algorithm>
#include <vector>

// Serial reference for ludcmp. The factorization is the blocked i-k-j one of
// polybench/lu's reference: each row is formed by subtracting finished rows of U as
// contiguous, vectorised axpys (four rows of U per pass over row i) instead of the
// baseline's dot products that walk A down its columns; blocked by 32 rows so a block's
// rows are applied to all later rows while hot (each entry still receives its updates in
// increasing k). The substitutions (O(n^2), ~1% of the work) use row dot products with
// eight accumulators.

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

// Dot product of a[0..len) and v[0..len) with eight independent accumulators (the
// baseline's single dependent add chain costs 4 cycles per element).
double dot(const double* a, const double* v, int len) {
  double acc[8] = {};
  int j = 0;
  for (; j + 8 <= len; j += 8)
    for (int l = 0; l < 8; ++l) acc[l] += a[j + l] * v[j + l];
  double s = 0.0;
  for (; j < len; ++j) s += a[j] * v[j];
  for (int l = 0; l < 8; ++l) s += acc[l];
  return s;
}

// L y = b (unit diagonal), then U x = y: rows of A are contiguous, so each step is a
// vectorised dot product of a row with the part of y / x already known.
void substitute(int n, std::vector<std::vector<double>>& A, const std::vector<double>& b,
                std::vector<double>& x, std::vector<double>& y) {
  for (int i = 0; i < n; ++i) y[i] = b[i] - dot(A[i].data(), y.data(), i);
  for (int i = n - 1; i >= 0; --i)
    x[i] = (y[i] - dot(A[i].data() + i + 1, x.data() + i + 1, n - 1 - i)) / A[i][i];
}
}  // namespace

void kernel_ludcmp(int n, std::vector<std::vector<double>>& A, std::vector<double>& b,
                   std::vector<double>& x, std::vector<double>& y) {
  constexpr int B = 32;
  for (int k0 = 0; k0 < n; k0 += B) {
    const int k1 = std::min(n, k0 + B);
    for (int i = k0; i < k1; ++i) apply_rows(A, n, i, k0, i);
    for (int i = k1; i < n; ++i) apply_rows(A, n, i, k0, k1);
  }
  substitute(n, A, b, x, y);
}
