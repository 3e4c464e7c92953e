#include <vector>

/* heat_3d: tsteps explicit time steps of the 3-D heat equation on n x n x n grids
   (nested vectors). Each time step makes two half-steps over the interior 1 .. n-2 in
   all three dimensions (the outer faces are fixed boundary values):
   B <- A + 0.125 * (second differences of A along i, j and k), then the same from B
   into A. */
void kernel_heat_3d(int tsteps, int n, std::vector<std::vector<std::vector<double>>>& A,
                    std::vector<std::vector<std::vector<double>>>& B) {
  for (int t = 1; t <= tsteps; t++) {
    for (int i = 1; i < n - 1; i++) {
      for (int j = 1; j < n - 1; j++) {
        for (int k = 1; k < n - 1; k++) {
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) +
                       0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) +
                       0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) +
                       A[i][j][k];
        }
      }
    }
    for (int i = 1; i < n - 1; i++) {
      for (int j = 1; j < n - 1; j++) {
        for (int k = 1; k < n - 1; k++) {
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) +
                       0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k]) +
                       0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]) +
                       B[i][j][k];
        }
      }
    }
  }
}
