#include <vector>

// syr2k: symmetric rank-2k update, C = alpha*A*B^T + alpha*B*A^T + beta*C, on the lower
// triangle only. A and B are n x m and C is n x n (vectors of rows). Only the entries
// C[i][j] with j <= i are computed (scaled by beta, then
// alpha*(A[j][:].B[i][:] + B[j][:].A[i][:]) added); the strict upper triangle of C is
// left as it is.
void kernel_syr2k(int n, int m, double alpha, double beta, std::vector<std::vector<double>>& C,
                  std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++) C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
}
