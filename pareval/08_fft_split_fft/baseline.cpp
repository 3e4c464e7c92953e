#include <cmath>
#include <complex>
#include <cstddef>
#include <vector>

/* Compute the discrete Fourier transform of x:
   X[k] = sum over n of x[n] * exp(-2*pi*i*n*k/N), for k = 0..N-1, N = x.size(),
   and store the real parts of X in r and the imaginary parts in i.
   N is a power of two (or 0). r and i arrive already sized to N.
   Example:
   input: [1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]
   output: r: [4, 1, 0, 1, 0, 1, 0, 1] i: [0, -2.41421, 0, -0.414214, 0, 0.414214, 0, 2.41421]
*/

// Recursive radix-2 Cooley-Tukey FFT of a (power-of-two length) vector, in place:
// transform the even- and odd-indexed halves, then combine them with the twiddle factors.
void fft_radix2(std::vector<std::complex<double>>& a) {
  const size_t n = a.size();
  if (n < 2) return;
  std::vector<std::complex<double>> even(n / 2), odd(n / 2);
  for (size_t k = 0; k < n / 2; ++k) {
    even[k] = a[2 * k];
    odd[k] = a[2 * k + 1];
  }
  fft_radix2(even);
  fft_radix2(odd);
  for (size_t k = 0; k < n / 2; ++k) {
    const std::complex<double> t = std::polar(1.0, -2.0 * M_PI * double(k) / double(n)) * odd[k];
    a[k] = even[k] + t;
    a[k + n / 2] = even[k] - t;
  }
}

void fft(std::vector<std::complex<double>> const& x, std::vector<double>& r, std::vector<double>& i) {
  std::vector<std::complex<double>> X = x;
  fft_radix2(X);
  for (size_t k = 0; k < X.size(); ++k) {
    r[k] = X[k].real();
    i[k] = X[k].imag();
  }
}
