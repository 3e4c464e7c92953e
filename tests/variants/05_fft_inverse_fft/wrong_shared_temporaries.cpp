// WRONG (data race): iterative inverse FFT with C-style declarations at the top; the
// butterfly temporaries u, v and w are shared by the threads of the parallel group loop.
// Correct with one thread.
#include <cmath>
#include <complex>
#include <vector>
void ifft(std::vector<std::complex<double>>& x) {
  const size_t n = x.size();
  std::complex<double> u, v, w;
  size_t len, g, j;
  for (size_t i = 1, r = 0; i < n; ++i) {
    size_t bit = n >> 1;
    for (; r & bit; bit >>= 1) r ^= bit;
    r ^= bit;
    if (i < r) std::swap(x[i], x[r]);
  }
  for (len = 2; len <= n; len <<= 1) {
#pragma omp parallel for schedule(static) private(j)
    for (g = 0; g < n; g += len) {
      for (j = 0; j < len / 2; ++j) {
        w = std::polar(1.0, 2.0 * M_PI * double(j) / double(len));
        u = x[g + j];
        v = x[g + j + len / 2] * w;
        x[g + j] = u + v;
        x[g + j + len / 2] = u - v;
      }
    }
  }
  for (auto& e : x) e /= double(n);
}
