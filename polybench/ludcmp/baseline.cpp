#include <vector>

/* ludcmp: solve A x = b through an LU factorization without pivoting. A (n x n, a vector
   of rows) is overwritten in place with L (strictly lower part, unit diagonal not stored)
   and U (upper part with the diagonal); then L y = b is solved by forward substitution
   and U x = y by back substitution. b is an input only; A, x and y are outputs. */
void kernel_ludcmp(int n, std::vector<std::vector<double>>& A, std::vector<double>& b,
                   std::vector<double>& x, std::vector<double>& y) {
  for (int i = 0; i < n; i++) {
    // L[i][j] = (A[i][j] - sum_{k<j} L[i][k] U[k][j]) / U[j][j]
    for (int j = 0; j < i; j++) {
      double w = A[i][j];
      for (int k = 0; k < j; k++) {
        w -= A[i][k] * A[k][j];
      }
      A[i][j] = w / A[j][j];
    }
    // U[i][j] = A[i][j] - sum_{k<i} L[i][k] U[k][j]
    for (int j = i; j < n; j++) {
      double w = A[i][j];
      for (int k = 0; k < i; k++) {
        w -= A[i][k] * A[k][j];
      }
      A[i][j] = w;
    }
  }
  // forward substitution: L y = b (unit diagonal)
  for (int i = 0; i < n; i++) {
    double w = b[i];
    for (int j = 0; j < i; j++) {
      w -= A[i][j] * y[j];
    }
    y[i] = w;
  }
  // back substitution: U x = y
  for (int i = n - 1; i >= 0; i--) {
    double w = y[i];
    for (int j = i + 1; j < n; j++) {
      w -= A[i][j] * x[j];
    }
    x[i] = w / A[i][i];
  }
}
