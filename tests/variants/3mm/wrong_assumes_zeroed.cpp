// WRONG (only right when the outputs arrive zeroed): accumulates the products into E, F
// and G in i-k-j order without clearing them first.
#include <vector>
void kernel_3mm(int ni, int nj, int nk, int nl, int nm, std::vector<std::vector<double>>& E,
                std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B,
                std::vector<std::vector<double>>& F, std::vector<std::vector<double>>& C,
                std::vector<std::vector<double>>& D, std::vector<std::vector<double>>& G) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++) E[i][j] += A[i][k] * B[k][j];
#pragma omp parallel for
  for (int i = 0; i < nj; i++)
    for (int k = 0; k < nm; k++)
      for (int j = 0; j < nl; j++) F[i][j] += C[i][k] * D[k][j];
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nj; k++)
      for (int j = 0; j < nl; j++) G[i][j] += E[i][k] * F[k][j];
}
