// WRONG (data race): parallelises the row loop of each sweep, but row i needs row i-1's
// values of the same sweep (and row i+1's of the previous one), which another thread
// is computing: rows at the chunk boundaries read the wrong generation.
#include <vector>
void kernel_seidel_2d(int tsteps, int n, std::vector<std::vector<double>>& A) {
  for (int t = 0; t < tsteps; t++) {
#pragma omp parallel for schedule(static)
    for (int i = 1; i <= n - 2; i++)
      for (int j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] +
                   A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
  }
}
