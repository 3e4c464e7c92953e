// WRONG (data race): parallelizes the k loop, so several threads read-modify-write the
// same row of C at once and updates are lost.
#include <vector>
void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                 std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B,
                 std::vector<std::vector<double>>& C) {
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++) C[i][j] *= beta;
#pragma omp parallel for
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++) C[i][j] += alpha * A[i][k] * B[k][j];
  }
}
