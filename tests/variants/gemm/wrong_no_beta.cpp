// WRONG (ignores beta): accumulates alpha*A*B into C without scaling C by beta first.
#include <vector>
void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                 std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B,
                 std::vector<std::vector<double>>& C) {
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++) C[i][j] += alpha * A[i][k] * B[k][j];
}
