// WRONG (one half-step per time step): replaces the copy-back half-step by swapping the
// grids, so only tsteps half-steps are made instead of 2*tsteps, and B ends up holding
// the previous half-step.
#include <utility>
#include <vector>
void kernel_jacobi_2d(int tsteps, int n, std::vector<std::vector<double>>& A,
                      std::vector<std::vector<double>>& B) {
  for (int t = 0; t < tsteps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    std::swap(A, B);
  }
}
