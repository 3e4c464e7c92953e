// WRONG (missing scaling): forgets to divide the L entries by the pivot U[j][j].
#include <vector>
void kernel_lu(int n, std::vector<std::vector<double>>& A) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++)
      for (int k = 0; k < j; k++) A[i][j] -= A[i][k] * A[k][j];
#pragma omp parallel for
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++) A[i][j] -= A[i][k] * A[k][j];
  }
}
