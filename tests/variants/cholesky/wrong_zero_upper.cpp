// WRONG (writes outside the factor): returns a clean L by zeroing the strictly upper
// triangle, which the kernel must leave untouched.
#include <cmath>
#include <vector>
void kernel_cholesky(int n, std::vector<std::vector<double>>& A) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++) A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    for (int k = 0; k < i; k++) A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = std::sqrt(A[i][i]);
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) A[i][j] = 0.0;
}
