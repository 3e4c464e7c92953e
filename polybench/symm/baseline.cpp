#include <vector>

// symm: symmetric matrix multiply, C = alpha*A*B + beta*C, where A is an m x m symmetric
// matrix of which only the lower triangle (A[i][k] with k <= i) is stored and read, and
// B and C are m x n (vectors of rows). C is updated in place.
// Row i of the result gets the diagonal and lower-triangle terms when it is visited;
// the upper-triangle terms (A[k][i] = A[i][k] for k < i) are pushed into the earlier
// rows k of C at the same time.
void kernel_symm(int m, int n, double alpha, double beta, std::vector<std::vector<double>>& C,
                 std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B) {
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
