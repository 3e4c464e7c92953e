// WRONG (off by one): the first product's inner loop stops at nk-1, dropping the last
// column of A and the last row of B.
#include <vector>
void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
                std::vector<std::vector<double>>& tmp, std::vector<std::vector<double>>& A,
                std::vector<std::vector<double>>& B, std::vector<std::vector<double>>& C,
                std::vector<std::vector<double>>& D) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (int k = 0; k < nk - 1; k++) tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  }
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (int k = 0; k < nj; k++) D[i][j] += tmp[i][k] * C[k][j];
    }
}
