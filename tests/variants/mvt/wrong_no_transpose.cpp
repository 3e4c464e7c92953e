// WRONG (missing transpose): computes x2 += A*y_2 instead of A^T*y_2 (the same only for a
// symmetric A).
#include <vector>
void kernel_mvt(int n, std::vector<double>& x1, std::vector<double>& x2,
                std::vector<double>& y_1, std::vector<double>& y_2,
                std::vector<std::vector<double>>& A) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double t = 0.0, u = 0.0;
    for (int j = 0; j < n; j++) {
      t += A[i][j] * y_1[j];
      u += A[i][j] * y_2[j];
    }
    x1[i] += t;
    x2[i] += u;
  }
}
