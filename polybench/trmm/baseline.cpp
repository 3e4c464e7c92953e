#include <vector>

// trmm: triangular matrix multiply, B = alpha * A^T * B, in place. A is m x m and unit
// lower triangular: only its strict lower triangle (A[k][i] with k > i) is read, the
// diagonal is taken as 1 and the upper triangle is ignored. B is m x n (vectors of rows).
// Row i of the result needs the old rows k > i of B, which are still unchanged when the
// rows are visited in increasing order.
void kernel_trmm(int m, int n, double alpha, std::vector<std::vector<double>>& A,
                 std::vector<std::vector<double>>& B) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      for (int k = i + 1; k < m; k++) B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}
