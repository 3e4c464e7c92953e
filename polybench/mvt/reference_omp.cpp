#include <algorithm>
#include <vector>

// OpenMP reference for mvt. x1 = x1 + A*y_1: rows are split between threads, each row a
// dot product with eight independent partial sums. x2 = x2 + A^T*y_2: the columns are
// split into blocks of 256 and each thread walks all rows of A over its own block
// (contiguous, vectorized axpys, and each entry of x2 is written by exactly one thread,
// so there is no race and no reduction; any thread count works).
void kernel_mvt(int n, std::vector<double>& x1, std::vector<double>& x2,
                std::vector<double>& y_1, std::vector<double>& y_2,
                std::vector<std::vector<double>>& A) {
  const double* y1 = y_1.data();
  const double* y2 = y_2.data();
  double* x2p = x2.data();
  constexpr int CB = 256;
  const int cblocks = (n + CB - 1) / CB;
#pragma omp parallel
  {
#pragma omp for schedule(static) nowait
    for (int i = 0; i < n; ++i) {
      const double* a = A[i].data();
      double s[8] = {0};
      int j = 0;
      for (; j + 8 <= n; j += 8)
        for (int u = 0; u < 8; ++u) s[u] += a[j + u] * y1[j + u];
      double t = 0.0;
      for (int u = 0; u < 8; ++u) t += s[u];
      for (; j < n; ++j) t += a[j] * y1[j];
      x1[i] += t;
    }
#pragma omp for schedule(dynamic, 1)
    for (int b = 0; b < cblocks; ++b) {
      const int c0 = b * CB, c1 = std::min(n, c0 + CB);
      for (int r = 0; r < n; ++r) {
        const double* a = A[r].data();
        const double c = y2[r];
        for (int j = c0; j < c1; ++j) x2p[j] += a[j] * c;
      }
    }
  }
}
