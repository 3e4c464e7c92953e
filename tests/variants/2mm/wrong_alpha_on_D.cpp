// WRONG (scratch output): applies alpha in the second product instead of the first, so
// D is right but tmp holds A*B rather than alpha*A*B (tmp is an output and is compared).
#include <vector>
void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
                std::vector<std::vector<double>>& tmp, std::vector<std::vector<double>>& A,
                std::vector<std::vector<double>>& B, std::vector<std::vector<double>>& C,
                std::vector<std::vector<double>>& D) {
#pragma omp parallel for
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++) {
      double s = 0.0;
      for (int k = 0; k < nk; k++) s += A[i][k] * B[k][j];
      tmp[i][j] = s;
    }
    for (int j = 0; j < nl; j++) {
      double s = 0.0;
      for (int k = 0; k < nj; k++) s += tmp[i][k] * C[k][j];
      D[i][j] = beta * D[i][j] + alpha * s;
    }
  }
}
