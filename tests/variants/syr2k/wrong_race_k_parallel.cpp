// WRONG (data race): parallelizes the k loop, so threads read-modify-write the same
// entries of row i of C at once and updates are lost.
#include <vector>
void kernel_syr2k(int n, int m, double alpha, double beta, std::vector<std::vector<double>>& C,
                  std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++) C[i][j] *= beta;
#pragma omp parallel for
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
}
