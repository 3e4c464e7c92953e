// WRONG (off by one): the dot product stops at i < k-1, dropping the term r[0] * y[k-1]
// (the newest coefficient).
#include <vector>
void kernel_durbin(int n, std::vector<double>& r, std::vector<double>& y) {
  std::vector<double> z(n);
  double alpha = -r[0], beta = 1.0;
  y[0] = -r[0];
  for (int k = 1; k < n; k++) {
    beta = (1.0 - alpha * alpha) * beta;
    double sum = 0.0;
    for (int i = 0; i < k - 1; i++) sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;
    for (int i = 0; i < k; i++) z[i] = y[i] + alpha * y[k - i - 1];
    for (int i = 0; i < k; i++) y[i] = z[i];
    y[k] = alpha;
  }
}
