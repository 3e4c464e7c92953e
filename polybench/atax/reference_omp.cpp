#include <vector>
#include <omp.h>

// OpenMP reference for atax: the rows of A are split between threads (static schedule).
// Each row's dot product with x uses eight independent partial sums; each thread adds
// its rows' contributions A[i][:]*tmp[i] to a private copy of y, and the private copies
// are summed at the end (a reduction: no shared writes, any thread count works).
namespace {
inline double dot(const double* a, const double* x, int n) {
  double s[8] = {0};
  int j = 0;
  for (; j + 8 <= n; j += 8)
    for (int u = 0; u < 8; ++u) s[u] += a[j + u] * x[j + u];
  double t = 0.0;
  for (int u = 0; u < 8; ++u) t += s[u];
  for (; j < n; ++j) t += a[j] * x[j];
  return t;
}
}  // namespace

void kernel_atax(int m, int n, std::vector<std::vector<double>>& A, std::vector<double>& x,
                 std::vector<double>& y, std::vector<double>& tmp) {
  const int maxt = omp_get_max_threads();
  std::vector<double> ypriv(size_t(maxt) * n);
  const double* xp = x.data();
#pragma omp parallel
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    double* yl = ypriv.data() + size_t(t) * n;
    for (int j = 0; j < n; ++j) yl[j] = 0.0;
#pragma omp for schedule(static)
    for (int i = 0; i < m; ++i) {
      const double* a = A[i].data();
      const double ti = dot(a, xp, n);
      tmp[i] = ti;
      for (int j = 0; j < n; ++j) yl[j] += a[j] * ti;
    }
#pragma omp for schedule(static)
    for (int j = 0; j < n; ++j) {
      double s = 0.0;
      for (int u = 0; u < nt; ++u) s += ypriv[size_t(u) * n + j];
      y[j] = s;
    }
  }
}
