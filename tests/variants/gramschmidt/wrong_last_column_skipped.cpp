// WRONG (loop bound): stops at k < n-1 because "the last column has nothing left to
// project", but its norm R[n-1][n-1] and Q's last column are then never written.
#include <cmath>
#include <vector>
void kernel_gramschmidt(int m, int n, std::vector<std::vector<double>>& A,
                        std::vector<std::vector<double>>& R,
                        std::vector<std::vector<double>>& Q) {
  for (int k = 0; k < n - 1; k++) {
    double nrm = 0.0;
    for (int i = 0; i < m; i++) nrm += A[i][k] * A[i][k];
    R[k][k] = std::sqrt(nrm);
    for (int i = 0; i < m; i++) Q[i][k] = A[i][k] / R[k][k];
    for (int j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (int i = 0; i < m; i++) R[k][j] += Q[i][k] * A[i][j];
      for (int i = 0; i < m; i++) A[i][j] -= Q[i][k] * R[k][j];
    }
  }
}
