#include <vector>

// Serial reference for atax: row by row as in the baseline, but the dot product of a
// row with x uses eight independent partial sums (the baseline's single accumulator is a
// dependent add chain that cannot be vectorized without reassociation); the update of y
// with A[i][:]*tmp[i] already vectorizes.
void kernel_atax(int m, int n, std::vector<std::vector<double>>& A, std::vector<double>& x,
                 std::vector<double>& y, std::vector<double>& tmp) {
  double* yp = y.data();
  const double* xp = x.data();
  for (int j = 0; j < n; j++) yp[j] = 0.0;
  for (int i = 0; i < m; ++i) {
    const double* a = A[i].data();
    double s[8] = {0};
    int j = 0;
    for (; j + 8 <= n; j += 8)
      for (int u = 0; u < 8; ++u) s[u] += a[j + u] * xp[j + u];
    double t = 0.0;
    for (int u = 0; u < 8; ++u) t += s[u];
    for (; j < n; ++j) t += a[j] * xp[j];
    tmp[i] = t;
    for (j = 0; j < n; ++j) yp[j] += a[j] * t;
  }
}
