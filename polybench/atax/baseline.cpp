#include <vector>

/* atax: y := A^T * (A * x).
   A is m x n (a vector of m rows), x has n entries. tmp (m entries) receives A*x and
   y (n entries) receives A^T * tmp. */
void kernel_atax(int m, int n, std::vector<std::vector<double>>& A, std::vector<double>& x,
                 std::vector<double>& y, std::vector<double>& tmp) {
  for (int j = 0; j < n; j++) y[j] = 0.0;
  for (int i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (int j = 0; j < n; j++) {
      tmp[i] += A[i][j] * x[j];
    }
    for (int j = 0; j < n; j++) {
      y[j] += A[i][j] * tmp[i];
    }
  }
}
