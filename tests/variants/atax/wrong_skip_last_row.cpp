// WRONG (off by one): the parallel row loop stops at m-1, so the last row of A is
// never used and tmp[m-1] is never written.
#include <vector>
void kernel_atax(int m, int n, std::vector<std::vector<double>>& A, std::vector<double>& x,
                 std::vector<double>& y, std::vector<double>& tmp) {
#pragma omp parallel for
  for (int i = 0; i < m - 1; i++) {
    double t = 0.0;
    for (int j = 0; j < n; j++) t += A[i][j] * x[j];
    tmp[i] = t;
  }
#pragma omp parallel for
  for (int j = 0; j < n; j++) {
    double s = 0.0;
    for (int i = 0; i < m - 1; i++) s += A[i][j] * tmp[i];
    y[j] = s;
  }
}
