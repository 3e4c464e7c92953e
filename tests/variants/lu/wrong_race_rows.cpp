// WRONG (loop-carried dependence): parallelizes the row loop i, but row i needs the
// finished rows k < i of U, which other threads are still computing.
#include <vector>
void kernel_lu(int n, std::vector<std::vector<double>>& A) {
#pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++) A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++) A[i][j] -= A[i][k] * A[k][j];
  }
}
