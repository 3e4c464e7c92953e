// WRONG (unit diagonal not implied): starts the k loop at i, multiplying by the stored
// diagonal A[i][i] instead of taking it as 1.
#include <vector>
void kernel_trmm(int m, int n, double alpha, std::vector<std::vector<double>>& A,
                 std::vector<std::vector<double>>& B) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double s = A[i][i] * B[i][j];
      for (int k = i + 1; k < m; k++) s += A[k][i] * B[k][j];
      B[i][j] = alpha * s;
    }
}
