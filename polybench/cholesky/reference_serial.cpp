#include <algorithm>
#include <cmath>
#include <vector>

// Serial reference for cholesky: the same row-by-row (Cholesky-Banachiewicz) formulas as
// the baseline, but the dot products L[i][0..j) . L[j][0..j) use eight independent
// partial sums (the baseline's single accumulator is a dependent add chain kept in
// memory), and four columns j..j+3 of row i share each load of L[i][k]. Blocked by 32
// columns: the rows of a block are finished first, then the block's columns of all
// later rows are formed while those rows of L are hot in cache.
namespace {
// Dot products of a[0..len) with four rows b0..b3 at once: a is loaded once for all four,
// and each product keeps eight independent partial sums so the loop vectorizes.
inline void dot4(const double* a, const double* b0, const double* b1, const double* b2,
                 const double* b3, int len, double out[4]) {
  double s0[8] = {0}, s1[8] = {0}, s2[8] = {0}, s3[8] = {0};
  int k = 0;
  for (; k + 8 <= len; k += 8)
    for (int u = 0; u < 8; ++u) {
      const double x = a[k + u];
      s0[u] += x * b0[k + u];
      s1[u] += x * b1[k + u];
      s2[u] += x * b2[k + u];
      s3[u] += x * b3[k + u];
    }
  double t0 = 0, t1 = 0, t2 = 0, t3 = 0;
  for (int u = 0; u < 8; ++u) {
    t0 += s0[u];
    t1 += s1[u];
    t2 += s2[u];
    t3 += s3[u];
  }
  for (; k < len; ++k) {
    t0 += a[k] * b0[k];
    t1 += a[k] * b1[k];
    t2 += a[k] * b2[k];
    t3 += a[k] * b3[k];
  }
  out[0] = t0;
  out[1] = t1;
  out[2] = t2;
  out[3] = t3;
}

inline double dot1(const double* a, const double* b, int len) {
  double s[8] = {0};
  int k = 0;
  for (; k + 8 <= len; k += 8)
    for (int u = 0; u < 8; ++u) s[u] += a[k + u] * b[k + u];
  double t = 0;
  for (int u = 0; u < 8; ++u) t += s[u];
  for (; k < len; ++k) t += a[k] * b[k];
  return t;
}

// Columns [jb, je) of row i of L: four columns j..j+3 at a time share one pass over
// L[i][0..j); the small triangle k in [j, j+t) that the four columns need from each
// other is done afterwards. Columns below jb must already be final. With diag (and
// je == i) the diagonal entry L[i][i] is finished too.
void factor_cols(std::vector<std::vector<double>>& A, int i, int jb, int je, bool diag) {
  double* ai = A[i].data();
  int j = jb;
  for (; j + 4 <= je; j += 4) {
    const double* b[4] = {A[j].data(), A[j + 1].data(), A[j + 2].data(), A[j + 3].data()};
    double s[4];
    dot4(ai, b[0], b[1], b[2], b[3], j, s);
    for (int t = 0; t < 4; ++t) {
      double v = ai[j + t] - s[t];
      for (int k = j; k < j + t; ++k) v -= ai[k] * b[t][k];
      ai[j + t] = v / b[t][j + t];
    }
  }
  for (; j < je; ++j) {
    const double* bj = A[j].data();
    ai[j] = (ai[j] - dot1(ai, bj, j)) / bj[j];
  }
  if (diag) ai[i] = std::sqrt(ai[i] - dot1(ai, ai, i));
}
}  // namespace

void kernel_cholesky(int n, std::vector<std::vector<double>>& A) {
  constexpr int B = 32;
  for (int k0 = 0; k0 < n; k0 += B) {
    const int k1 = std::min(n, k0 + B);
    for (int i = k0; i < k1; ++i) factor_cols(A, i, k0, i, true);
    for (int i = k1; i < n; ++i) factor_cols(A, i, k0, k1, false);
  }
}
