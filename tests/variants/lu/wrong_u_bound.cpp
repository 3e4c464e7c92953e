// WRONG (off by one): the U part of each row stops at column n-2, so the last column
// of U never receives its updates.
#include <vector>
void kernel_lu(int n, std::vector<std::vector<double>>& A) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++) A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
#pragma omp parallel for
    for (int j = i; j < n - 1; j++)
      for (int k = 0; k < i; k++) A[i][j] -= A[i][k] * A[k][j];
  }
}
