// WRONG (missing term): the second difference along k is left out (a 2-D Laplacian on
// every plane instead of the 3-D one).
#include <vector>
using T3 = std::vector<std::vector<std::vector<double>>>;
void kernel_heat_3d(int tsteps, int n, T3& A, T3& B) {
  for (int t = 1; t <= tsteps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) +
                       0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) + A[i][j][k];
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) +
                       0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k]) + B[i][j][k];
  }
}
