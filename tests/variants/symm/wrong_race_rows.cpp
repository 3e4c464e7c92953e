// WRONG (data race): parallelizes the outer loop of the original nest, but iteration i
// also adds into the earlier rows C[k][j] (k < i), which other threads update at the
// same time, and row i may be rescaled by beta after another thread added into it.
#include <vector>
void kernel_symm(int m, int n, double alpha, double beta, std::vector<std::vector<double>>& C,
                 std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B) {
#pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double temp2 = 0.0;
      for (int k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
}
