#include <cmath>
#include <vector>

/* cholesky: in-place Cholesky factorization A = L * L^T of a symmetric positive-definite
   n x n matrix (a vector of rows). Row by row, the lower triangle (diagonal included) is
   overwritten with L; the strictly upper triangle is not touched. */
void kernel_cholesky(int n, std::vector<std::vector<double>>& A) {
  for (int i = 0; i < n; i++) {
    // off-diagonal entries of row i: L[i][j] = (A[i][j] - sum_k L[i][k] L[j][k]) / L[j][j]
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++) {
        A[i][j] -= A[i][k] * A[j][k];
      }
      A[i][j] /= A[j][j];
    }
    // diagonal entry: L[i][i] = sqrt(A[i][i] - sum_k L[i][k]^2)
    for (int k = 0; k < i; k++) {
      A[i][i] -= A[i][k] * A[i][k];
    }
    A[i][i] = std::sqrt(A[i][i]);
  }
}
