// WRONG (only on some inputs): conjugates inside the recursion, at every level (ParEval's
// upstream baseline bug), instead of once at the end. Right only for N <= 2.
#include <cmath>
#include <complex>
#include <vector>
void fftConjugate(std::vector<std::complex<double>>& x) {
  const size_t n = x.size();
  if (n < 2) return;
  std::vector<std::complex<double>> even(n / 2), odd(n / 2);
  for (size_t k = 0; k < n / 2; ++k) {
    even[k] = x[2 * k];
    odd[k] = x[2 * k + 1];
  }
  fftConjugate(even);
  fftConjugate(odd);
  for (size_t k = 0; k < n / 2; ++k) {
    const std::complex<double> t = std::polar(1.0, -2.0 * M_PI * double(k) / double(n)) * odd[k];
    x[k] = std::conj(even[k] + t);
    x[k + n / 2] = std::conj(even[k] - t);
  }
}
