// WRONG (data race / loop-carried dependence): the bit-reversal loop updates the reversed
// index j incrementally from the previous iteration, yet it is split between threads, so
// every thread but the first starts from the wrong j. Correct with one thread.
#include <cmath>
#include <complex>
#include <vector>
void fft(std::vector<std::complex<double>> const& x, std::vector<double>& r, std::vector<double>& i) {
  const size_t n = x.size();
  std::vector<std::complex<double>> a = x;
  size_t j = 0;
#pragma omp parallel for firstprivate(j) schedule(static)
  for (size_t k = 1; k < n; ++k) {
    size_t bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (k < j) std::swap(a[k], a[j]);
  }
  for (size_t len = 2; len <= n; len <<= 1) {
#pragma omp parallel for schedule(static)
    for (size_t g = 0; g < n; g += len)
      for (size_t t = 0; t < len / 2; ++t) {
        const std::complex<double> w = std::polar(1.0, -2.0 * M_PI * double(t) / double(len));
        const std::complex<double> u = a[g + t], v = a[g + t + len / 2] * w;
        a[g + t] = u + v;
        a[g + t + len / 2] = u - v;
      }
  }
  for (size_t k = 0; k < n; ++k) {
    r[k] = a[k].real();
    i[k] = a[k].imag();
  }
}
