// WRONG (data race): parallelizes the row loop naively, so threads read-modify-write the
// shared y at once and updates are lost; y is also never cleared (it arrives dirty).
#include <vector>
void kernel_atax(int m, int n, std::vector<std::vector<double>>& A, std::vector<double>& x,
                 std::vector<double>& y, std::vector<double>& tmp) {
#pragma omp parallel for
  for (int i = 0; i < m; i++) {
    double t = 0.0;
    for (int j = 0; j < n; j++) t += A[i][j] * x[j];
    tmp[i] = t;
    for (int j = 0; j < n; j++) y[j] += A[i][j] * t;
  }
}
