// WRONG (data race): parallelizes the row loop of the in-place update, so row i may read
// rows k > i that another thread has already overwritten.
#include <vector>
void kernel_trmm(int m, int n, double alpha, std::vector<std::vector<double>>& A,
                 std::vector<std::vector<double>>& B) {
#pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      for (int k = i + 1; k < m; k++) B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}
