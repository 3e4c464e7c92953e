#include <algorithm>
#include <vector>
#include <omp.h>

// OpenMP reference for gemver: the serial reference's two row-wise passes, parallelized
// without races.
// - Pass 1 (A update fused with x += beta*A^T*y): threads own disjoint column blocks of
//   A and x, and each walks all rows over its block; every x[j] is written by one thread
//   only and still sums the rows in increasing order.
// - Pass 2 (w = w + alpha*A*x): threads own disjoint rows of A and entries of w.
void kernel_gemver(int n, double alpha, double beta, std::vector<std::vector<double>>& A,
                   std::vector<double>& u1, std::vector<double>& v1, std::vector<double>& u2,
                   std::vector<double>& v2, std::vector<double>& w, std::vector<double>& x,
                   std::vector<double>& y, std::vector<double>& z) {
  double* xp = x.data();
  const double* v1p = v1.data();
  const double* v2p = v2.data();
#pragma omp parallel
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    // column blocks aligned to 8 doubles (one cache line) so threads never share a line
    const int blocks = (n + 7) / 8;
    const int j0 = std::min(n, 8 * (blocks * t / nt)), j1 = std::min(n, 8 * (blocks * (t + 1) / nt));
    for (int i = 0; i < n; i++) {
      double* a = A[i].data();
      const double p = u1[i], q = u2[i], by = beta * y[i];
#pragma omp simd
      for (int j = j0; j < j1; j++) {
        const double aij = a[j] + p * v1p[j] + q * v2p[j];
        a[j] = aij;
        xp[j] += by * aij;
      }
    }
    for (int j = j0; j < j1; j++) xp[j] += z[j];
#pragma omp barrier
#pragma omp for schedule(static)
    for (int i = 0; i < n; i++) {
      const double* a = A[i].data();
      double s = 0.0;
#pragma omp simd reduction(+ : s)
      for (int j = 0; j < n; j++) s += a[j] * xp[j];
      w[i] += alpha * s;
    }
  }
}
