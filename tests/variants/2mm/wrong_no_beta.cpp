// WRONG (only right when D arrives zeroed or beta == 1): accumulates tmp*C into D without
// scaling D by beta first.
#include <vector>
void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
                std::vector<std::vector<double>>& tmp, std::vector<std::vector<double>>& A,
                std::vector<std::vector<double>>& B, std::vector<std::vector<double>>& C,
                std::vector<std::vector<double>>& D) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (int k = 0; k < nk; k++) tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
    for (int j = 0; j < nl; j++)
      for (int k = 0; k < nj; k++) D[i][j] += tmp[i][k] * C[k][j];
  }
}
