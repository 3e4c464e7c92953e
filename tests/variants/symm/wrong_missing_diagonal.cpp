// WRONG (missing term): leaves out the diagonal term alpha*A[i][i]*B[i][j].
#include <vector>
void kernel_symm(int m, int n, double alpha, double beta, std::vector<std::vector<double>>& C,
                 std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double temp2 = 0.0;
      for (int k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * temp2;
    }
}
