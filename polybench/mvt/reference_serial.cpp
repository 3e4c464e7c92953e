#include <vector>

// Serial reference for mvt: one pass over A, row by row. Row i gives x1[i] += A[i]*y_1
// (a dot product with eight independent partial sums, so it vectorizes) and adds
// A[i][:]*y_2[i] to x2 (a contiguous, vectorized axpy), instead of the baseline's second
// pass that walks A down its columns (one cache line per element for large n).
void kernel_mvt(int n, std::vector<double>& x1, std::vector<double>& x2,
                std::vector<double>& y_1, std::vector<double>& y_2,
                std::vector<std::vector<double>>& A) {
  const double* y1 = y_1.data();
  double* x2p = x2.data();
  for (int i = 0; i < n; ++i) {
    const double* a = A[i].data();
    const double c = y_2[i];
    double s[8] = {0};
    int j = 0;
    for (; j + 8 <= n; j += 8)
      for (int u = 0; u < 8; ++u) {
        s[u] += a[j + u] * y1[j + u];
        x2p[j + u] += a[j + u] * c;
      }
    double t = 0.0;
    for (int u = 0; u < 8; ++u) t += s[u];
    for (; j < n; ++j) {
      t += a[j] * y1[j];
      x2p[j] += a[j] * c;
    }
    x1[i] += t;
  }
}
