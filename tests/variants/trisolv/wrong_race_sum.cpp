// WRONG (missing reduction): parallelizes the inner sum with a plain parallel for, so
// threads read-modify-write x[i] at once and partial sums are lost.
#include <vector>
void kernel_trisolv(int n, std::vector<std::vector<double>>& L, std::vector<double>& x,
                    std::vector<double>& b) {
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
#pragma omp parallel for
    for (int j = 0; j < i; j++) x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}
