// WRONG (writes the upper triangle): updates all of C, so the entries above the
// diagonal, which must stay unchanged, are overwritten.
#include <vector>
void kernel_syr2k(int n, int m, double alpha, double beta, std::vector<std::vector<double>>& C,
                  std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
}
