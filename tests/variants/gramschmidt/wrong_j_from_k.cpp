// WRONG (off by one in the triangular loop): the projection loop starts at j = k, so
// column k is projected onto its own direction and A's column k is left ~0 instead of
// R[k][k] * Q[:, k].
#include <cmath>
#include <vector>
void kernel_gramschmidt(int m, int n, std::vector<std::vector<double>>& A,
                        std::vector<std::vector<double>>& R,
                        std::vector<std::vector<double>>& Q) {
  for (int k = 0; k < n; k++) {
    double nrm = 0.0;
    for (int i = 0; i < m; i++) nrm += A[i][k] * A[i][k];
    R[k][k] = std::sqrt(nrm);
    for (int i = 0; i < m; i++) Q[i][k] = A[i][k] / R[k][k];
#pragma omp parallel for
    for (int j = k; j < n; j++) {
      double s = 0.0;
      for (int i = 0; i < m; i++) s += Q[i][k] * A[i][j];
      R[k][j] = s;
      for (int i = 0; i < m; i++) A[i][j] -= Q[i][k] * s;
    }
  }
}
