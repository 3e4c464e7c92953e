#include <vector>

/* bicg: the two matrix-vector products of a BiCG step, s := A^T * r and q := A * p.
   A is n x m (a vector of n rows), r has n entries, p has m entries;
   s (m entries) and q (n entries) are outputs. */
void kernel_bicg(int m, int n, std::vector<std::vector<double>>& A, std::vector<double>& s,
                 std::vector<double>& q, std::vector<double>& p, std::vector<double>& r) {
  for (int j = 0; j < m; j++) s[j] = 0.0;
  for (int i = 0; i < n; i++) {
    q[i] = 0.0;
    for (int j = 0; j < m; j++) {
      s[j] += r[i] * A[i][j];
      q[i] += A[i][j] * p[j];
    }
  }
}
