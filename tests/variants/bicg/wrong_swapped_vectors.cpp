// WRONG (swapped operands): uses p where r belongs and r where p belongs, over the
// common leading block, as if A were square.
#include <vector>
void kernel_bicg(int m, int n, std::vector<std::vector<double>>& A, std::vector<double>& s,
                 std::vector<double>& q, std::vector<double>& p, std::vector<double>& r) {
  const int k = m < n ? m : n;
#pragma omp parallel for
  for (int j = 0; j < m; j++) {
    double t = 0.0;
    for (int i = 0; i < k; i++) t += p[i] * A[i][j];
    s[j] = t;
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double t = 0.0;
    for (int j = 0; j < k; j++) t += A[i][j] * r[j];
    q[i] = t;
  }
}
