// WRONG (half the update): adds only alpha*A*B^T and forgets the alpha*B*A^T term.
#include <vector>
void kernel_syr2k(int n, int m, double alpha, double beta, std::vector<std::vector<double>>& C,
                  std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++) C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++) C[i][j] += 2.0 * alpha * A[j][k] * B[i][k];
  }
}
