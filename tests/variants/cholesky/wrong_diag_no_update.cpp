// WRONG (missing update): the diagonal is the square root of the original A[i][i],
// without subtracting the squares of the row's off-diagonal entries of L.
#include <cmath>
#include <vector>
void kernel_cholesky(int n, std::vector<std::vector<double>>& A) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++) A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    A[i][i] = std::sqrt(A[i][i]);
  }
}
