// WRONG (wrong coefficient): beta must be the running product of (1 - alpha^2); this
// version forgets the previous beta, so every step after the second divides by too much.
#include <vector>
void kernel_durbin(int n, std::vector<double>& r, std::vector<double>& y) {
  std::vector<double> z(n);
  double alpha = -r[0], beta = 1.0;
  y[0] = -r[0];
  for (int k = 1; k < n; k++) {
    beta = 1.0 - alpha * alpha;
    double sum = 0.0;
#pragma omp parallel for reduction(+ : sum)
    for (int i = 0; i < k; i++) sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;
    for (int i = 0; i < k; i++) z[i] = y[i] + alpha * y[k - i - 1];
    for (int i = 0; i < k; i++) y[i] = z[i];
    y[k] = alpha;
  }
}
