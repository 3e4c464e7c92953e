// WRONG (dimension mix-up): the F = C*D product sums over nk instead of nm (the two agree
// only when nk == nm).
#include <vector>
void kernel_3mm(int ni, int nj, int nk, int nl, int nm, std::vector<std::vector<double>>& E,
                std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B,
                std::vector<std::vector<double>>& F, std::vector<std::vector<double>>& C,
                std::vector<std::vector<double>>& D, std::vector<std::vector<double>>& G) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      double s = 0.0;
      for (int k = 0; k < nk; k++) s += A[i][k] * B[k][j];
      E[i][j] = s;
    }
#pragma omp parallel for
  for (int i = 0; i < nj; i++)
    for (int j = 0; j < nl; j++) {
      double s = 0.0;
      for (int k = 0; k < nk && k < nm; k++) s += C[i][k] * D[k][j];
      F[i][j] = s;
    }
#pragma omp parallel for
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      double s = 0.0;
      for (int k = 0; k < nj; k++) s += E[i][k] * F[k][j];
      G[i][j] = s;
    }
}
