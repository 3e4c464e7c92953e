// WRONG (in-place hazard): visits the rows from the bottom up (a cache-friendlier order
// for the column walk, one might think), so row i reads rows k > i that were already
// overwritten with their results.
#include <vector>
void kernel_trmm(int m, int n, double alpha, std::vector<std::vector<double>>& A,
                 std::vector<std::vector<double>>& B) {
  for (int i = m - 1; i >= 0; i--)
    for (int j = 0; j < n; j++) {
      for (int k = i + 1; k < m; k++) B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}
