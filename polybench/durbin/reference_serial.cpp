#include <vector>

// Serial reference for durbin. The recursion over k is inherently sequential (alpha_k
// needs every y of order k); what can be gained is inside one step:
//  - z is not needed: y[i] and y[k-1-i] are updated together as a pair, in place;
//  - the dot product of the next step, sum_{i<=k} r[k-i] * y_new[i], is accumulated
//    while y_new is produced, so every step makes one pass over y instead of three;
//  - the baseline's dot product is one dependent add chain (4 cycles per element); here
//    eight independent accumulators, loads staged into small arrays so g++ vectorises the
//    pair update (SLP) including the reversed half.
// All data (r, y: 2 x 32 KB at N = 4000) stays in L1/L2: arithmetic limits it.
void kernel_durbin(int n, std::vector<double>& r, std::vector<double>& y) {
  const double* R = r.data();
  double* Y = y.data();
  double alpha = -R[0];
  double beta = 1.0;
  Y[0] = -R[0];
  double sum = R[0] * Y[0];  // sum of step k = 1
  constexpr int L = 8;
  for (int k = 1; k < n; ++k) {
    beta = (1.0 - alpha * alpha) * beta;
    alpha = -(R[k] + sum) / beta;
    const int h = k / 2;  // pairs (i, k-1-i), i < h
    double acc[L] = {};
    int i = 0;
    for (; i + L <= h; i += L) {
      double lo[L], hi[L], rlo[L], rhi[L];
      for (int l = 0; l < L; ++l) lo[l] = Y[i + l];
      for (int l = 0; l < L; ++l) hi[l] = Y[k - 1 - i - l];
      for (int l = 0; l < L; ++l) rlo[l] = R[k - i - l];
      for (int l = 0; l < L; ++l) rhi[l] = R[1 + i + l];
      double nlo[L], nhi[L];
      for (int l = 0; l < L; ++l) {
        nlo[l] = lo[l] + alpha * hi[l];
        nhi[l] = hi[l] + alpha * lo[l];
        acc[l] += rlo[l] * nlo[l] + rhi[l] * nhi[l];
      }
      for (int l = 0; l < L; ++l) Y[i + l] = nlo[l];
      for (int l = 0; l < L; ++l) Y[k - 1 - i - l] = nhi[l];
    }
    double s = 0.0;
    for (; i < h; ++i) {
      const double a = Y[i], b = Y[k - 1 - i];
      const double na = a + alpha * b, nb = b + alpha * a;
      Y[i] = na;
      Y[k - 1 - i] = nb;
      s += R[k - i] * na + R[1 + i] * nb;
    }
    if (k & 1) {  // the middle element pairs with itself
      Y[h] += alpha * Y[h];
      s += R[k - h] * Y[h];
    }
    Y[k] = alpha;
    s += R[0] * alpha;
    for (int l = 0; l < L; ++l) s += acc[l];
    sum = s;  // sum of step k + 1
  }
}
