// WRONG (data race / missing reduction): parallelizes the row loop naively, so threads
// read-modify-write the shared s at once and updates are lost; s is also never cleared.
#include <vector>
void kernel_bicg(int m, int n, std::vector<std::vector<double>>& A, std::vector<double>& s,
                 std::vector<double>& q, std::vector<double>& p, std::vector<double>& r) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double t = 0.0;
    for (int j = 0; j < m; j++) {
      s[j] += r[i] * A[i][j];
      t += A[i][j] * p[j];
    }
    q[i] = t;
  }
}
