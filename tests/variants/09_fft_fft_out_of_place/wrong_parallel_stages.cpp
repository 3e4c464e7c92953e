// WRONG (data race): an iterative FFT whose stage loop is parallelized; every stage
// needs the previous stage's results, so threads read values still being written.
// Correct with one thread.
#include <cmath>
#include <complex>
#include <vector>
void fft(std::vector<std::complex<double>> const& x, std::vector<std::complex<double>>& output) {
  const size_t n = x.size();
  output.resize(n);
  unsigned bits = 0;
  while ((size_t(1) << bits) < n) ++bits;
  for (size_t i = 0; i < n; ++i) {
    size_t r = 0;
    for (unsigned b = 0; b < bits; ++b)
      if (i >> b & 1) r |= size_t(1) << (bits - 1 - b);
    output[r] = x[i];
  }
#pragma omp parallel for schedule(static)
  for (unsigned s = 1; s <= bits; ++s) {
    const size_t len = size_t(1) << s, half = len / 2;
    for (size_t g = 0; g < n; g += len)
      for (size_t j = 0; j < half; ++j) {
        const std::complex<double> w = std::polar(1.0, -2.0 * M_PI * double(j) / double(len));
        const std::complex<double> u = output[g + j], v = output[g + j + half] * w;
        output[g + j] = u + v;
        output[g + j + half] = u - v;
      }
  }
}
