// WRONG (off by one): the inner sum stops at N-2 and never adds the last sample.
#include <cmath>
#include <complex>
#include <vector>
void dft(std::vector<double> const& x, std::vector<std::complex<double>>& output) {
  const size_t N = x.size();
  output.resize(N);
  for (size_t k = 0; k < N; ++k) {
    std::complex<double> sum(0.0, 0.0);
    for (size_t n = 0; n + 1 < N; ++n) {
      const double angle = -2.0 * M_PI * double(k) * double(n) / double(N);
      sum += x[n] * std::complex<double>(std::cos(angle), std::sin(angle));
    }
    output[k] = sum;
  }
}
