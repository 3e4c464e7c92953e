#include <vector>

/* seidel_2d: tsteps Gauss-Seidel sweeps of the 9-point average over the interior of an
   n x n grid (a vector of rows), in place. Each sweep visits rows i = 1 .. n-2 in order
   and, within a row, columns j = 1 .. n-2 in order, replacing A[i][j] by the mean of its
   3 x 3 neighbourhood: the neighbours above and to the left already hold this sweep's
   values, the others still hold the previous sweep's. The outer ring is fixed. */
void kernel_seidel_2d(int tsteps, int n, std::vector<std::vector<double>>& A) {
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i <= n - 2; i++) {
      for (int j = 1; j <= n - 2; j++) {
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] +
                   A[i][j - 1] + A[i][j] + A[i][j + 1] +
                   A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
      }
    }
  }
}
