#include <vector>

// Serial reference for bicg: two rows of A per pass over s. The dot products A[i]*p use
// eight independent partial sums (the baseline's single accumulator q[i] is a dependent
// add chain that blocks vectorization), and both rows' contributions r[i]*A[i][:] are
// added to s in the same vectorized pass, halving s's load/store traffic.
void kernel_bicg(int m, int n, std::vector<std::vector<double>>& A, std::vector<double>& s,
                 std::vector<double>& q, std::vector<double>& p, std::vector<double>& r) {
  double* sp = s.data();
  const double* pp = p.data();
  for (int j = 0; j < m; j++) sp[j] = 0.0;
  int i = 0;
  for (; i + 1 < n; i += 2) {
    const double* a0 = A[i].data();
    const double* a1 = A[i + 1].data();
    const double r0 = r[i], r1 = r[i + 1];
    double q0[8] = {0}, q1[8] = {0};
    int j = 0;
    for (; j + 8 <= m; j += 8)
      for (int u = 0; u < 8; ++u) {
        const double x0 = a0[j + u], x1 = a1[j + u];
        sp[j + u] += r0 * x0 + r1 * x1;
        q0[u] += x0 * pp[j + u];
        q1[u] += x1 * pp[j + u];
      }
    double t0 = 0.0, t1 = 0.0;
    for (int u = 0; u < 8; ++u) {
      t0 += q0[u];
      t1 += q1[u];
    }
    for (; j < m; ++j) {
      sp[j] += r0 * a0[j] + r1 * a1[j];
      t0 += a0[j] * pp[j];
      t1 += a1[j] * pp[j];
    }
    q[i] = t0;
    q[i + 1] = t1;
  }
  for (; i < n; ++i) {
    const double* a0 = A[i].data();
    const double r0 = r[i];
    double t0 = 0.0;
    for (int j = 0; j < m; ++j) {
      sp[j] += r0 * a0[j];
      t0 += a0[j] * pp[j];
    }
    q[i] = t0;
  }
}
