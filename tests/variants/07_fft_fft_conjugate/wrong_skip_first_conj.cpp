// WRONG (off by one): the conjugation loop starts at index 1, so x[0] is never
// conjugated (visible whenever the sum of the inputs has a nonzero imaginary part).
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
void fftConjugate(std::vector<std::complex<double>>& x) {
  rec(x);
  for (size_t k = 1; k < x.size(); ++k) x[k] = std::conj(x[k]);
}
