// WRONG (scratch arrays): keeps the Thomas multipliers and right-hand sides in local
// per-row buffers, which is faster, but leaves p and q unwritten although they are
// outputs of the kernel (they must hold the last row sweep's values).
#include <vector>
void kernel_adi(int tsteps, int n, std::vector<std::vector<double>>& u,
                std::vector<std::vector<double>>& v, std::vector<std::vector<double>>& p,
                std::vector<std::vector<double>>& q) {
  const double DX = 1.0 / n, DY = 1.0 / n, DT = 1.0 / tsteps;
  const double mul1 = 2.0 * DT / (DX * DX), mul2 = 1.0 * DT / (DY * DY);
  const double a = -mul1 / 2.0, b = 1.0 + mul1, c = a;
  const double d = -mul2 / 2.0, e = 1.0 + mul2, f = d;
  for (int t = 1; t <= tsteps; t++) {
#pragma omp parallel for schedule(static)
    for (int i = 1; i < n - 1; i++) {
      std::vector<double> pp(n), qq(n);
      v[0][i] = 1.0;
      pp[0] = 0.0;
      qq[0] = 1.0;
      for (int j = 1; j < n - 1; j++) {
        pp[j] = -c / (a * pp[j - 1] + b);
        qq[j] = (-d * u[j][i - 1] + (1.0 + 2.0 * d) * u[j][i] - f * u[j][i + 1] - a * qq[j - 1]) /
                (a * pp[j - 1] + b);
      }
      v[n - 1][i] = 1.0;
      for (int j = n - 2; j >= 1; j--) v[j][i] = pp[j] * v[j + 1][i] + qq[j];
    }
#pragma omp parallel for schedule(static)
    for (int i = 1; i < n - 1; i++) {
      std::vector<double> pp(n), qq(n);
      u[i][0] = 1.0;
      pp[0] = 0.0;
      qq[0] = 1.0;
      for (int j = 1; j < n - 1; j++) {
        pp[j] = -f / (d * pp[j - 1] + e);
        qq[j] = (-a * v[i - 1][j] + (1.0 + 2.0 * a) * v[i][j] - c * v[i + 1][j] - d * qq[j - 1]) /
                (d * pp[j - 1] + e);
      }
      u[i][n - 1] = 1.0;
      for (int j = n - 2; j >= 1; j--) u[i][j] = pp[j] * u[i][j + 1] + qq[j];
    }
  }
}
