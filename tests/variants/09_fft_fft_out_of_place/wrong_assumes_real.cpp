// WRONG (only on some inputs): "cleans up" the upper half of the spectrum with the
// Hermitian symmetry output[N-k] = conj(output[k]), which holds only for real input.
#include <cmath>
#include <complex>
#include <vector>
static void rec(std::vector<std::complex<double>>& a) {
  const size_t n = a.size();
  if (n < 2) return;
  std::vector<std::complex<double>> even(n / 2), odd(n / 2);
  for (size_t k = 0; k < n / 2; ++k) {
    even[k] = a[2 * k];
    odd[k] = a[2 * k + 1];
  }
  rec(even);
  rec(odd);
  for (size_t k = 0; k < n / 2; ++k) {
    const std::complex<double> t = std::polar(1.0, -2.0 * M_PI * double(k) / double(n)) * odd[k];
    a[k] = even[k] + t;
    a[k + n / 2] = even[k] - t;
  }
}
void fft(std::vector<std::complex<double>> const& x, std::vector<std::complex<double>>& output) {
  output = x;
  rec(output);
  const size_t n = output.size();
  for (size_t k = 1; k < n / 2; ++k) output[n - k] = std::conj(output[k]);
}
