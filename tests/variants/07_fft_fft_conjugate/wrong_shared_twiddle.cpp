// WRONG (data race): iterative FFT whose butterfly groups are split between threads, but
// the running twiddle w is declared outside the parallel loop, so all threads update one
// shared w. Correct with one thread.
#include <cmath>
#include <complex>
#include <vector>
void fftConjugate(std::vector<std::complex<double>>& x) {
  const size_t n = x.size();
  for (size_t i = 1, j = 0; i < n; ++i) {
    size_t bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) std::swap(x[i], x[j]);
  }
  for (size_t len = 2; len <= n; len <<= 1) {
    const std::complex<double> wlen = std::polar(1.0, -2.0 * M_PI / double(len));
    std::complex<double> w;
#pragma omp parallel for schedule(static)
    for (size_t g = 0; g < n; g += len) {
      w = 1.0;
      for (size_t j = 0; j < len / 2; ++j) {
        const std::complex<double> u = x[g + j], v = x[g + j + len / 2] * w;
        x[g + j] = u + v;
        x[g + j + len / 2] = u - v;
        w *= wlen;
      }
    }
  }
  for (auto& v : x) v = std::conj(v);
}
