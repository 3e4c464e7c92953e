// WRONG (loop bound): the j loop stops before the diagonal (j < i), so C[i][i] is never
// updated.
#include <vector>
void kernel_syrk(int n, int m, double alpha, double beta, std::vector<std::vector<double>>& C,
                 std::vector<std::vector<double>>& A) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) {
      double s = 0.0;
      for (int k = 0; k < m; k++) s += A[i][k] * A[j][k];
      C[i][j] = beta * C[i][j] + alpha * s;
    }
}
