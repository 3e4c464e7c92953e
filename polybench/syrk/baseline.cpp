#include <vector>

// syrk: symmetric rank-k update, C = alpha*A*A^T + beta*C, on the lower triangle only.
// A is n x m and C is n x n (vectors of rows). Only the entries C[i][j] with j <= i are
// computed (scaled by beta, then A[i][:].A[j][:] * alpha added); the strict upper
// triangle of C is left as it is.
void kernel_syrk(int n, int m, double alpha, double beta, std::vector<std::vector<double>>& C,
                 std::vector<std::vector<double>>& A) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++) C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++) C[i][j] += alpha * A[i][k] * A[j][k];
  }
}
