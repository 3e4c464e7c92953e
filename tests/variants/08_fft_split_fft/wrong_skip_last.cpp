// WRONG (off by one): the split loop stops at N-2, so r[N-1] and i[N-1] are never written.
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
void fft(std::vector<std::complex<double>> const& x, std::vector<double>& r, std::vector<double>& i) {
  std::vector<std::complex<double>> X = x;
  rec(X);
  for (size_t k = 0; k + 1 < X.size(); ++k) {
    r[k] = X[k].real();
    i[k] = X[k].imag();
  }
}
