// WRONG (Jacobi instead of Gauss-Seidel): to parallelise, every sweep reads a copy of
// the previous sweep's grid, so no point sees its upper and left neighbours' new values.
#include <vector>
void kernel_seidel_2d(int tsteps, int n, std::vector<std::vector<double>>& A) {
  std::vector<std::vector<double>> old;
  for (int t = 0; t < tsteps; t++) {
    old = A;
#pragma omp parallel for
    for (int i = 1; i <= n - 2; i++)
      for (int j = 1; j <= n - 2; j++)
        A[i][j] = (old[i - 1][j - 1] + old[i - 1][j] + old[i - 1][j + 1] + old[i][j - 1] +
                   old[i][j] + old[i][j + 1] + old[i + 1][j - 1] + old[i + 1][j] +
                   old[i + 1][j + 1]) / 9.0;
  }
}
