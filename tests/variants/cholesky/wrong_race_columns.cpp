// WRONG (loop-carried dependence): parallelizes the column loop j of each row, but
// L[i][j] needs L[i][k] for all k < j of the same row, which other threads are still
// computing, so entries are formed from stale values.
#include <cmath>
#include <vector>
void kernel_cholesky(int n, std::vector<std::vector<double>>& A) {
  for (int i = 0; i < n; i++) {
#pragma omp parallel for schedule(static)
    for (int j = 0; j < i; j++) {
      double v = A[i][j];
      for (int k = 0; k < j; k++) v -= A[i][k] * A[j][k];
      A[i][j] = v / A[j][j];
    }
    for (int k = 0; k < i; k++) A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = std::sqrt(A[i][i]);
  }
}
