// WRONG (loop bound): the k loop runs to nj instead of nk, so for nj < nk the last
// columns of A / rows of B are never used.
#include <vector>
void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                 std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B,
                 std::vector<std::vector<double>>& C) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++) C[i][j] *= beta;
    for (int k = 0; k < nj && k < nk; k++)
      for (int j = 0; j < nj; j++) C[i][j] += alpha * A[i][k] * B[k][j];
  }
}
