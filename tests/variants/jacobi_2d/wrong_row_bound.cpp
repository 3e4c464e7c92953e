// WRONG (off by one): the row loops stop at n-3, so the last interior row is never
// updated in either grid.
#include <vector>
void kernel_jacobi_2d(int tsteps, int n, std::vector<std::vector<double>>& A,
                      std::vector<std::vector<double>>& B) {
  for (int t = 0; t < tsteps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 2; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
#pragma omp parallel for
    for (int i = 1; i < n - 2; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}
