// WRONG (reads the unstored triangle): treats A as a full matrix, C = alpha*A*B + beta*C
// with A[i][k] for all k, although only the lower triangle holds the symmetric matrix.
#include <vector>
void kernel_symm(int m, int n, double alpha, double beta, std::vector<std::vector<double>>& C,
                 std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B) {
#pragma omp parallel for
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < n; j++) C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j < n; j++) C[i][j] += alpha * A[i][k] * B[k][j];
  }
}
