#include <vector>

// Serial reference for gemver: two passes over A instead of three, all along rows.
// - The baseline's x = x + beta*A^T*y walks A down columns (one cache line per element
//   with rows of 32 KB). Here x is accumulated row by row instead: right after row i of
//   A is updated (while it is still in cache), x += (beta*y[i]) * A[i][:], a contiguous,
//   vectorized axpy. Each x[j] still sums over rows in increasing order.
// - w = w + alpha*A*x is a row-wise dot product with several partial sums.
void kernel_gemver(int n, double alpha, double beta, std::vector<std::vector<double>>& A,
                   std::vector<double>& u1, std::vector<double>& v1, std::vector<double>& u2,
                   std::vector<double>& v2, std::vector<double>& w, std::vector<double>& x,
                   std::vector<double>& y, std::vector<double>& z) {
  double* xp = x.data();
  const double* v1p = v1.data();
  const double* v2p = v2.data();
  for (int i = 0; i < n; i++) {
    double* a = A[i].data();
    const double p = u1[i], q = u2[i], by = beta * y[i];
#pragma omp simd
    for (int j = 0; j < n; j++) {
      const double aij = a[j] + p * v1p[j] + q * v2p[j];
      a[j] = aij;
      xp[j] += by * aij;
    }
  }
  for (int i = 0; i < n; i++) xp[i] += z[i];
  for (int i = 0; i < n; i++) {
    const double* a = A[i].data();
    double s = 0.0;
#pragma omp simd reduction(+ : s)
    for (int j = 0; j < n; j++) s += a[j] * xp[j];
    w[i] += alpha * s;
  }
}
