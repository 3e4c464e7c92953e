#include <vector>

// gemm: C = alpha*A*B + beta*C, where A is ni x nk, B is nk x nj and C is ni x nj
// (vectors of rows). Each row of C is first scaled by beta, then the products
// alpha*A[i][k]*B[k][j] are accumulated into it, one k at a time.
void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                 std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B,
                 std::vector<std::vector<double>>& C) {
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++) C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++) C[i][j] += alpha * A[i][k] * B[k][j];
  }
}
