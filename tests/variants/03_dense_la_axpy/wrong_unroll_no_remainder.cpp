// WRONG (only on some inputs): unrolled by 4 without a remainder loop, so when n is not a
// multiple of 4 the last n % 4 elements are never written.
#include <vector>
void axpy(double alpha, std::vector<double> const& x, std::vector<double> const& y, std::vector<double>& z) {
  const size_t n = x.size();
  for (size_t i = 0; i + 3 < n; i += 4) {
    z[i] = alpha * x[i] + y[i];
    z[i + 1] = alpha * x[i + 1] + y[i + 1];
    z[i + 2] = alpha * x[i + 2] + y[i + 2];
    z[i + 3] = alpha * x[i + 3] + y[i + 3];
  }
}
