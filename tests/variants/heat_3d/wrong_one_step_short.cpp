// WRONG (off by one): the time loop runs t = 1 .. tsteps-1 (PolyBench's loop is
// 1 .. tsteps inclusive), so one time step is missing.
#include <vector>
using T3 = std::vector<std::vector<std::vector<double>>>;
static void half_step(int n, const T3& S, T3& D) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < n - 1; k++)
        D[i][j][k] = 0.125 * (S[i + 1][j][k] - 2.0 * S[i][j][k] + S[i - 1][j][k]) +
                     0.125 * (S[i][j + 1][k] - 2.0 * S[i][j][k] + S[i][j - 1][k]) +
                     0.125 * (S[i][j][k + 1] - 2.0 * S[i][j][k] + S[i][j][k - 1]) + S[i][j][k];
}
void kernel_heat_3d(int tsteps, int n, T3& A, T3& B) {
  for (int t = 1; t < tsteps; t++) {
    half_step(n, A, B);
    half_step(n, B, A);
  }
}
