// WRONG (only on some inputs): copies the recursion's "n < 2: nothing to do" guard into
// the top-level function, so for N = 1 r and i are never written (the DFT of one point
// is the point itself).
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
  if (x.size() < 2) return;
  std::vector<std::complex<double>> X = x;
  rec(X);
  for (size_t k = 0; k < X.size(); ++k) {
    r[k] = X[k].real();
    i[k] = X[k].imag();
  }
}
