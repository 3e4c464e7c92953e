// WRONG (only right when N is a power of two): a recursive radix-2 FFT that zero-pads x
// to the next power of two, which samples the spectrum at the wrong frequencies otherwise.
#include <cmath>
#include <complex>
#include <vector>
static void fft_rec(std::vector<std::complex<double>>& a) {
  const size_t n = a.size();
  if (n < 2) return;
  std::vector<std::complex<double>> even(n / 2), odd(n / 2);
  for (size_t i = 0; i < n / 2; ++i) { even[i] = a[2 * i]; odd[i] = a[2 * i + 1]; }
  fft_rec(even);
  fft_rec(odd);
  for (size_t k = 0; k < n / 2; ++k) {
    const std::complex<double> t = std::polar(1.0, -2.0 * M_PI * double(k) / double(n)) * odd[k];
    a[k] = even[k] + t;
    a[k + n / 2] = even[k] - t;
  }
}
void dft(std::vector<double> const& x, std::vector<std::complex<double>>& output) {
  const size_t N = x.size();
  size_t L = 1;
  while (L < N) L <<= 1;
  std::vector<std::complex<double>> a(L, 0.0);
  for (size_t i = 0; i < N; ++i) a[i] = x[i];
  fft_rec(a);
  output.resize(N);
  for (size_t k = 0; k < N; ++k) output[k] = a[k];
}
