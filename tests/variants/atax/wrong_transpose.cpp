// WRONG (transposed access): computes y = A^T*(A*x) but forms the second product with
// A[j][i] (A times tmp) over the square leading block, as if A were square.
#include <vector>
void kernel_atax(int m, int n, std::vector<std::vector<double>>& A, std::vector<double>& x,
                 std::vector<double>& y, std::vector<double>& tmp) {
#pragma omp parallel for
  for (int i = 0; i < m; i++) {
    double t = 0.0;
    for (int j = 0; j < n; j++) t += A[i][j] * x[j];
    tmp[i] = t;
  }
#pragma omp parallel for
  for (int j = 0; j < n; j++) {
    double s = 0.0;
    for (int i = 0; i < m && j < m && i < n; i++) s += A[j][i] * tmp[i];
    y[j] = s;
  }
}
