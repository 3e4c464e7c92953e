#include <vector>

/* 2mm: two chained matrix products, D := alpha*A*B*C + beta*D.
   A is ni x nk, B is nk x nj, C is nj x nl, D is ni x nl; tmp (ni x nj) receives
   alpha*A*B and is then multiplied by C and accumulated into beta*D. */
void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
                std::vector<std::vector<double>>& tmp, std::vector<std::vector<double>>& A,
                std::vector<std::vector<double>>& B, std::vector<std::vector<double>>& C,
                std::vector<std::vector<double>>& D) {
  // tmp = alpha * A * B
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (int k = 0; k < nk; k++) {
        tmp[i][j] += alpha * A[i][k] * B[k][j];
      }
    }
  }
  // D = beta * D + tmp * C
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (int k = 0; k < nj; k++) {
        D[i][j] += tmp[i][k] * C[k][j];
      }
    }
  }
}
