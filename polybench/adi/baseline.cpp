#include <vector>

/* adi: alternating-direction implicit (ADI) integration of a 2-D heat equation on an
   n x n grid for tsteps time steps. Each step solves one tridiagonal system per grid
   column (column sweep: u -> v) and then one per grid row (row sweep: v -> u), each by
   the Thomas algorithm: a forward elimination into p (multipliers) and q (right-hand
   sides), then a back substitution. Boundary values are 1. */
void kernel_adi(int tsteps, int n, std::vector<std::vector<double>>& u,
                std::vector<std::vector<double>>& v, std::vector<std::vector<double>>& p,
                std::vector<std::vector<double>>& q) {
  const double DX = 1.0 / n;
  const double DY = 1.0 / n;
  const double DT = 1.0 / tsteps;
  const double B1 = 2.0;
  const double B2 = 1.0;
  const double mul1 = B1 * DT / (DX * DX);
  const double mul2 = B2 * DT / (DY * DY);
  const double a = -mul1 / 2.0;
  const double b = 1.0 + mul1;
  const double c = a;
  const double d = -mul2 / 2.0;
  const double e = 1.0 + mul2;
  const double f = d;

  for (int t = 1; t <= tsteps; t++) {
    // column sweep: for every interior column i, solve along j for v[.][i]
    for (int i = 1; i < n - 1; i++) {
      v[0][i] = 1.0;
      p[i][0] = 0.0;
      q[i][0] = v[0][i];
      for (int j = 1; j < n - 1; j++) {
        p[i][j] = -c / (a * p[i][j - 1] + b);
        q[i][j] = (-d * u[j][i - 1] + (1.0 + 2.0 * d) * u[j][i] - f * u[j][i + 1] -
                   a * q[i][j - 1]) /
                  (a * p[i][j - 1] + b);
      }
      v[n - 1][i] = 1.0;
      for (int j = n - 2; j >= 1; j--) {
        v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
      }
    }
    // row sweep: for every interior row i, solve along j for u[i][.]
    for (int i = 1; i < n - 1; i++) {
      u[i][0] = 1.0;
      p[i][0] = 0.0;
      q[i][0] = u[i][0];
      for (int j = 1; j < n - 1; j++) {
        p[i][j] = -f / (d * p[i][j - 1] + e);
        q[i][j] = (-a * v[i - 1][j] + (1.0 + 2.0 * a) * v[i][j] - c * v[i + 1][j] -
                   d * q[i][j - 1]) /
                  (d * p[i][j - 1] + e);
      }
      u[i][n - 1] = 1.0;
      for (int j = n - 2; j >= 1; j--) {
        u[i][j] = p[i][j] * u[i][j + 1] + q[i][j];
      }
    }
  }
}
