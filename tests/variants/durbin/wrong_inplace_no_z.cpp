// WRONG (in-place update): drops the temporary z and writes y[i] while the reversed read
// y[k-1-i] of a later i still needs the old value, so the second half uses updated y.
#include <vector>
void kernel_durbin(int n, std::vector<double>& r, std::vector<double>& y) {
  double alpha = -r[0], beta = 1.0;
  y[0] = -r[0];
  for (int k = 1; k < n; k++) {
    beta = (1.0 - alpha * alpha) * beta;
    double sum = 0.0;
    for (int i = 0; i < k; i++) sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;
    for (int i = 0; i < k; i++) y[i] = y[i] + alpha * y[k - i - 1];
    y[k] = alpha;
  }
}
