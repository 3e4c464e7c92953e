#include <cmath>
#include <complex>
#include <cstddef>
#include <vector>

/* Compute the inverse discrete Fourier transform of x in place, scaled by 1/N:
   x[n] = (1/N) * sum over k of x[k] * exp(+2*pi*i*n*k/N), for n = 0..N-1, N = x.size().
   N is a power of two (or 0). fft_helper computes the forward transform in place.
   Example:
   input: [1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]
   output: [{0.5,0}, {0.125,0.301777}, {0,0}, {0.125,0.0517767}, {0,0}, {0.125,-0.0517767}, {0,0}, {0.125,-0.301777}]
*/

// In-place forward FFT (recursive radix-2 Cooley-Tukey, N a power of two): transform the
// even- and odd-indexed halves, then combine them with the twiddle factors.
void fft_helper(std::vector<std::complex<double>>& x) {
  const size_t n = x.size();
  if (n < 2) return;
  std::vector<std::complex<double>> even(n / 2), odd(n / 2);
  for (size_t k = 0; k < n / 2; ++k) {
    even[k] = x[2 * k];
    odd[k] = x[2 * k + 1];
  }
  fft_helper(even);
  fft_helper(odd);
  for (size_t k = 0; k < n / 2; ++k) {
    const std::complex<double> t = std::polar(1.0, -2.0 * M_PI * double(k) / double(n)) * odd[k];
    x[k] = even[k] + t;
    x[k + n / 2] = even[k] - t;
  }
}

void ifft(std::vector<std::complex<double>>& x) {
  // ifft(x) = conj(fft(conj(x))) / N
  for (size_t k = 0; k < x.size(); ++k) x[k] = std::conj(x[k]);
  fft_helper(x);
  const double scale = 1.0 / double(x.size());
  for (size_t k = 0; k < x.size(); ++k) x[k] = std::conj(x[k]) * scale;
}
