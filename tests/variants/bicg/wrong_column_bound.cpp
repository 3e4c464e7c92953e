// WRONG (off by one): s is right, but the dot products for q stop at m-1 and drop the
// last column of A.
#include <vector>
void kernel_bicg(int m, int n, std::vector<std::vector<double>>& A, std::vector<double>& s,
                 std::vector<double>& q, std::vector<double>& p, std::vector<double>& r) {
#pragma omp parallel for
  for (int j = 0; j < m; j++) {
    double t = 0.0;
    for (int i = 0; i < n; i++) t += r[i] * A[i][j];
    s[j] = t;
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double t = 0.0;
    for (int j = 0; j < m - 1; j++) t += A[i][j] * p[j];
    q[i] = t;
  }
}
