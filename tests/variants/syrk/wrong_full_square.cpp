// WRONG (writes the upper triangle): updates all of C instead of the lower triangle,
// so the entries above the diagonal, which must stay unchanged, are overwritten.
#include <vector>
void kernel_syrk(int n, int m, double alpha, double beta, std::vector<std::vector<double>>& C,
                 std::vector<std::vector<double>>& A) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int k = 0; k < m; k++) s += A[i][k] * A[j][k];
      C[i][j] = beta * C[i][j] + alpha * s;
    }
}
