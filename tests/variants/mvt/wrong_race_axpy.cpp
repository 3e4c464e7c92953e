// WRONG (data race): turns x2 += A^T*y_2 into row-wise axpys and parallelizes over the
// rows, so threads read-modify-write the same x2 entries at once and updates are lost.
#include <vector>
void kernel_mvt(int n, std::vector<double>& x1, std::vector<double>& x2,
                std::vector<double>& y_1, std::vector<double>& y_2,
                std::vector<std::vector<double>>& A) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double t = 0.0;
    for (int j = 0; j < n; j++) t += A[i][j] * y_1[j];
    x1[i] += t;
    for (int j = 0; j < n; j++) x2[j] += A[i][j] * y_2[i];
  }
}
