#include <vector>

/* lu: in-place LU factorization A = L * U without pivoting of an n x n matrix (a vector
   of rows). Row by row, the strictly lower part is overwritten with L (its unit diagonal
   is not stored) and the upper part, diagonal included, with U. */
void kernel_lu(int n, std::vector<std::vector<double>>& A) {
  for (int i = 0; i < n; i++) {
    // L[i][j] = (A[i][j] - sum_{k<j} L[i][k] U[k][j]) / U[j][j]
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++) {
        A[i][j] -= A[i][k] * A[k][j];
      }
      A[i][j] /= A[j][j];
    }
    // U[i][j] = A[i][j] - sum_{k<i} L[i][k] U[k][j]
    for (int j = i; j < n; j++) {
      for (int k = 0; k < i; k++) {
        A[i][j] -= A[i][k] * A[k][j];
      }
    }
  }
}
