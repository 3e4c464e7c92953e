#include <vector>

/* jacobi_2d: tsteps time steps of the 2-D Jacobi 5-point average on n x n grids (vectors
   of rows). Each time step makes two half-steps over the interior 1 .. n-2 in both
   dimensions (the outer ring is a fixed boundary): B <- 0.2 * (centre + 4 neighbours of
   A), then A <- 0.2 * (centre + 4 neighbours of B). */
void kernel_jacobi_2d(int tsteps, int n, std::vector<std::vector<double>>& A,
                      std::vector<std::vector<double>>& B) {
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++) {
      for (int j = 1; j < n - 1; j++) {
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
      }
    }
    for (int i = 1; i < n - 1; i++) {
      for (int j = 1; j < n - 1; j++) {
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
      }
    }
  }
}
