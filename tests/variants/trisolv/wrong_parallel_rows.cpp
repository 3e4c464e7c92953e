// WRONG (loop-carried dependence): parallelizes the row loop (rows dealt round-robin),
// but x[i] needs every x[j], j < i, which other threads may not have computed yet.
#include <vector>
void kernel_trisolv(int n, std::vector<std::vector<double>>& L, std::vector<double>& x,
                    std::vector<double>& b) {
#pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < n; i++) {
    double t = b[i];
    for (int j = 0; j < i; j++) t -= L[i][j] * x[j];
    x[i] = t / L[i][i];
  }
}
