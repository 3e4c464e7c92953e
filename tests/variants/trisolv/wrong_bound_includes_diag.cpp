// WRONG (off by one): the sum runs over j <= i, so the diagonal term L[i][i]*x[i] is
// subtracted before the division.
#include <vector>
void kernel_trisolv(int n, std::vector<std::vector<double>>& L, std::vector<double>& x,
                    std::vector<double>& b) {
  for (int i = 0; i < n; i++) {
    double t = b[i];
#pragma omp parallel for reduction(- : t)
    for (int j = 0; j <= i; j++) t -= L[i][j] * (j < i ? x[j] : b[i]);
    x[i] = t / L[i][i];
  }
}
