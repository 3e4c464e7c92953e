#include <cmath>
#include <vector>

/* gramschmidt: QR decomposition of an m x n matrix A (m >= n, vectors of rows) by
   modified Gram-Schmidt. For each column k in turn: R[k][k] is the norm of column k of
   A, column k of Q is that column divided by R[k][k], and then, for every later column
   j, R[k][j] is the dot product of Q's column k with A's column j and that component is
   removed from A's column j. A is overwritten (column k ends up as R[k][k] times Q's
   column k); R's upper triangle (n x n) and Q (m x n) are written. */
void kernel_gramschmidt(int m, int n, std::vector<std::vector<double>>& A,
                        std::vector<std::vector<double>>& R,
                        std::vector<std::vector<double>>& Q) {
  for (int k = 0; k < n; k++) {
    double nrm = 0.0;
    for (int i = 0; i < m; i++) {
      nrm += A[i][k] * A[i][k];
    }
    R[k][k] = std::sqrt(nrm);
    for (int i = 0; i < m; i++) {
      Q[i][k] = A[i][k] / R[k][k];
    }
    for (int j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (int i = 0; i < m; i++) {
        R[k][j] += Q[i][k] * A[i][j];
      }
      for (int i = 0; i < m; i++) {
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
      }
    }
  }
}
